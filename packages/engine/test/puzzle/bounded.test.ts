// Bounded-suboptimal search (wastar, wida, anytime) against independent truths: optimal lengths of
// every 8-puzzle state by breadth-first search over the whole space, and Korf's published optima of
// the 15-puzzle. The proven bound must hold (length ≤ w × optimum, lowerBound ≤ optimum) and every
// move list must reach the goal.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { InvalidInputError } from '../../src/core/errors.js';
import { loadKernels } from '../../src/core/kernels.js';
import { Rng } from '../../src/core/rng.js';
import { anytimeWeights, widaWeights } from '../../src/puzzle/optimistic.js';
import { applyMoves, boardsEqual, goalBoard, goalLike } from '../../src/puzzle/board.js';
import { randomSolvable } from '../../src/puzzle/generate.js';
import { normalizeOptions, weightFraction, type HeuristicName, type Improvement, type SolveResult } from '../../src/puzzle/options.js';
import { parseBoard } from '../../src/puzzle/parse.js';
import { SlidingTileProblem } from '../../src/puzzle/problem.js';
import { solvePuzzle, solvePuzzleSync } from '../../src/puzzle/solve.js';
import type { Board } from '../../src/puzzle/types.js';
import { bfsDistances } from '../../src/search/algorithms.js';

const GOAL = goalBoard(3, 3);
/** Optimal length of every 8-puzzle state to GOAL: BFS from the goal (moves are reversible). */
let optimum: Map<string | number, number>;
const optimalLength = (b: Board): number => optimum.get(new SlidingTileProblem(b, GOAL).initial.key)!;

beforeAll(async () => {
  await loadKernels();
  optimum = bfsDistances(new SlidingTileProblem(GOAL, GOAL));
});

const reaches = (start: Board, goal: Board, r: SolveResult): boolean => r.moves !== undefined && boardsEqual(applyMoves(start, r.moves), goal);

const HEURISTICS: HeuristicName[] = ['misplaced', 'manhattan', 'euclidean', 'linear-conflict'];

describe('weightFraction: the exact weight of wida', () => {
  test('decimal weights become their small fractions; others are rounded down to thousandths', () => {
    expect(weightFraction(1)).toEqual({ num: 1, den: 1 });
    expect(weightFraction(1.2)).toEqual({ num: 6, den: 5 });
    expect(weightFraction(1.25)).toEqual({ num: 5, den: 4 });
    expect(weightFraction(1.1)).toEqual({ num: 11, den: 10 });
    expect(weightFraction(1.337)).toEqual({ num: 1337, den: 1000 });
    expect(weightFraction(4 / 3)).toEqual({ num: 4, den: 3 });
    expect(weightFraction(1.00049)).toEqual({ num: 1000, den: 1000 });
  });

  test('a weight below 1, NaN or infinite is refused with a one-line message', () => {
    for (const weight of [0.5, 0, -2, NaN, Infinity]) {
      for (const algorithm of ['wastar', 'wida', 'anytime'] as const) {
        expect(() => normalizeOptions({ algorithm, weight }), `${algorithm} ${weight}`).toThrow(InvalidInputError);
      }
    }
    expect(() => normalizeOptions({ algorithm: 'wida', weight: 0.9 })).toThrow(/weight must be a number ≥ 1/);
  });

  test('the improver weights: anytime from its start weight down; wida from max(3, 2w − 1) down to w', () => {
    expect(anytimeWeights(2)).toEqual([2, 1.6, 1.5, 1.45, 1.4, 1.35, 1.3, 1.25, 1.2, 1.15, 1.1, 1.05]);
    expect(anytimeWeights(1)).toEqual([]); // the prover alone: IDA*
    expect(anytimeWeights(1.33)).toEqual([1.33, 1.3, 1.25, 1.2, 1.15, 1.1, 1.05]);
    expect(widaWeights(1.2)).toEqual([3, 2, 1.6, 1.5, 1.45, 1.4, 1.35, 1.3, 1.25, 1.2]);
    expect(widaWeights(1.33)).toEqual([3, 2, 1.6, 1.5, 1.45, 1.4, 1.35, 1.33]);
    expect(widaWeights(4)).toEqual([5, 4]);
    expect(widaWeights(1)).toEqual([3, 2, 1.6, 1.5, 1.45, 1.4, 1.35, 1.3, 1.25, 1.2, 1.15, 1.1, 1.05]);
  });
});

describe('the bound holds on 8-puzzles (optimum by BFS over all 181,440 states)', () => {
  test('wastar and wida: length ≤ w × optimum, lowerBound ≤ optimum, moves reach the goal', () => {
    const rng = new Rng(2024);
    let loose = 0;
    for (let i = 0; i < 120; i++) {
      const start = randomSolvable(GOAL, 3000 + i);
      const opt = optimalLength(start);
      const heuristic = HEURISTICS[i % HEURISTICS.length]!;
      const weight = [1, 1.1, 1.2, 1.5, 2, 3, 5][rng.nextInt(7)]!;
      for (const algorithm of ['wastar', 'wida'] as const) {
        const r = solvePuzzleSync(start, GOAL, { algorithm, heuristic, weight, backend: i % 2 === 0 ? 'wasm' : 'ts' });
        const what = `${algorithm} ${heuristic} w=${weight} on ${start.cells.join(' ')} (optimum ${opt})`;
        expect(r.status, what).toBe('solved');
        expect(reaches(start, GOAL, r), what).toBe(true);
        expect(r.bound, what).toBe(weight);
        expect(r.length!, what).toBeLessThanOrEqual(weight * opt);
        expect(r.lowerBound!, what).toBeLessThanOrEqual(opt);
        expect(r.lowerBound!, what).toBeGreaterThanOrEqual(Math.ceil(r.length! / weight - 1e-9));
        if (weight === 1) expect(r.length, what).toBe(opt);
        if (r.length! > opt) loose++;
      }
    }
    expect(loose).toBeGreaterThan(20); // the weights did trade length for speed
  });

  test('countBlank (inadmissible): no bound is claimed', () => {
    const start = randomSolvable(GOAL, 77);
    for (const algorithm of ['wastar', 'wida', 'anytime'] as const) {
      const r = solvePuzzleSync(start, GOAL, { algorithm, heuristic: 'manhattan', countBlank: true, weight: 1.5 });
      expect(r.status).toBe('solved');
      expect(r.bound).toBeUndefined();
      expect(r.lowerBound).toBeUndefined();
    }
  });

  test('anytime: improvements strictly shorter, lower bounds never above the optimum, ends proven optimal', async () => {
    for (let i = 0; i < 40; i++) {
      const start = randomSolvable(GOAL, 5000 + i);
      const opt = optimalLength(start);
      const seen: Improvement[] = [];
      const bounds: number[] = [];
      const heuristic = HEURISTICS[i % HEURISTICS.length]!;
      const weight = [2, 3, 5, 1.5][i % 4]!;
      const r = await solvePuzzle(start, GOAL, {
        algorithm: 'anytime',
        heuristic,
        weight,
        onImprovement: (x) => seen.push(x),
        onLowerBound: (lb) => bounds.push(lb),
      });
      // the lower bound streams as it rises: strictly increasing, never above the optimum, ending at it
      for (let k = 1; k < bounds.length; k++) expect(bounds[k]!).toBeGreaterThan(bounds[k - 1]!);
      expect(bounds.at(-1)).toBe(opt);
      const what = `${heuristic} w=${weight} on ${start.cells.join(' ')} (optimum ${opt})`;
      expect(seen.length, what).toBeGreaterThan(0);
      for (let k = 0; k < seen.length; k++) {
        const x = seen[k]!;
        expect(boardsEqual(applyMoves(start, x.moves), GOAL), what).toBe(true);
        expect(x.moves).toHaveLength(x.length);
        expect(x.length, what).toBeLessThanOrEqual(x.weight * opt);
        expect(x.lowerBound, what).toBeLessThanOrEqual(opt);
        expect(x.bound, what).toBeCloseTo(x.length / x.lowerBound, 12);
        if (k > 0) {
          expect(x.length, what).toBeLessThan(seen[k - 1]!.length);
          expect(x.lowerBound, what).toBeGreaterThanOrEqual(seen[k - 1]!.lowerBound);
          expect(x.weight, what).toBeLessThan(seen[k - 1]!.weight);
        }
      }
      expect(r.status).toBe('solved');
      expect(r.backend).toBe('wasm'); // anytime runs wida kernels by default
      expect(r.optimal, what).toBe(true);
      expect(r.length, what).toBe(opt);
      expect(r.lowerBound).toBe(opt);
      expect(r.bound).toBe(1);
      expect(r.improvements).toEqual(seen.map(({ moves: _m, ...rest }) => rest));
    }
  });

  test('anytime stopped by a node limit keeps its best solution and a proven gap', async () => {
    const start = parseBoard('8 6 7 2 5 4 3 0 1'); // one of the two hardest: 31 moves
    const r = await solvePuzzle(start, GOAL, { algorithm: 'anytime', heuristic: 'manhattan', weight: 3, maxNodes: 1000 });
    expect(r.status).toBe('solved');
    expect(r.optimal).toBe(false);
    expect(r.reason).toMatch(/node limit/);
    expect(r.lowerBound!).toBeLessThanOrEqual(31);
    expect(r.length!).toBeGreaterThan(31);
    expect(r.bound).toBeCloseTo(r.length! / r.lowerBound!, 12);
    expect(r.stats.expanded).toBeLessThanOrEqual(1000);
  });
});

const korf = readFileSync(new URL('../../../../data/korf100.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => /^\d/.test(l))
  .map((l) => {
    const [id, optimal, tiles] = l.split('\t');
    return { id: +id!, optimal: +optimal!, board: parseBoard(tiles!, { size: '4' }) };
  });

describe("the bound holds on Korf's 15-puzzles (published optima)", () => {
  test('a seeded sample of 8, wida w = 1.5 / 2 with linear conflict (WASM): length ≤ w × optimum', async () => {
    const rng = new Rng(11);
    const sample = Array.from({ length: 8 }, () => korf[rng.nextInt(korf.length)]!);
    for (const [k, inst] of sample.entries()) {
      const goal = goalLike(inst.board, 'blank-first');
      const weight = k % 2 === 0 ? 2 : 1.5;
      const r = await solvePuzzle(inst.board, goal, { algorithm: 'wida', heuristic: 'linear-conflict', weight, maxNodes: 50_000_000 });
      const what = `Korf #${inst.id} (optimum ${inst.optimal}) w=${weight}`;
      expect(r.status, what).toBe('solved');
      expect(reaches(inst.board, goal, r), what).toBe(true);
      expect(r.length!, what).toBeLessThanOrEqual(weight * inst.optimal);
      expect(r.lowerBound!, what).toBeLessThanOrEqual(inst.optimal);
    }
  });
});

const korf24 = readFileSync(new URL('../../../../data/korf24-50.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => /^\d/.test(l))
  .map((l) => {
    const [id, optimal, tiles] = l.split('\t');
    return { id: +id!, optimal: +optimal!, board: parseBoard(tiles!, { size: '5' }) };
  });

describe('wida stopped by a node limit', () => {
  test('answers limit with the lower bound it proved and, in the reason, the best length so far', async () => {
    const inst = korf[0]!; // Korf #1, optimum 57
    const r = await solvePuzzle(inst.board, goalLike(inst.board, 'blank-first'), {
      algorithm: 'wida',
      heuristic: 'linear-conflict',
      weight: 1.2,
      maxNodes: 100_000,
    });
    expect(r.status).toBe('limit');
    expect(r.moves).toBeUndefined(); // its bound is not proven yet
    expect(r.lowerBound!).toBeGreaterThan(40);
    expect(r.lowerBound!).toBeLessThanOrEqual(inst.optimal);
    const m = /best so far (\d+) moves, proven ≤ ([\d.]+) × optimal/.exec(r.reason!);
    expect(m, r.reason).not.toBeNull();
    expect(+m![1]!).toBeGreaterThanOrEqual(inst.optimal);
    expect(+m![2]!).toBeGreaterThan(1.2);
    expect(r.stats.expanded).toBe(100_000);
  });
});

describe("the bound holds on Korf's 24-puzzles (published optima)", () => {
  test('a seeded sample of 6, wida w = 2 / 3 with linear conflict (WASM): length ≤ w × optimum', async () => {
    const rng = new Rng(24);
    for (let k = 0; k < 6; k++) {
      const inst = korf24[rng.nextInt(korf24.length)]!;
      const goal = goalLike(inst.board, 'blank-first');
      const weight = k % 2 === 0 ? 2 : 3;
      const r = await solvePuzzle(inst.board, goal, { algorithm: 'wida', heuristic: 'linear-conflict', weight, maxNodes: 20_000_000 });
      const what = `Korf 24 #${inst.id} (optimum ${inst.optimal}) w=${weight}`;
      expect(r.status, what).toBe('solved');
      expect(reaches(inst.board, goal, r), what).toBe(true);
      expect(r.length!, what).toBeLessThanOrEqual(weight * inst.optimal);
      expect(r.lowerBound!, what).toBeLessThanOrEqual(inst.optimal);
    }
  });
});
