// The one work path (core/work.ts runTasks) gives the same status semantics on every runner: this
// thread, 1 worker thread and 2, under the same wall-clock timeout — queens count, Monty, the puzzle
// comparison. Done: the same answer everywhere. Stopped by the timeout: status 'timeout' (an abort:
// 'aborted'), a running task answers with its partial result, a task never started has none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { TaskRunner, WorkerPool } from '@searchlab/engine';
import { createNodePool } from '@searchlab/engine/node';
import { countQueens } from '@searchlab/engine/queens';
import { simulateMonty } from '@searchlab/engine/monty';
import { compareHeuristics, goalBoard, parseBoard } from '@searchlab/engine/puzzle';
import { ROOT } from '../support/bundle.js';

// A worker thread needs JavaScript: the engine's build (pnpm test builds it first).
const WORKER = join(ROOT, 'packages/engine/dist/node/worker.js');
const pools: WorkerPool[] = [];
const runners: [string, () => TaskRunner | undefined][] = [
  ['this thread', () => undefined],
  ['1 worker', () => pools[0]],
  ['2 workers', () => pools[1]],
];
beforeAll(() => {
  pools.push(createNodePool({ size: 1, script: WORKER }), createNodePool({ size: 2, script: WORKER }));
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

/** Generous for a loaded machine: the limit is 300 ms; the work must stop well before it would end. */
const LIMIT_MS = 300;
const STOPPED_WITHIN_MS = 5_000;

describe.each(runners)('on %s', (_name, runner) => {
  it('queens count: done → the exact count; a timeout → status timeout, the count so far, soon', async () => {
    const done = await countQueens(10, { runner: runner() });
    expect([done.status, done.solutions]).toEqual(['done', '724']);
    const stopped = await countQueens(22, { runner: runner(), timeoutMs: LIMIT_MS });
    expect(stopped.status).toBe('timeout');
    expect(stopped.timeMs).toBeLessThan(STOPPED_WITHIN_MS);
    expect(BigInt(stopped.solutions)).toBeLessThan(2_691_008_701_644n); // Q(22)
    expect(stopped.nodes).toBeGreaterThan(0); // the running subproblems answered with what they counted
  }, 30_000);

  it('monty: done → the same counts for a seed; a timeout → status timeout with every game played counted; an abort → aborted', async () => {
    const spec = { trials: 3 * (1 << 20) + 5, seed: 9, host: 'ignorant' as const };
    const reference = await simulateMonty(spec);
    const done = await simulateMonty(spec, { runner: runner() });
    expect(done.status).toBe('done');
    expect(done.counters).toEqual(reference.counters);
    const stopped = await simulateMonty({ trials: 1e12, backend: 'ts' }, { runner: runner(), timeoutMs: LIMIT_MS });
    expect(stopped.status).toBe('timeout');
    expect(stopped.timeMs).toBeLessThan(STOPPED_WITHIN_MS);
    expect(stopped.played).toBeGreaterThan(0);
    expect(stopped.results.stay.games + stopped.excluded).toBe(stopped.played);
    const ac = new AbortController();
    const aborted = await simulateMonty({ trials: 1e12, backend: 'ts' }, { runner: runner(), signal: ac.signal, onProgress: () => ac.abort() });
    expect(aborted.status).toBe('aborted');
    expect(aborted.played).toBeGreaterThan(0);
  }, 30_000);

  it('puzzle compare: done → the same table; a timeout → running solves end aborted with their statistics, the others have no result', async () => {
    const goal = goalBoard(3, 3);
    const easy = [parseBoard('1 2 3 4 5 6 0 7 8'), parseBoard('4 1 3 7 2 6 0 5 8')].map((start) => ({ start, goal }));
    const variants = [{ heuristic: 'manhattan' as const }, { heuristic: 'misplaced' as const }];
    const done = await compareHeuristics(easy, variants, {}, { runner: runner() });
    expect(done.results.flat().map((r) => [r.status, r.length, r.stats.expanded])).toEqual([
      ['solved', 2, 2],
      ['solved', 2, 2],
      ['solved', 6, 6],
      ['solved', 6, 6],
    ]);
    const hard = Array.from({ length: 4 }, () => ({ start: parseBoard('14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3'), goal: goalBoard(4, 4, 'blank-first') }));
    const t0 = performance.now();
    const stopped = await compareHeuristics(hard, [{ heuristic: 'manhattan' }], { algorithm: 'bfs', backend: 'ts' }, { runner: runner(), timeoutMs: LIMIT_MS });
    expect(performance.now() - t0).toBeLessThan(STOPPED_WITHIN_MS);
    const answered = stopped.results.map((row) => row[0]).filter((r) => r !== undefined);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(answered.length).toBeLessThanOrEqual(runner()?.width ?? 1);
    for (const r of answered) {
      expect(r.status).toBe('aborted');
      expect(r.stats.expanded).toBeGreaterThan(0);
    }
  }, 30_000);
});
