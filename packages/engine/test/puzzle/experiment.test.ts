// b*, boards at an exact depth, and the experiment against independent computations.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadKernels } from '../../src/core/kernels.js';
import { effectiveBranchingFactor } from '../../src/search/ebf.js';
import { boardsAtDepth } from '../../src/puzzle/depth.js';
import { depthSeed, experimentColumns, runExperiment } from '../../src/puzzle/experiment.js';
import { goalBoard } from '../../src/puzzle/board.js';
import { solvePuzzleSync } from '../../src/puzzle/solve.js';
import { SlidingTileProblem } from '../../src/puzzle/problem.js';
import { astar, iterativeDeepeningSearch, newCounters, runToEnd } from '../../src/search/algorithms.js';
import type { Board } from '../../src/puzzle/types.js';
import { board } from '../search/helpers.js';

const GOAL = goalBoard(3, 3);

beforeAll(async () => {
  await loadKernels();
});

/** Optimal distances from the goal by a plain BFS written here (no engine search). */
function bfsDepths(goal: Board): Map<string, number> {
  const w = goal.width;
  const dist = new Map<string, number>([[goal.cells.join(','), 0]]);
  let layer = [goal.cells.slice()];
  for (let d = 1; layer.length > 0; d++) {
    const next: number[][] = [];
    for (const cells of layer) {
      const b = cells.indexOf(0);
      for (const [dr, dc] of [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ] as const) {
        const r = Math.floor(b / w) + dr;
        const c = (b % w) + dc;
        if (r < 0 || r >= goal.height || c < 0 || c >= w || cells[r * w + c] === -1) continue;
        const to = cells.slice();
        to[b] = to[r * w + c]!;
        to[r * w + c] = 0;
        const key = to.join(',');
        if (dist.has(key)) continue;
        dist.set(key, d);
        next.push(to);
      }
    }
    layer = next;
  }
  return dist;
}

describe('effective branching factor', () => {
  test('N = b + b² + … + b^d gives back b (to 2 decimals and better)', () => {
    for (const b of [1, 1.3, 1.79, 2, 2.45, 3]) {
      for (const d of [1, 2, 5, 12, 24]) {
        let n = 0;
        for (let i = 1; i <= d; i++) n += b ** i;
        expect(effectiveBranchingFactor(n, d)).toBeCloseTo(b, 6);
      }
    }
  });
  test("the textbook's example: 52 nodes at depth 5 give 1.92", () => {
    expect(effectiveBranchingFactor(52, 5).toFixed(2)).toBe('1.92');
  });
  test('edge cases: depth 0 has none, N = d gives 1, bad input is refused', () => {
    expect(effectiveBranchingFactor(0, 0)).toBeNaN();
    expect(effectiveBranchingFactor(7, 7)).toBeCloseTo(1, 9);
    expect(() => effectiveBranchingFactor(-1, 2)).toThrow(/node count/);
    expect(() => effectiveBranchingFactor(3, 1.5)).toThrow(/depth/);
  });
});

describe('boards at an exact depth', () => {
  const truth = bfsDepths(GOAL);
  test('8-puzzle boards are at exactly D by an independent BFS, and by the solver', async () => {
    for (const d of [0, 1, 2, 7, 12, 20, 31]) {
      const { boards, method, maxDepth } = await boardsAtDepth(GOAL, d, { count: 25, seed: d });
      expect(method).toBe('uniform');
      expect(maxDepth).toBe(31);
      for (const b of boards) {
        expect(truth.get(b.cells.join(','))).toBe(d);
        if (d <= 20) expect(solvePuzzleSync(b, GOAL, { algorithm: 'bfs' }).length).toBe(d);
      }
    }
  });
  test('draws cover the layer (uniform: all 4 boards at depth 2 appear in 200 draws)', async () => {
    const { boards, layerSize } = await boardsAtDepth(GOAL, 2, { count: 200, seed: 5 });
    expect(layerSize).toBe(4);
    expect(new Set(boards.map((b) => b.cells.join(','))).size).toBe(4);
  });
  test('an unreachable depth names the largest', async () => {
    await expect(boardsAtDepth(GOAL, 32, { count: 1, seed: 1 })).rejects.toThrow(/largest optimal solution length is 31/);
    const walled = board('1 2 3/4 # 5/6 7 0');
    const max = Math.max(...bfsDepths(walled).values());
    await expect(boardsAtDepth(walled, max + 1, { count: 1, seed: 1 })).rejects.toThrow(new RegExp(`largest optimal solution length is ${max}\\b`));
    const { boards } = await boardsAtDepth(walled, max, { count: 3, seed: 2 });
    for (const b of boards) expect(bfsDepths(walled).get(b.cells.join(','))).toBe(max);
  });
  test('larger boards: random walks kept only when an optimal solve says D', async () => {
    const goal = goalBoard(4, 4);
    const { boards, method } = await boardsAtDepth(goal, 14, { count: 4, seed: 3 });
    expect(method).toBe('walk');
    for (const b of boards) expect(solvePuzzleSync(b, goal, { algorithm: 'astar', heuristic: 'manhattan' }).length).toBe(14);
  });
});

describe('the experiment', () => {
  test('d = 2..12: its means equal the TS reference searches run directly on the same boards', async () => {
    const depths = [2, 4, 6, 8, 10, 12];
    const columns = experimentColumns(['iddfs', 'astar'], ['misplaced', 'manhattan']);
    expect(columns.map((c) => c.heuristic ?? c.algorithm)).toEqual(['iddfs', 'misplaced', 'manhattan']);
    const result = await runExperiment({ depths, perDepth: 6, columns, seed: 42, cap: 5_000_000 });
    expect(result.complete).toBe(true);
    const truth = bfsDepths(GOAL);
    for (const [di, d] of depths.entries()) {
      const { boards } = await boardsAtDepth(GOAL, d, { count: 6, seed: depthSeed(42, d) });
      for (const b of boards) expect(truth.get(b.cells.join(','))).toBe(d);
      const expected = columns.map((c) => {
        let generated = 0;
        let ebf = 0;
        for (const b of boards) {
          const problem = new SlidingTileProblem(b, GOAL, { heuristic: c.heuristic });
          const counters = newCounters();
          const outcome = runToEnd(c.algorithm === 'iddfs' ? iterativeDeepeningSearch(problem, {}, counters) : astar(problem, {}, counters));
          expect(outcome.kind).toBe('found');
          generated += counters.generated;
          ebf += effectiveBranchingFactor(counters.generated, d);
        }
        return { meanGenerated: generated / boards.length, ebf: ebf / boards.length };
      });
      result.cells[di]!.forEach((cell, ci) => {
        expect(cell.runs).toBe(6);
        expect(cell.meanGenerated).toBeCloseTo(expected[ci]!.meanGenerated, 9);
        expect(cell.ebf).toBeCloseTo(expected[ci]!.ebf, 9);
      });
    }
  });
  test('a cell with a run past the cap has no mean', async () => {
    const result = await runExperiment({ depths: [2, 10], perDepth: 3, columns: [{ algorithm: 'iddfs' }], seed: 1, cap: 50 });
    expect(result.cells[0]![0]!.meanGenerated).toBeGreaterThan(0);
    expect(result.cells[1]![0]!.capped).toBeGreaterThan(0);
    expect(result.cells[1]![0]!.meanGenerated).toBeUndefined();
  });
  test('an abort returns the cells so far, complete false', async () => {
    const controller = new AbortController();
    const result = await runExperiment(
      { depths: [4, 14], perDepth: 20, columns: [{ algorithm: 'astar', heuristic: 'misplaced' }], seed: 1 },
      {
        signal: controller.signal,
        onProgress: (done) => {
          if (done === 5) controller.abort();
        },
      },
    );
    expect(result.complete).toBe(false);
    expect(result.cells[0]![0]!.runs).toBeGreaterThanOrEqual(5);
    expect(result.cells[1]![0]!.runs).toBeLessThan(20);
  });
  test('bad specs are refused with what is wrong', async () => {
    await expect(runExperiment({ depths: [], perDepth: 1, columns: [{ algorithm: 'astar' }], seed: 1 })).rejects.toThrow(/at least one depth/);
    await expect(runExperiment({ depths: [2], perDepth: 0, columns: [{ algorithm: 'astar' }], seed: 1 })).rejects.toThrow(/per-depth/);
    await expect(runExperiment({ depths: [2], perDepth: 1, columns: [{ algorithm: 'construct' }], seed: 1 })).rejects.toThrow(/does not fit/);
  });
});
