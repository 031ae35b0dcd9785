// Pattern-database builds on several threads (Node): every entry against the plain TS reference
// builder, byte for byte against the one-thread kernel build, progress, cancellation, and loadPdb
// going through the builder once (then the cache).
import { describe, expect, it } from 'vitest';
import { forgetPdbs, loadPdb, setPdbBuilder, setPdbCache, type PdbCache, type PdbSpec } from '@searchlab/engine/puzzle';
import { MAX_BUILD_THREADS, threadedPdbBuilder } from '@searchlab/engine/node';
import { buildPatternReference, patternDistance } from '../../src/puzzle/pdb.js';

const spec = (width: number, patterns: number[][]): PdbSpec => ({ key: `threads-${width}`, width, height: width, patterns });

describe('the threaded builder', () => {
  const cases: [string, PdbSpec][] = [
    [
      '8-puzzle 4-4',
      spec(3, [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ]),
    ],
    [
      '15-puzzle 3 + 4 tiles',
      spec(4, [
        [13, 14, 15],
        [1, 4, 5, 8],
      ]),
    ],
    ['24-puzzle 3 tiles (32-bit blank masks)', spec(5, [[6, 12, 18]])],
  ];
  for (const [name, s] of cases) {
    it(`${name}: every entry equals the TS reference builder's, on 2 and 3 threads`, async () => {
      for (const threads of [2, 3]) {
        const builder = threadedPdbBuilder(threads);
        for (let p = 0; p < s.patterns.length; p++) {
          const labels = s.patterns[p]!;
          const table = await builder.build(s, p, {});
          const ref = buildPatternReference(s.width, s.height, labels);
          let mismatches = 0;
          for (let r = 0; r < ref.length; r++) if (patternDistance(table, labels, r, s.width, s.width * s.height) !== ref[r]) mismatches++;
          expect(mismatches).toBe(0);
        }
      }
    });
  }

  it('a 6-tile 15-puzzle pattern: the same bytes as the one-thread kernel build, with progress up to every placement', async () => {
    const s = spec(4, [[1, 4, 5, 8, 9, 12]]);
    forgetPdbs();
    setPdbBuilder(undefined);
    const single = (await loadPdb(s)).tables[0]!;
    const seen: number[] = [];
    const table = await threadedPdbBuilder(2).build(s, 0, { onProgress: (p) => seen.push(p.reached) });
    expect(Buffer.from(table).equals(Buffer.from(single))).toBe(true);
    expect(seen.at(-1)).toBe(16 * 15 * 14 * 13 * 12 * 11);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    forgetPdbs();
  });

  it('an abort stops the threads: rejected as aborted, and the next build still works', async () => {
    const s = spec(4, [[1, 4, 5, 8, 9, 12]]);
    const controller = new AbortController();
    const builder = threadedPdbBuilder(2);
    // Aborted at its first progress report: the threads are at work then.
    const pending = builder.build(s, 0, { signal: controller.signal, onProgress: () => controller.abort() });
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    const small = spec(3, [[1, 2, 3]]);
    const ref = buildPatternReference(3, 3, [1, 2, 3]);
    const check = (table: Uint8Array) => ref.every((d, r) => patternDistance(table, [1, 2, 3], r, 3, 9) === d);
    expect(check(await builder.build(small, 0, {}))).toBe(true);
    builder.release!(); // the threads go; the next build starts new ones
    expect(check(await builder.build(small, 0, {}))).toBe(true);
    builder.release!();
  });

  it('loadPdb builds the missing tables with it, caches them, and reads the cache next time', async () => {
    const s = spec(3, [
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    const stored = new Map<string, Uint8Array>();
    const cache: PdbCache = {
      read: async (name, bytes) => (stored.get(name)?.length === bytes ? stored.get(name) : undefined),
      write: async (name, data) => void stored.set(name, data.slice()),
    };
    const inner = threadedPdbBuilder(2);
    let builds = 0;
    setPdbCache(cache);
    setPdbBuilder({
      build: (sp, p, o) => {
        builds++;
        return inner.build(sp, p, o);
      },
    });
    try {
      forgetPdbs();
      const first = await loadPdb(s);
      expect(builds).toBe(2);
      expect(stored.size).toBe(2);
      forgetPdbs();
      const second = await loadPdb(s);
      expect(builds).toBe(2);
      expect(second.tables).toEqual(first.tables);
    } finally {
      setPdbBuilder(undefined);
      setPdbCache(undefined);
      forgetPdbs();
    }
  });

  it('refuses a thread count outside 1..MAX_BUILD_THREADS', () => {
    for (const bad of [0, -1, 1.5, MAX_BUILD_THREADS + 1]) expect(() => threadedPdbBuilder(bad)).toThrow(/threads must be a whole number/);
  });
});
