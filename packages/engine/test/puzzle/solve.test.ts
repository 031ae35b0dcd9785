// The solve facade: seed 001's boards, results and limits (nodes, time, abort), every algorithm sync
// and async, typed errors, and normalizeOptions' defaults and messages.
import { describe, expect, test } from 'vitest';
import { InvalidInputError, UnsupportedError } from '../../src/core/errors.js';
import type { Board } from '../../src/puzzle/types.js';
import { makeHeuristic } from '../../src/puzzle/heuristics.js';
import { solvePuzzle, solvePuzzleSync } from '../../src/puzzle/solve.js';
import { compareHeuristics, summarise } from '../../src/puzzle/compare.js';
import { normalizeOptions } from '../../src/puzzle/options.js';
import { SlidingTileProblem } from '../../src/puzzle/problem.js';
import type { SearchStats } from '../../src/search/types.js';
import type { SolveOptions, SolveResult } from '../../src/puzzle/options.js';
import { board, prng, randomWalk } from '../search/helpers.js';

const TS = { backend: 'ts' } as const;
const BLANK_FIRST = board('0 1 2/3 4 5/6 7 8');
const GOAL = board('1 2 3/4 5 6/7 8 0');

/** Seed 001's three test boards, solved against the blank-first goal; lengths found by BFS. */
const SEED_001: [string, number][] = [
  ['5 7 6/2 4 3/8 1 0', 28],
  ['7 0 8/4 6 1/5 3 2', 25],
  ['2 3 7/1 8 0/6 5 4', 17],
];

describe("seed 001's tests (blank-first goal)", () => {
  for (const [text, optimal] of SEED_001) {
    test(`${text}: ${optimal} moves`, async () => {
      const start = board(text);
      const bfs = await solvePuzzle(start, BLANK_FIRST, { ...TS, algorithm: 'bfs' });
      expect(bfs.status).toBe('solved');
      expect(bfs.length).toBe(optimal);
      for (const heuristic of ['misplaced', 'manhattan', 'linear-conflict'] as const) {
        for (const algorithm of ['astar', 'idastar'] as const) {
          const r = await solvePuzzle(start, BLANK_FIRST, { ...TS, algorithm, heuristic });
          expect(r.length, `${algorithm} ${heuristic}`).toBe(optimal);
          expect(r.moves).toHaveLength(optimal);
        }
      }
      // manhattan dominates misplaced: A* expands no more nodes with it
      const mis = await solvePuzzle(start, BLANK_FIRST, { ...TS, heuristic: 'misplaced' });
      const man = await solvePuzzle(start, BLANK_FIRST, { ...TS, heuristic: 'manhattan' });
      expect(man.stats.expanded).toBeLessThan(mis.stats.expanded);
    });
  }
});

describe('solvePuzzle', () => {
  const start = board('8 6 7/2 5 4/3 0 1'); // 31 moves: the hardest 8-puzzle state

  test('a solved result carries the path, the stats and the options used', async () => {
    const r = await solvePuzzle(board('1 2 3/4 5 6/0 7 8'), GOAL, { ...TS, algorithm: 'astar', heuristic: 'euclidean' });
    expect(r).toMatchObject({
      status: 'solved',
      solvable: true,
      length: 2,
      moves: ['right', 'right'],
      algorithm: 'astar',
      heuristic: 'euclidean',
      backend: 'ts',
    });
    expect(r.stats).toMatchObject({ expanded: 2, iterations: 1 });
    expect(r.trace).toBeUndefined();
    const bfs = await solvePuzzle(board('1 2 3/4 5 6/0 7 8'), GOAL, { ...TS, algorithm: 'bfs' });
    expect(bfs.heuristic).toBeUndefined();
  });

  test('trace: g, h (chosen heuristic, countBlank included) and f = g + h along the path', async () => {
    const s = randomWalk(GOAL, 30, prng(5));
    const r = await solvePuzzle(s, GOAL, { ...TS, heuristic: 'manhattan', countBlank: true, trace: true });
    expect(r.status).toBe('solved');
    const trace = r.trace!;
    expect(trace).toHaveLength(r.length! + 1);
    expect(trace[0]!.board).toEqual(s);
    expect(trace.at(-1)!.board).toEqual(GOAL);
    const h = makeHeuristic('manhattan', GOAL, true);
    trace.forEach((step, g) => {
      expect(step.g).toBe(g);
      expect(step.h).toBe(h(step.board.cells));
      expect(step.f).toBe(step.g + step.h);
    });
    expect(trace.at(-1)!.h).toBe(0);
  });

  test('maxNodes: status limit with the statistics so far', async () => {
    const r = await solvePuzzle(start, GOAL, { ...TS, maxNodes: 100 });
    expect(r.status).toBe('limit');
    expect(r.solvable).toBe(true);
    expect(r.reason).toMatch(/^node limit/);
    expect(r.stats.expanded).toBe(100);
    expect(r.stats.generated).toBeGreaterThan(100);
    expect(r.length).toBeUndefined();
  });

  test('an AbortSignal stops the search between slices; progress is reported', async () => {
    const controller = new AbortController();
    const seen: SearchStats[] = [];
    const big = randomWalk(board('1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0'), 300, prng(1));
    const r = await solvePuzzle(big, board('1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0'), {
      ...TS,
      algorithm: 'bfs',
      maxNodes: 5_000_000,
      signal: controller.signal,
      onProgress: (stats) => {
        seen.push(stats);
        if (seen.length === 2) controller.abort();
      },
    });
    expect(r.status).toBe('aborted');
    expect(seen).toHaveLength(2);
    expect(r.stats.expanded).toBeGreaterThanOrEqual(seen[1]!.expanded);
    expect(r.stats.expanded).toBeGreaterThan(0);

    const before = await solvePuzzle(start, GOAL, { ...TS, signal: AbortSignal.abort() });
    expect(before.status).toBe('aborted');
    expect(before.stats.expanded).toBe(0);
  });

  test('timeoutMs: status limit', async () => {
    const goal15 = board('1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0');
    const big = randomWalk(goal15, 300, prng(2));
    const r = await solvePuzzle(big, goal15, { ...TS, algorithm: 'bfs', timeoutMs: 1, maxNodes: 5_000_000 });
    expect(r.status).toBe('limit');
    expect(r.reason).toMatch(/^timeout/);
  });

  test('an unsolvable pair: status unsolvable, a reason, no search', async () => {
    const r = await solvePuzzle(board('2 1 3/4 5 6/7 8 0'), GOAL, TS);
    expect(r.status).toBe('unsolvable');
    expect(r.solvable).toBe(false);
    expect(r.reason).toMatch(/unsolvable/);
    expect(r.stats).toEqual({ expanded: 0, generated: 0, unique: 0, maxFrontier: 0, iterations: 0, timeMs: 0 });
  });

  test('depth-limited DFS without a solution within the limit: status limit', async () => {
    const r = await solvePuzzle(start, GOAL, { ...TS, algorithm: 'dfs', depthLimit: 8 });
    expect(r.status).toBe('limit');
    expect(r.reason).toMatch(/depth limit 8/);
  });

  test('every algorithm through the facade; sync and async agree', async () => {
    const s = randomWalk(GOAL, 12, prng(9));
    const optimal = (await solvePuzzle(s, GOAL, { ...TS, algorithm: 'bfs' })).length!;
    for (const algorithm of ['bfs', 'dfs', 'iddfs', 'ucs', 'dijkstra', 'greedy', 'astar', 'wastar', 'idastar'] as const) {
      const opts: SolveOptions = { ...TS, algorithm, heuristic: 'linear-conflict', maxNodes: 1_000_000 };
      const a = await solvePuzzle(s, GOAL, opts);
      const b = solvePuzzleSync(s, GOAL, opts);
      expect(a.status, algorithm).toBe('solved');
      expect({ ...b.stats, timeMs: 0 }).toEqual({ ...a.stats, timeMs: 0 });
      expect(b.moves).toEqual(a.moves);
      if (['bfs', 'iddfs', 'ucs', 'dijkstra', 'astar', 'idastar'].includes(algorithm)) expect(a.length, algorithm).toBe(optimal);
      // the moves really solve it
      const p = new SlidingTileProblem(s, GOAL);
      expect(p.isGoal(a.moves!.reduce((st, m) => p.result(st, m), p.initial))).toBe(true);
    }
  });

  test('invalid input and unsupported requests throw typed errors', async () => {
    await expect(solvePuzzle(start, GOAL, { ...TS, algorithm: 'astr' as never })).rejects.toThrow(InvalidInputError);
    await expect(solvePuzzle(start, board('1 2 3/4 5 6/7 8 9'), TS)).rejects.toThrow(InvalidInputError);
    await expect(solvePuzzle(start, GOAL, { algorithm: 'dfs', backend: 'wasm' })).rejects.toThrow(UnsupportedError);
    await expect(solvePuzzle(start, GOAL, { algorithm: 'dfs', backend: 'wasm' })).rejects.toThrow(
      'dfs has no WASM kernel: it runs on the TypeScript reference backend (ts)',
    );
  });
});

describe('normalizeOptions', () => {
  test('defaults', () => {
    expect(normalizeOptions()).toEqual({
      algorithm: 'astar',
      heuristic: 'manhattan',
      pdbReflect: true,
      countBlank: false,
      weight: 2,
      incumbent: Infinity,
      firstThreshold: 0,
      lastThreshold: Infinity,
      depthLimit: 50,
      maxNodes: Infinity,
    });
    expect(normalizeOptions({ heuristic: 'pdb663' })).toMatchObject({ algorithm: 'idastar', heuristic: 'pdb663' });
    expect(normalizeOptions({ heuristic: 'pdb663' })).not.toHaveProperty('pdb');
  });

  test.each([
    [
      { algorithm: 'astr' },
      "unknown algorithm 'astr' (expected one of bfs, dfs, iddfs, ucs, dijkstra, greedy, astar, wastar, idastar, wida, anytime, construct)",
    ],
    [
      { heuristic: 'hamming' },
      "unknown heuristic 'hamming' (expected one of misplaced, manhattan, euclidean, linear-conflict, pdb78, pdb663, pdb555, pdb6666, pdb55554, auto)",
    ],
    [{ heuristic: 'pdb555', algorithm: 'astar' }, 'the pdb555 pattern databases run with idastar, wida, anytime, not astar'],
    [{ heuristic: 'linear-conflict', countBlank: true }, 'countBlank is not allowed with linear-conflict'],
    [{ weight: 0 }, 'weight must be a number ≥ 1 (got 0)'],
    [{ weight: 0.5 }, 'weight must be a number ≥ 1 (got 0.5)'],
    [{ weight: Number.NaN }, 'weight must be a number ≥ 1 (got NaN)'],
    [{ maxNodes: 0 }, 'maxNodes must be a positive integer'],
    [{ maxNodes: 2.5 }, 'maxNodes must be a positive integer'],
    [{ depthLimit: -1 }, 'depthLimit must be a non-negative integer'],
    [{ backend: 'gpu' }, "unknown backend 'gpu' (expected wasm or ts)"],
    [{ timeoutMs: -5 }, 'timeoutMs must be a positive number of milliseconds, got -5'],
  ])('%o → %s', (opts, message) => {
    expect(() => normalizeOptions(opts as SolveOptions)).toThrow(new InvalidInputError(message));
  });
});

test('compareHeuristics: every instance with every variant; means over the boards all variants solved', async () => {
  const instances = SEED_001.map(([t]) => ({ start: board(t), goal: BLANK_FIRST }));
  const variants = [{ heuristic: 'misplaced' as const }, { heuristic: 'manhattan' as const }, { heuristic: 'linear-conflict' as const }];
  const streamed: [number, number][] = [];
  const cmp = await compareHeuristics(instances, variants, TS, { onResult: (i, v) => streamed.push([i, v]) });
  expect(streamed).toEqual(SEED_001.flatMap((_, i) => variants.map((_, v) => [i, v])));
  expect(cmp.results.map((row) => row.map((r) => r.length))).toEqual(SEED_001.map(([, len]) => variants.map(() => len)));
  expect(cmp.commonSolved).toBe(SEED_001.length);
  const meanLength = SEED_001.reduce((a, [, len]) => a + len, 0) / SEED_001.length;
  for (const s of cmp.summary) {
    expect(s.meanLength).toBeCloseTo(meanLength, 12);
    expect(s.solved).toBe(SEED_001.length);
  }
  // Better heuristics expand fewer nodes on these boards (misplaced ≥ manhattan ≥ linear conflict).
  const [mis, man, lc] = cmp.summary.map((s) => s.meanExpanded!);
  expect(mis).toBeGreaterThanOrEqual(man!);
  expect(man).toBeGreaterThanOrEqual(lc!);
});

test('compare summary: a variant that hits a limit leaves its board out of every mean', () => {
  const solved = (length: number, expanded: number) => ({
    status: 'solved',
    length,
    stats: { expanded, generated: 0, unique: 0, maxFrontier: 0, iterations: 1, timeMs: 0 },
  });
  const limit = { status: 'limit', stats: { expanded: 1000, generated: 0, unique: 0, maxFrontier: 0, iterations: 1, timeMs: 0 } };
  const results = [
    [solved(10, 5), solved(10, 3)],
    [limit, solved(30, 50)],
  ] as unknown as SolveResult[][];
  const cmp = summarise(results, [{ heuristic: 'misplaced' }, { heuristic: 'manhattan' }]);
  expect(cmp.commonSolved).toBe(1);
  expect(cmp.summary.map((s) => [s.meanLength, s.meanExpanded, s.solved, s.unsolved])).toEqual([
    [10, 5, 1, { limit: 1 }],
    [10, 3, 2, {}],
  ]);
});
