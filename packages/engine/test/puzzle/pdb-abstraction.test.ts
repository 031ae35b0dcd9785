// The abstraction every pattern-database builder must compute (docs/contracts/pdb.md, "Entries"),
// checked entry by entry against a breadth-first search of the abstract space written here apart
// from the builders: states (cells of the pattern's tiles, blank cell), the blank stepping onto a
// free cell for 0 and swapping with a pattern tile for 1, the goal the goal placement with the blank
// in the region of its goal cell (cell 0) only. Patterns whose tiles wall cell 0 off are included:
// there the old seeding (the blank in every free region) gives lower entries, and the test says so.
import { describe, expect, it } from 'vitest';
import { forgetPdbs, loadPdb, setPdbBuilder, setPdbCache, type PdbSpec } from '@searchlab/engine/puzzle';
import { threadedPdbBuilder } from '@searchlab/engine/node';
import { buildPatternReference } from '../../src/puzzle/pdb.js';

interface Board {
  width: number;
  height: number;
}

const neighbours = ({ width, height }: Board, c: number): number[] => {
  const r = Math.floor(c / width),
    q = c % width,
    out: number[] = [];
  if (r > 0) out.push(c - width);
  if (r < height - 1) out.push(c + width);
  if (q > 0) out.push(c - 1);
  if (q < width - 1) out.push(c + 1);
  return out;
};

/** The contract's rank of a placement (cells of the labels in ascending label order), written out again. */
function rank(cells: readonly number[], n: number): number {
  let r = 0;
  cells.forEach((q, i) => {
    r = r * (n - i) + q - cells.slice(0, i).filter((x) => x < q).length;
  });
  return r;
}

/**
 * Fewest pattern-tile moves from each placement (keyed by its cells joined) to the goal, by 0-1 BFS
 * backwards from the goal states; `everyRegion` seeds the blank on every free cell instead (the old,
 * weaker seeding), to show that the walled cases tell the two apart.
 */
function abstractDistances(board: Board, labels: readonly number[], everyRegion = false): Map<string, number> {
  const n = board.width * board.height;
  const key = (cells: readonly number[], blank: number): string => `${cells.join(',')}|${blank}`;
  const dist = new Map<string, number>();
  const deque: [number[], number, number][] = [];
  const seeds = everyRegion ? Array.from({ length: n }, (_, c) => c).filter((c) => !labels.includes(c)) : [0];
  for (const b of seeds) {
    dist.set(key(labels, b), 0);
    deque.push([[...labels], b, 0]);
  }
  let head = 0;
  const front: [number[], number, number][] = [];
  while (front.length > 0 || head < deque.length) {
    const [cells, blank, d] = front.length > 0 ? front.pop()! : deque[head++]!;
    if (dist.get(key(cells, blank))! < d) continue;
    for (const q of neighbours(board, blank)) {
      const i = cells.indexOf(q);
      const next = i < 0 ? cells : cells.map((c, j) => (j === i ? blank : c));
      const cost = i < 0 ? 0 : 1;
      const k = key(next, q);
      const old = dist.get(k);
      if (old !== undefined && old <= d + cost) continue;
      dist.set(k, d + cost);
      if (cost === 0) front.push([next, q, d]);
      else deque.push([next, q, d + 1]);
    }
  }
  const best = new Map<string, number>();
  for (const [k, d] of dist) {
    const cells = k.slice(0, k.indexOf('|'));
    const had = best.get(cells);
    if (had === undefined || d < had) best.set(cells, d);
  }
  return best;
}

const manhattan = (board: Board, labels: readonly number[], cells: readonly number[]): number =>
  labels.reduce(
    (s, l, i) => s + Math.abs(Math.floor(l / board.width) - Math.floor(cells[i]! / board.width)) + Math.abs((l % board.width) - (cells[i]! % board.width)),
    0,
  );

/** Placements of the pattern whose stored entry (or reference distance) disagrees with the BFS. */
function mismatches(board: Board, labels: readonly number[], truth: Map<string, number>, entryOf: (rank: number) => number): number {
  const n = board.width * board.height;
  let bad = 0;
  for (const [k, d] of truth) {
    const cells = k.split(',').map(Number);
    const want = Math.min(15, (d - manhattan(board, labels, cells)) / 2);
    if (entryOf(rank(cells, n)) !== want) bad++;
  }
  return bad;
}

const nibble = (table: Uint8Array, r: number): number => (table[r >> 1]! >> ((r & 1) << 2)) & 15;

// [width, height, pattern, whether its tiles wall off cell 0]
const CASES: [number, number, number[], boolean][] = [
  [3, 3, [1, 3], true],
  [3, 3, [1, 3, 4], true],
  [3, 3, [1, 2, 3, 5, 7], true],
  [3, 3, [2, 5, 8], false],
  [3, 3, [4, 5, 6, 7, 8], false],
  [4, 3, [1, 4, 6], true],
  [4, 3, [1, 2, 4, 5], true],
  [4, 3, [7, 10, 11], false],
  [3, 4, [1, 3, 7], true],
  [3, 4, [1, 2, 3, 4], true],
  [3, 4, [9, 10, 11], false],
];

describe('pattern databases compute the abstraction of the contract (independent BFS)', () => {
  const cases = CASES.map(([width, height, labels, walled]) => ({
    board: { width, height },
    labels,
    walled,
    truth: abstractDistances({ width, height }, labels),
  }));
  const name = (c: (typeof cases)[number]): string => `${c.board.width}x${c.board.height} [${c.labels.join(' ')}]${c.walled ? ' (walls off cell 0)' : ''}`;

  it('the walled cases are the ones where seeding every free region gives other entries', () => {
    for (const c of cases) {
      const old = abstractDistances(c.board, c.labels, true);
      const differs = [...c.truth].some(([k, d]) => old.get(k) !== d);
      expect(differs, name(c)).toBe(c.walled);
    }
  });

  it('the TS reference builder', () => {
    for (const c of cases) {
      const ref = buildPatternReference(c.board.width, c.board.height, c.labels);
      const n = c.board.width * c.board.height;
      // the reference gives distances: compare them as entries
      expect(
        mismatches(c.board, c.labels, c.truth, (r) => {
          const cells: number[] = [];
          const used = new Set<number>();
          let rest = r;
          const digits = c.labels
            .map((_, i) => n - i)
            .reverse()
            .map((radix) => {
              const d = rest % radix;
              rest = Math.floor(rest / radix);
              return d;
            })
            .reverse();
          for (const d of digits) {
            let q = 0;
            for (let left = d; ; q++) if (!used.has(q) && left-- === 0) break;
            used.add(q);
            cells.push(q);
          }
          return Math.min(15, (ref[r]! - manhattan(c.board, c.labels, cells)) / 2);
        }),
        name(c),
      ).toBe(0);
      expect(Array.from(ref).filter((d) => d >= 0).length, name(c)).toBe(c.truth.size);
    }
  });

  it('the WASM kernel build (one thread)', async () => {
    setPdbCache(undefined);
    setPdbBuilder(undefined);
    for (const c of cases) {
      forgetPdbs();
      const spec: PdbSpec = { key: 'abstraction', ...c.board, patterns: [c.labels] };
      const table = (await loadPdb(spec)).tables[0]!;
      expect(
        mismatches(c.board, c.labels, c.truth, (r) => nibble(table, r)),
        name(c),
      ).toBe(0);
    }
    forgetPdbs();
  });

  it('the threaded WASM build (2 threads)', async () => {
    const builder = threadedPdbBuilder(2);
    try {
      for (const c of cases) {
        const table = await builder.build({ key: 'abstraction', ...c.board, patterns: [c.labels] }, 0, {});
        expect(
          mismatches(c.board, c.labels, c.truth, (r) => nibble(table, r)),
          name(c),
        ).toBe(0);
      }
    } finally {
      builder.release!();
    }
  });
});
