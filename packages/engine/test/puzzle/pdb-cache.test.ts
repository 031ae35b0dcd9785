// The pattern databases' file cache: written once, read back (straight into the kernel's memory)
// instead of rebuilding, a corrupt or truncated file detected and rebuilt, tables of an older format
// never read and removed once rebuilt, and a too-small memory limit refused with a clear message.
import { mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PDB_SPECS,
  forgetPdbs,
  goalBoard,
  loadPdb,
  randomWalk,
  setPdbCache,
  solvePuzzle,
  type PdbCache,
  type PdbProgress,
  type PdbSpec,
} from '@searchlab/engine/puzzle';
import { fileCache } from '@searchlab/engine/node';

const spec: PdbSpec = {
  key: 'cache-test',
  width: 3,
  height: 3,
  patterns: [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
  ],
};

function counting(inner: PdbCache) {
  const c = { writes: 0, hits: 0 };
  const cache: PdbCache = {
    read: async (name, bytes) => {
      const t = await inner.read(name, bytes);
      if (t) c.hits++;
      return t;
    },
    readInto: async (name, target, digest) => {
      const ok = await inner.readInto!(name, target, digest);
      if (ok) c.hits++;
      return ok;
    },
    has: (name, bytes) => inner.has!(name, bytes),
    remove: (name) => inner.remove!(name),
    write: async (name, data, digest) => {
      c.writes++;
      await inner.write(name, data, digest);
    },
  };
  return { c, cache };
}

afterAll(() => {
  setPdbCache(undefined);
  forgetPdbs();
});

describe('pattern database file cache', () => {
  it('writes each table once, reads it back, and rebuilds a corrupt file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'searchlab-pdb-'));
    const { c, cache } = counting(fileCache(dir));
    setPdbCache(cache);
    forgetPdbs();
    const built = await loadPdb(spec);
    expect(c.writes).toBe(2);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.bin'))
      .sort();
    expect(files).toEqual(['pdb2-3x3-1.2.3.4.bin', 'pdb2-3x3-5.6.7.8.bin']);
    expect(readdirSync(dir).some((f) => f.endsWith('.tmp'))).toBe(false);

    forgetPdbs();
    const read = await loadPdb(spec);
    expect(c.writes).toBe(2);
    expect(c.hits).toBe(2);
    expect(read.tables.map((t) => Array.from(t))).toEqual(built.tables.map((t) => Array.from(t)));

    const victim = join(dir, files[1]!);
    const bytes = readFileSync(victim);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0x11;
    writeFileSync(victim, bytes);
    forgetPdbs();
    const rebuilt = await loadPdb(spec);
    expect(c.writes).toBe(3); // only the corrupt table was built again
    expect(rebuilt.tables.map((t) => Array.from(t))).toEqual(built.tables.map((t) => Array.from(t)));
    forgetPdbs();
    await loadPdb(spec);
    expect(c.writes).toBe(3);

    writeFileSync(victim, bytes.subarray(0, bytes.length - 1)); // truncated
    forgetPdbs();
    const again = await loadPdb(spec);
    expect(c.writes).toBe(4);
    expect(again.tables.map((t) => Array.from(t))).toEqual(built.tables.map((t) => Array.from(t)));
  });

  it('never reads a table of an older format: it is rebuilt, and the old file removed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'searchlab-pdb-'));
    const { c, cache } = counting(fileCache(dir));
    setPdbCache(cache);
    forgetPdbs();
    const fresh = await loadPdb(spec);
    const files = readdirSync(dir).sort();
    // The same bytes under the format-1 names, as an older release would have left them.
    for (const f of files) renameSync(join(dir, f), join(dir, f.replace(/^pdb2-/, 'pdb1-')));
    forgetPdbs();
    const rebuilt = await loadPdb(spec);
    expect(c.writes).toBe(4);
    expect(c.hits).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(files);
    expect(rebuilt.tables.map((t) => Array.from(t))).toEqual(fresh.tables.map((t) => Array.from(t)));
  });

  it('a build reports progress per pattern, placements reached growing to the total', async () => {
    setPdbCache(undefined);
    forgetPdbs();
    const events: PdbProgress[] = [];
    await loadPdb(PDB_SPECS.pdb555, { onProgress: (p) => events.push({ ...p }) });
    expect(events.length).toBeGreaterThan(0);
    for (const [i, e] of events.entries()) {
      expect(e).toMatchObject({ patterns: 3, placements: 524160 });
      expect(e.reached).toBeLessThanOrEqual(e.placements);
      const prev = events[i - 1];
      if (prev && prev.pattern === e.pattern) expect(e.reached).toBeGreaterThanOrEqual(prev.reached);
      if (prev) expect(e.pattern).toBeGreaterThanOrEqual(prev.pattern);
    }
  });

  it('a memory limit smaller than the databases stops with a clear limit', async () => {
    setPdbCache(undefined);
    forgetPdbs();
    const goal = goalBoard(4, 4, 'blank-first');
    const start = randomWalk(goal, 20, 7).board;
    const r = await solvePuzzle(start, goal, { heuristic: 'pdb663', maxMemoryBytes: 4 * 2 ** 20 });
    expect(r.status).toBe('limit');
    expect(r.reason).toMatch(/^memory: the pdb663 pattern databases need \d+ MB to build, more than the memory limit of 4 MB$/);
    const auto = await solvePuzzle(start, goal, { heuristic: 'auto', maxMemoryBytes: 4 * 2 ** 20 });
    expect(auto.heuristic).toBe('pdb555');
    expect(auto.status).toBe('solved');
  });
});
