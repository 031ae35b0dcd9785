// The step API against the solver: the events of every algorithm imply the solver's own counters
// (expanded = select events, generated = generate events, the end event's unique / maxFrontier /
// iterations) and the same path, on every 8-puzzle board of depth ≤ 12 (best-first algorithms and
// IDA*), every board to depth 8 / 6 and a seeded sample deeper (BFS/UCS, DFS/IDDFS), walled boards
// and node limits. The solver is the WASM kernel where one exists, else the TS reference.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadKernels } from '../../src/core/kernels.js';
import { solvePuzzleSync } from '../../src/puzzle/solve.js';
import { puzzleSteps, type PuzzleStepOptions } from '../../src/puzzle/steps.js';
import { depthLayers } from '../../src/puzzle/depth.js';
import { goalBoard } from '../../src/puzzle/board.js';
import { nextStep, type StepAlgorithm, type StepEvent } from '../../src/search/steps.js';
import type { TileState } from '../../src/puzzle/problem.js';
import type { Board, Move } from '../../src/puzzle/types.js';
import type { HeuristicName } from '../../src/puzzle/options.js';
import { board, prng, randomWalk } from './helpers.js';

const GOAL = goalBoard(3, 3);
const HEURISTICS: HeuristicName[] = ['misplaced', 'manhattan', 'linear-conflict'];

beforeAll(async () => {
  await loadKernels();
});

function drain(start: Board, goal: Board, options: PuzzleStepOptions) {
  const steps = puzzleSteps(start, goal, options);
  let selects = 0;
  let generates = 0;
  let last: StepEvent<TileState, Move> | undefined;
  let path: readonly Move[] | undefined;
  for (const e of steps.events) {
    if (e.kind === 'select') selects++;
    if (e.kind === 'generate') generates++;
    if (e.kind === 'goal') path = e.path;
    last = e;
  }
  if (last?.kind !== 'end') throw new Error('the events did not end with an end event');
  return { selects, generates, end: last, path };
}

/** The events' counters and path against the solver's, for one board. */
function agree(start: Board, goal: Board, options: PuzzleStepOptions): void {
  const ev = drain(start, goal, options);
  const solved = solvePuzzleSync(start, goal, { ...options, heuristic: options.heuristic ?? 'manhattan' });
  const { timeMs: _t, ...stats } = solved.stats;
  const where = `${options.algorithm}/${options.heuristic} on ${start.cells.join(' ')}`;
  expect(ev.selects, where).toBe(stats.expanded);
  expect(ev.generates, where).toBe(stats.generated);
  expect(ev.end.counters, where).toEqual(stats);
  if (solved.status === 'solved') {
    expect(ev.end.outcome, where).toBe('found');
    expect(ev.path, where).toEqual(solved.moves);
  } else {
    expect(ev.end.outcome, where).toBe(options.algorithm === 'dfs' && solved.status === 'limit' && options.maxNodes === undefined ? 'exhausted' : 'node-limit');
  }
}

const boardsToDepth = (max: number): Board[] =>
  depthLayers(GOAL)
    .slice(0, max + 1)
    .flat()
    .map((key) => ({ width: 3, height: 3, cells: Array.from(key, (c) => c.charCodeAt(0)) }));

describe('step events reproduce the solver counters', () => {
  const to12 = boardsToDepth(12);
  test('the 8-puzzle layers are OEIS A089473 (1,850 boards of depth ≤ 12; 181,440 in all; 2 at depth 31)', () => {
    expect(depthLayers(GOAL).map((l) => l.length)).toEqual([
      1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274,
      3910, 760, 221, 2,
    ]);
    expect(to12.length).toBe(1850);
  });

  for (const algorithm of ['astar', 'greedy', 'wastar', 'idastar'] as StepAlgorithm[]) {
    test(`${algorithm}: every board of depth ≤ 12`, () => {
      to12.forEach((start, i) => agree(start, GOAL, { algorithm, heuristic: HEURISTICS[i % 3]!, weight: algorithm === 'wastar' ? 1.5 + (i % 2) : undefined }));
    });
  }

  for (const algorithm of ['bfs', 'ucs'] as StepAlgorithm[]) {
    test(`${algorithm}: every board of depth ≤ 8, every 9th to 12`, () => {
      to12.forEach((start, i) => {
        if (i < 268 || i % 9 === 0) agree(start, GOAL, { algorithm });
      });
    });
  }

  for (const algorithm of ['iddfs', 'dfs'] as StepAlgorithm[]) {
    test(`${algorithm}: every board of depth ≤ 6, every 25th to 12`, () => {
      to12.forEach((start, i) => {
        if (i < 90 || i % 25 === 0) agree(start, GOAL, { algorithm, depthLimit: algorithm === 'dfs' ? 14 : undefined });
      });
    });
  }

  test('walled boards and other shapes, every algorithm', () => {
    const goals = [board('1 2 3/4 # 5/6 7 0'), board('1 2 # 3/4 5 6 7/# 8 9 0'), board('1 # 2/3 4 5/6 7 0/8 9 10'), board('1 2 3 4/5 6 7 0')];
    const rand = prng(21);
    for (const goal of goals) {
      for (let k = 0; k < 6; k++) {
        const start = randomWalk(goal, 6 + 3 * k, rand);
        for (const algorithm of ['astar', 'greedy', 'wastar', 'idastar', 'bfs', 'ucs', 'iddfs'] as StepAlgorithm[]) {
          agree(start, goal, { algorithm, heuristic: HEURISTICS[k % 3]! });
        }
      }
    }
  });

  test('a node limit stops both at the same count', () => {
    const start = board('8 6 7/2 5 4/3 0 1');
    for (const algorithm of ['astar', 'greedy', 'idastar', 'bfs', 'ucs', 'iddfs', 'dfs'] as StepAlgorithm[]) {
      for (const maxNodes of [1, 7, 100]) agree(start, GOAL, { algorithm, heuristic: 'misplaced', maxNodes });
    }
  });
});

describe('the open list as the step API shows it', () => {
  test('best-first: the next node taken is the first of frontier(), and the list is in pop order', () => {
    const start = board('8 6 7/2 5 4/3 0 1');
    for (const algorithm of ['astar', 'ucs', 'greedy', 'bfs'] as StepAlgorithm[]) {
      const steps = puzzleSteps(start, GOAL, { algorithm, heuristic: 'manhattan', maxNodes: 300 });
      let expected: number | undefined;
      for (const e of steps.events) {
        if ((e.kind === 'select' || e.kind === 'goal') && expected !== undefined && algorithm !== 'bfs') expect(e.node.id).toBe(expected);
        if (e.kind === 'select' && algorithm === 'bfs' && expected !== undefined) expect(e.node.id).toBe(expected);
        if (e.kind === 'select' || e.kind === 'generate') {
          const top = steps.frontier(20);
          for (let i = 1; i < top.length; i++) {
            const [a, b] = [top[i - 1]!, top[i]!];
            if (algorithm === 'bfs') expect(a.seq).toBeLessThan(b.seq);
            else expect(a.node.f < b.node.f || (a.node.f === b.node.f && (a.node.g > b.node.g || (a.node.g === b.node.g && a.seq < b.seq)))).toBe(true);
          }
          expected = top[0]?.node.id;
        }
      }
    }
  });

  test('IDA*: one iteration event per threshold, rising, and the depth-first frontier is visited in order', () => {
    const steps = puzzleSteps(board('8 6 7/2 5 4/3 0 1'), GOAL, { algorithm: 'idastar', heuristic: 'manhattan' });
    const bounds: number[] = [];
    let expected: number | undefined;
    for (const e of steps.events) {
      if (e.kind === 'iteration') {
        bounds.push(e.bound);
        expected = undefined;
      }
      if (e.kind === 'generate' && expected !== undefined) expect(e.node.id).toBe(expected);
      if (e.kind === 'select' || e.kind === 'generate') expected = steps.frontier(1)[0]?.node.id;
      if (e.kind === 'generate' && e.fate === 'added') expected = undefined; // its children come first
    }
    expect(bounds.length).toBe(solvePuzzleSync(board('8 6 7/2 5 4/3 0 1'), GOAL, { algorithm: 'idastar', heuristic: 'manhattan' }).stats.iterations);
    for (let i = 1; i < bounds.length; i++) expect(bounds[i]).toBeGreaterThan(bounds[i - 1]!);
    expect(bounds.at(-1)).toBe(31);
  });

  test('every node has g, h, f = g + h (A*), its parent, and ids in generation order', () => {
    const steps = puzzleSteps(board('1 2 3/4 5 6/0 7 8'), GOAL, { algorithm: 'astar', heuristic: 'misplaced' });
    const ids = new Set<number>([0]);
    for (const e of steps.events) {
      if (e.kind === 'generate') {
        expect(ids.has(e.node.parentId!)).toBe(true);
        expect(e.node.f).toBe(e.node.g + e.node.h);
        ids.add(e.node.id);
        expect(e.node.id).toBe(ids.size - 1);
      }
    }
  });
});

describe('nextStep: one expansion per step', () => {
  test('the steps partition the events; each holds at most one node taken, and a best-first step all its children', () => {
    const start = board('8 6 7/2 5 4/3 0 1');
    for (const algorithm of ['astar', 'bfs', 'idastar', 'iddfs', 'dfs'] as StepAlgorithm[]) {
      const all = [...puzzleSteps(start, GOAL, { algorithm, heuristic: 'manhattan', maxNodes: 2000, depthLimit: 12 }).events];
      const steps = puzzleSteps(start, GOAL, { algorithm, heuristic: 'manhattan', maxNodes: 2000, depthLimit: 12 });
      const flat: StepEvent<TileState, Move>[] = [];
      for (let step = nextStep(steps.events); step.length > 0; step = nextStep(steps.events)) {
        expect(step.filter((e) => e.kind === 'select').length).toBeLessThanOrEqual(1);
        const select = step.find((e) => e.kind === 'select');
        if (select !== undefined && (algorithm === 'astar' || algorithm === 'bfs') && !step.some((e) => e.kind === 'goal')) {
          expect(step.filter((e) => e.kind === 'generate').length).toBe(select.children);
        }
        flat.push(...step);
      }
      expect(flat.map((e) => e.kind)).toEqual(all.map((e) => e.kind));
      expect(flat.at(-1)!.kind).toBe('end');
    }
  });
});
