// Parallel IDA* (contract "Parallel IDA*") against the sequential search: the same optimal length and
// path, and for every iteration before the last the same counters, whatever the number of workers and
// the split depth. The sequential iterations come from the TS reference's idaStar run one iteration at
// a time (first = last = threshold), an independent code path from both the top walk and the subtrees.
import { describe, expect, test } from 'vitest';
import { idaStar, newCounters, runToEnd, type Threshold } from '../../src/search/algorithms.js';
import { solvePuzzle } from '../../src/puzzle/solve.js';
import { planTopTask, searchSubtree, solvePuzzleParallel, type SubtreeTask, type TopTask } from '../../src/puzzle/parallel.js';
import type { Task, TaskOptions } from '../../src/core/pool.js';
import { SlidingTileProblem, tileState, type SlidingTileOptions } from '../../src/puzzle/problem.js';
import { PDB_SPECS } from '../../src/puzzle/pdb.js';
import { forgetPdbs, pdbIfLoaded } from '../../src/puzzle/pdb-store.js';
import { goalBoard, applyMoves } from '../../src/puzzle/board.js';
import type { HeuristicName } from '../../src/puzzle/options.js';
import type { Board } from '../../src/puzzle/types.js';
import type { IterationProgress, IterationReport } from '../../src/search/parallel-ida.js';
import { board, prng, randomWalk } from '../search/helpers.js';

interface Iteration {
  threshold: number;
  expanded: number;
  generated: number;
  next: number;
}

/** The sequential run's iterations, each run alone from the start (TS reference). */
function sequentialIterations(start: Board, goal: Board, heuristic: SlidingTileOptions['heuristic']): Iteration[] {
  const problem = new SlidingTileProblem(start, goal, { heuristic });
  const list: Iteration[] = [];
  let t = problem.h(problem.initial);
  for (;;) {
    const counters = newCounters();
    const threshold: Threshold = { value: NaN };
    const out = runToEnd(idaStar(problem, {}, counters, undefined, threshold, undefined, { first: t, last: t }));
    list.push({ threshold: t, expanded: counters.expanded, generated: counters.generated, next: out.kind === 'found' ? NaN : threshold.value });
    if (out.kind === 'found') return list;
    t = threshold.value;
  }
}

const BLANK_LAST_8 = goalBoard(3, 3, 'blank-last');
const GOAL_15 = goalBoard(4, 4, 'blank-last');
const rand = prng(2024);
const EIGHT = [board('8 6 7/2 5 4/3 0 1'), board('6 4 7/8 5 0/3 2 1'), randomWalk(BLANK_LAST_8, 60, rand)];
const FIFTEEN = [randomWalk(GOAL_15, 70, rand), randomWalk(GOAL_15, 90, rand)];

function checkAgainstSequential(iterations: IterationReport[], sequential: Iteration[]): void {
  expect(iterations.length).toBe(sequential.length);
  for (let i = 0; i < iterations.length - 1; i++) {
    const p = iterations[i]!,
      s = sequential[i]!;
    expect({ t: p.threshold, e: p.expanded, g: p.generated, next: p.next }).toEqual({ t: s.threshold, e: s.expanded, g: s.generated, next: s.next });
  }
  const last = iterations.at(-1)!,
    s = sequential.at(-1)!;
  expect(last.threshold).toBe(s.threshold);
  // The last iteration stops early: at least what the sequential run did up to its goal (contract).
  expect(last.expanded).toBeGreaterThanOrEqual(s.expanded);
}

describe('parallel IDA* against the sequential search', () => {
  const cases: [string, Board, Board, HeuristicName][] = [
    ...EIGHT.map((b, i): [string, Board, Board, HeuristicName] => [`8-puzzle #${i + 1}`, b, BLANK_LAST_8, 'manhattan']),
    ...FIFTEEN.map((b, i): [string, Board, Board, HeuristicName] => [`15-puzzle #${i + 1}`, b, GOAL_15, 'linear-conflict']),
  ];
  for (const [name, start, goal, heuristic] of cases) {
    test(`${name}: 1, 2, 3, 7 workers at split depths 1, 3, 5 and auto, both backends`, async () => {
      const sequential = sequentialIterations(start, goal, heuristic);
      const seq = await solvePuzzle(start, goal, { algorithm: 'idastar', heuristic });
      expect(seq.status).toBe('solved');
      for (const backend of ['wasm', 'ts'] as const) {
        for (const width of [1, 2, 3, 7]) {
          for (const splitDepth of [1, 3, 5, undefined]) {
            if (backend === 'ts' && (width === 3 || splitDepth === 3)) continue; // the TS reference is slow: a sample
            // Auto with every iteration split (minSplitNodes 0): the default runs these small iterations whole.
            const r = await solvePuzzleParallel(start, goal, {
              algorithm: 'idastar',
              heuristic,
              backend,
              width,
              splitDepth,
              minSplitNodes: 0,
              minSubtreeNodes: 0,
            });
            const where = `${backend}, ${width} workers, split ${splitDepth ?? 'auto'}`;
            expect(r.status, where).toBe('solved');
            expect(r.length, where).toBe(seq.length);
            // The goal first in depth-first order: the sequential run's own path.
            expect(r.moves, where).toEqual(seq.moves);
            checkAgainstSequential(r.parallel!.iterations, sequential);
            const sumExpanded = r.parallel!.iterations.reduce((a, it) => a + it.expanded, 0);
            expect(r.stats.expanded).toBe(sumExpanded);
            expect(r.stats.iterations).toBe(sequential.length);
            // The path solves the board, and the subtree it names is a prefix of it.
            expect(applyMoves(start, r.moves!).cells).toEqual(goal.cells);
            const { path } = r.parallel!.foundIn!;
            expect(r.moves!.slice(0, path.length)).toEqual(path);
          }
        }
      }
    });
  }

  test('an auto split gives at least 8 subtrees per worker once the tree is deep enough', async () => {
    const r = await solvePuzzleParallel(FIFTEEN[1]!, GOAL_15, { heuristic: 'manhattan', width: 4, minSplitNodes: 0, minSubtreeNodes: 0 });
    const full = r.parallel!.iterations.slice(0, -1).filter((it) => it.expanded > 10_000);
    expect(full.length).toBeGreaterThan(0);
    for (const it of full) expect(it.subtrees).toBeGreaterThanOrEqual(32);
  });

  test("auto: subtrees big in the previous iteration are cut deeper, and the counters stay the sequential run's", async () => {
    const start = FIFTEEN[1]!;
    const sequential = sequentialIterations(start, GOAL_15, 'manhattan');
    const depths = new Map<number, number[]>(); // threshold → the subtrees' root depths
    const r = await solvePuzzleParallel(start, GOAL_15, {
      heuristic: 'manhattan',
      width: 2,
      minSplitNodes: 50_000, // the first iterations run whole
      minSubtreeNodes: 0,
      runner: {
        width: 2,
        run<R>(task: Task, opts?: TaskOptions): Promise<R> {
          const { threshold, path } = task.payload as SubtreeTask;
          depths.set(threshold, [...(depths.get(threshold) ?? []), path.length]);
          return searchSubtree(task.payload as SubtreeTask, { signal: opts?.signal ?? new AbortController().signal, progress: () => undefined }) as Promise<R>;
        },
        close: async () => undefined,
      },
    });
    expect(r.moves).toEqual((await solvePuzzle(start, GOAL_15, { algorithm: 'idastar', heuristic: 'manhattan' })).moves);
    checkAgainstSequential(r.parallel!.iterations, sequential);
    // Every split iteration cut part of its tree below its split depth: the first one after the whole
    // iterations too (by the whole tree's size, shared by 2 per level), not only those after a split one.
    const its = r.parallel!.iterations;
    const split = its.filter((it) => it.splitDepth > 0);
    expect(split.length).toBeGreaterThan(1);
    expect(its[its.indexOf(split[0]!) - 1]!.splitDepth).toBe(0);
    for (const it of split) expect(Math.max(...depths.get(it.threshold)!), `iteration ${it.iteration}`).toBeGreaterThan(it.splitDepth);
  });

  test('progress says where each iteration stands: its threshold and split, subtrees done of all', async () => {
    const seen: IterationProgress[] = [];
    const r = await solvePuzzleParallel(FIFTEEN[1]!, GOAL_15, {
      heuristic: 'manhattan',
      width: 3,
      minSplitNodes: 0,
      minSubtreeNodes: 0,
      onProgress: (_, at) => seen.push({ ...at! }),
    });
    const its = r.parallel!.iterations;
    for (const it of its) {
      const mine = seen.filter((at) => at.iteration === it.iteration);
      expect(mine.length).toBeGreaterThan(0);
      for (const at of mine) expect([at.threshold, at.splitDepth]).toEqual([it.threshold, it.splitDepth]);
      // Done only grows, and never past the iteration's subtrees.
      const done = mine.map((at) => at.done);
      expect(done).toEqual([...done].sort((a, b) => a - b));
      expect(mine[0]!.done).toBe(0);
      expect(Math.max(...done)).toBeLessThanOrEqual(mine[0]!.subtrees);
    }
    // A full iteration ends with every subtree done (all of them were searched).
    for (const it of its.slice(0, -1))
      expect(seen.filter((at) => at.iteration === it.iteration).at(-1)).toMatchObject({ done: it.subtrees, subtrees: it.subtrees });
  });

  test('auto: iterations expected below minSplitNodes are one subtree (split depth 0), the others split', async () => {
    const r = await solvePuzzleParallel(FIFTEEN[1]!, GOAL_15, { heuristic: 'manhattan', width: 2, minSplitNodes: 50_000, minSubtreeNodes: 0 });
    const its = r.parallel!.iterations;
    expect(its[0]!.splitDepth).toBe(0);
    expect(its.some((it) => it.splitDepth === 0 && it.subtrees === 1 && it.iteration > 1)).toBe(true);
    expect(its.some((it) => it.splitDepth > 0 && it.subtrees >= 16)).toBe(true);
    expect(r.moves).toEqual((await solvePuzzle(FIFTEEN[1]!, GOAL_15, { algorithm: 'idastar', heuristic: 'manhattan' })).moves);
  });

  test('remoteTops: the tops, the first threshold and the whole iterations are tasks; the same plan and counters as walked here', async () => {
    forgetPdbs();
    const sent: { kind: string; depth?: number; threshold: number; loaded: boolean }[] = [];
    const runner = {
      width: 2,
      async run<R>(task: { kind: string; payload: unknown }, opts: { signal?: AbortSignal } = {}): Promise<R> {
        const ctx = { signal: opts.signal ?? new AbortController().signal, progress: () => undefined };
        const loaded = pdbIfLoaded(PDB_SPECS.pdb555) !== undefined;
        if (task.kind === 'top') {
          const t = task.payload as TopTask;
          sent.push({ kind: 'top', threshold: t.request.threshold, loaded });
          // Through JSON, as a queue's job and answer travel.
          return JSON.parse(JSON.stringify(await planTopTask(JSON.parse(JSON.stringify(t)), ctx))) as R;
        }
        const t = task.payload as SubtreeTask;
        sent.push({ kind: 'subtree', depth: t.path.length, threshold: t.threshold, loaded });
        return (await searchSubtree(t, ctx)) as R;
      },
      close: async () => undefined,
    };
    const options = { heuristic: 'pdb555' as const, width: 2, minSplitNodes: 2_000, minSubtreeNodes: 0, runner };
    const r = await solvePuzzleParallel(FIFTEEN[1]!, GOAL_15, { ...options, remoteTops: true });
    // The probe (the start at threshold −1) came first, before this thread had any table.
    expect(sent[0]).toEqual({ kind: 'subtree', depth: 0, threshold: -1, loaded: false });
    const its = r.parallel!.iterations;
    expect(its[0]!.threshold).toBe(new SlidingTileProblem(FIFTEEN[1]!, GOAL_15, { heuristic: 'pdb555' }).h(tileState(FIFTEEN[1]!)));
    const split = its.filter((it) => it.splitDepth > 0);
    expect(split.length).toBeGreaterThan(0);
    expect(its.length - split.length).toBeGreaterThan(1);
    // A top task per split iteration; a task with the start as its root per whole one.
    expect(sent.filter((t) => t.kind === 'top').map((t) => t.threshold)).toEqual(split.map((it) => it.threshold));
    expect(
      sent
        .slice(1)
        .filter((t) => t.depth === 0)
        .map((t) => t.threshold),
    ).toEqual(its.filter((it) => it.splitDepth === 0).map((it) => it.threshold));
    checkAgainstSequential(its, sequentialIterations(FIFTEEN[1]!, GOAL_15, 'pdb555'));
    // The tops planned on the runner are the ones planned here: the same split, subtrees and counters.
    const here = await solvePuzzleParallel(FIFTEEN[1]!, GOAL_15, options);
    const plan = (list: IterationReport[]) =>
      list.map(({ threshold, splitDepth, subtrees, expanded, generated, next }) => ({ threshold, splitDepth, subtrees, expanded, generated, next }));
    expect(plan(its)).toEqual(plan(here.parallel!.iterations));
    expect(r.moves).toEqual(here.moves);
    expect(r.moves).toEqual((await solvePuzzle(FIFTEEN[1]!, GOAL_15, { algorithm: 'idastar', heuristic: 'pdb555' })).moves);
    await expect(solvePuzzleParallel(FIFTEEN[1]!, GOAL_15, { ...options, remoteTops: 'yes' as never })).rejects.toThrow(/remoteTops/);
    await expect(solvePuzzleParallel(FIFTEEN[1]!, GOAL_15, { ...options, runner: undefined, remoteTops: true })).rejects.toThrow(/remoteTops needs a runner/);
  });

  test('minSubtreeNodes bounds the cut of big subtrees too: none is cut into parts expected below it', async () => {
    const depths = async (minSubtreeNodes: number): Promise<number[]> => {
      const seen: number[] = [];
      const runner = {
        width: 2,
        async run<R>(task: { payload: unknown }, opts: { signal?: AbortSignal } = {}): Promise<R> {
          seen.push((task.payload as { path: unknown[] }).path.length);
          return (await searchSubtree(task.payload as never, { signal: opts.signal ?? new AbortController().signal, progress: () => undefined })) as R;
        },
        close: async () => undefined,
      };
      const r = await solvePuzzleParallel(FIFTEEN[1]!, GOAL_15, { heuristic: 'manhattan', width: 2, splitDepth: 2, minSubtreeNodes, runner });
      expect(r.moves).toEqual((await solvePuzzle(FIFTEEN[1]!, GOAL_15, { algorithm: 'idastar', heuristic: 'manhattan' })).moves);
      return seen;
    };
    expect(Math.max(...(await depths(0)))).toBeGreaterThan(2); // big subtrees were cut below the split depth
    expect(new Set(await depths(1e12))).toEqual(new Set([2])); // no part would be worth a job
  });

  test('a node limit stops every subtree: status limit, the counters so far', async () => {
    const r = await solvePuzzleParallel(FIFTEEN[1]!, GOAL_15, { heuristic: 'manhattan', width: 3, maxNodes: 5000 });
    expect(r.status).toBe('limit');
    expect(r.stats.expanded).toBeGreaterThanOrEqual(5000);
    expect(r.stats.expanded).toBeLessThan(5000 * 4);
  });

  test('an abort stops every subtree: each running one answers stopped and no other starts', async () => {
    const start = board('14 13 15 7/11 12 9 5/6 0 2 1/4 8 10 3'); // Korf's #1: ~10^8 nodes with Manhattan
    const controller = new AbortController();
    const started: number[] = [];
    const stoppedAfter: number[] = [];
    let running = 0;
    let startedAtAbort = -1;
    const r = await solvePuzzleParallel(start, goalBoard(4, 4, 'blank-first'), {
      heuristic: 'manhattan',
      width: 3,
      signal: controller.signal,
      minSplitNodes: 0,
      minSubtreeNodes: 0,
      runner: {
        width: 3,
        async run<R>(task: { payload: unknown }, opts: { signal?: AbortSignal; onProgress?: (p: unknown) => void } = {}): Promise<R> {
          started.push(running++);
          const signal = opts.signal ?? new AbortController().signal;
          // Abort from inside a running subtree (its first progress report, once 10 have started).
          const progress = (p: unknown): void => {
            opts.onProgress?.(p);
            if (started.length >= 10 && !controller.signal.aborted) {
              startedAtAbort = started.length;
              controller.abort();
            }
          };
          const answer = await searchSubtree(task.payload as never, { signal, progress });
          running--;
          if (signal.aborted) stoppedAfter.push(answer.counters.expanded);
          return answer as R;
        },
        close: async () => undefined,
      },
    });
    expect(r.status).toBe('aborted');
    expect(running).toBe(0);
    expect(stoppedAfter.length).toBeGreaterThan(0);
    expect(Math.max(...started)).toBeLessThanOrEqual(2);
    expect(started.length).toBe(startedAtAbort); // none started after the abort
    expect(r.stats.expanded).toBeGreaterThan(0);
  });
});

describe('subtree searches: the WASM kernel against its TS twin', () => {
  test('every subtree of 8- and 15-puzzle iterations: same outcome, next threshold and counters', async () => {
    const cases: [Board, Board, HeuristicName][] = [
      [EIGHT[0]!, BLANK_LAST_8, 'manhattan'],
      [EIGHT[1]!, BLANK_LAST_8, 'misplaced'],
      [EIGHT[2]!, BLANK_LAST_8, 'euclidean'],
      [FIFTEEN[0]!, GOAL_15, 'linear-conflict'],
      [FIFTEEN[1]!, GOAL_15, 'manhattan'],
    ];
    let compared = 0;
    for (const [start, goal, heuristic] of cases) {
      const problem = new SlidingTileProblem(start, goal, { heuristic });
      const t0 = problem.h(problem.initial);
      for (const threshold of [t0, t0 + 2, t0 + 4]) {
        // Roots: every node two moves from the start.
        for (const a of problem.actions(problem.initial)) {
          const s1 = problem.result(problem.initial, a);
          for (const b of problem.actions(s1)) {
            if (problem.isInverse(b, a)) continue;
            const task = { start, goal, path: [a, b], threshold, maxNodes: null };
            const ctx = { signal: new AbortController().signal, progress: () => undefined };
            const wasm = await searchSubtree({ ...task, spec: { algorithm: 'idastar', heuristic } }, ctx);
            const ts = await searchSubtree({ ...task, spec: { algorithm: 'idastar', heuristic, backend: 'ts' } }, ctx);
            expect(wasm, `${heuristic} ${a},${b} at ${threshold}`).toEqual(ts);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(30);
  });

  test('node limits inside a subtree agree', async () => {
    const start = FIFTEEN[1]!;
    const problem = new SlidingTileProblem(start, GOAL_15, { heuristic: 'manhattan' });
    const t = problem.h(problem.initial) + 12;
    const a = problem.actions(problem.initial)[0]!;
    const ctx = { signal: new AbortController().signal, progress: () => undefined };
    for (const maxNodes of [1, 7, 333]) {
      const task = { start, goal: GOAL_15, path: [a], threshold: t, maxNodes };
      const wasm = await searchSubtree({ ...task, spec: { algorithm: 'idastar', heuristic: 'manhattan' } }, ctx);
      const ts = await searchSubtree({ ...task, spec: { algorithm: 'idastar', heuristic: 'manhattan', backend: 'ts' } }, ctx);
      expect(wasm).toEqual(ts);
      expect(wasm.outcome).toBe('node-limit');
      expect(wasm.counters.expanded).toBe(maxNodes);
    }
  });
});
