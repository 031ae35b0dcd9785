// One copy of the pattern databases for every worker thread (issues 22 and 24): a batch and a
// parallel IDA* solve with pdb555 on 2 workers read the tables from one shared memory, counted once
// in the process's memory budget; with a copy per worker the ledger would hold none (each search
// gives back what it took) and fewer threads would read the shared copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTasks, type Task, type WorkerPool } from '@searchlab/engine';
// Internals (not on the entry points): the process's memory ledger and the loaded-tables lookup.
import { processMemory } from '../../packages/engine/src/core/memory.js';
import { pdbIfLoaded } from '../../packages/engine/src/puzzle/pdb-store.js';
import {
  PDB_FORMAT,
  PDB_SPECS,
  forgetPdbs,
  loadPdb,
  pdbTableBytes,
  sharedPdbReaders,
  solvePuzzleParallel,
  type Board,
  type SolveResult,
} from '@searchlab/engine/puzzle';
import { createNodePool, fileCache, useSharedPdbs } from '@searchlab/engine/node';
import { setPdbCache } from '@searchlab/engine/puzzle';
import { ROOT } from '../support/bundle.js';

// vitest runs the engine from source; a worker thread needs JavaScript: the engine's build.
const WORKER = join(ROOT, 'packages/engine/dist/node/worker.js');
const spec = PDB_SPECS.pdb555;
const goal: Board = { width: 4, height: 4, cells: Array.from({ length: 16 }, (_, i) => i) };
const korf = readFileSync(join(ROOT, 'data/korf100.tsv'), 'utf8')
  .split('\n')
  .filter((l) => /^\d/.test(l))
  .map((l) => l.split('\t'));
/** Korf's instance `id`: its board and optimal length. */
const instance = (id: string): { start: Board; optimal: number } => {
  const row = korf.find((r) => r[0] === id)!;
  return { start: { width: 4, height: 4, cells: row[2]!.split(' ').map(Number) }, optimal: Number(row[1]) };
};
const ids = ['97', '47', '9', '79'];

let pool: WorkerPool;
beforeAll(async () => {
  const cache = mkdtempSync(join(tmpdir(), 'searchlab-shared-pdb-'));
  process.env.SEARCHLAB_CACHE_DIR = cache; // the workers' file cache (inherited at their start)
  setPdbCache(fileCache(cache));
  await loadPdb(spec); // built here, once, into the cache (this thread's copy is then dropped)
  forgetPdbs();
  useSharedPdbs(); // this thread's later loads join the workers' copy
  pool = createNodePool({ size: 2, script: WORKER });
}, 600_000);
afterAll(async () => {
  await pool?.close();
  setPdbCache(undefined);
});

describe('pattern databases shared by the worker threads', () => {
  it('a batch on 2 workers: optimal lengths, one copy read by both workers, counted once in the budget', async () => {
    const before = processMemory.reserved;
    const tasks: Task[] = ids.map((id) => ({
      domain: 'puzzle',
      kind: 'solve',
      payload: { start: instance(id).start, goal, spec: { algorithm: 'idastar', heuristic: 'pdb555' } },
    }));
    const work = await runTasks<SolveResult>(tasks, { runner: pool });
    expect(work.status).toBe('done');
    expect(work.results.map((r) => r?.length)).toEqual(ids.map((id) => instance(id).optimal));
    expect(await sharedPdbReaders(spec)).toBe(2);
    // Only the tables are held once the searches are over: once, not per worker.
    const held = processMemory.reserved - before;
    expect(held).toBeGreaterThanOrEqual(pdbTableBytes(spec));
    expect(held).toBeLessThan(pdbTableBytes(spec) + 1024 * spec.patterns.length);
  });

  it('this thread joins the same copy: its tables are views of the shared memory, equal to the cached tables', async () => {
    const before = processMemory.reserved;
    const tables = await loadPdb(spec);
    expect(await sharedPdbReaders(spec)).toBe(3);
    expect(processMemory.reserved).toBe(before);
    const cache = fileCache(process.env.SEARCHLAB_CACHE_DIR!);
    for (const [p, t] of tables.tables.entries()) {
      expect(t.buffer).toBeInstanceOf(SharedArrayBuffer);
      const stored = await cache.read(`pdb${PDB_FORMAT}-4x4-${spec.patterns[p]!.join('.')}`, t.length);
      expect(stored).toBeDefined();
      expect(Buffer.from(t).equals(Buffer.from(stored!))).toBe(true);
    }
    expect(pdbIfLoaded(spec)).toBe(tables);
  });

  it('parallel IDA* on the pool searches its subtrees on the same copy', async () => {
    const before = processMemory.reserved;
    const { start, optimal } = instance('97');
    const r = await solvePuzzleParallel(start, goal, { heuristic: 'pdb555', runner: pool, splitDepth: 3 });
    expect(r.length).toBe(optimal);
    expect(await sharedPdbReaders(spec)).toBe(3); // no thread loaded another copy
    expect(processMemory.reserved).toBe(before);
  });
});
