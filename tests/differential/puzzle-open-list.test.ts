// The two open lists of the WASM best-first kernel (packages/core-as/assembly/puzzle/open.ts) give
// the contract's order exactly: the bucket grid (integer h; ucs, greedy, astar, wastar with a
// dyadic weight), the 4-ary heap (euclidean, other weights), and a grid that turns into the heap
// in the middle of a run when it grows too sparse (greedy on big boards dives deep).
import { beforeAll, describe, expect, it } from 'vitest';
import { freshKernels, type Kernels } from '../../packages/engine/src/core/kernels.js';
import { createWasmPuzzleRun } from '../../packages/engine/src/puzzle/wasm-run.js';
import { createTsPuzzleRun as createTsRun } from '../../packages/engine/src/puzzle/ts-run.js';
import { normalizeOptions } from '../../packages/engine/src/puzzle/options.js';
import { randomSolvable, randomWalk } from '../../packages/engine/src/puzzle/generate.js';
import { goalBoard } from '../../packages/engine/src/puzzle/board.js';
import type { Board } from '../../packages/engine/src/puzzle/types.js';
import type { SolveOptions } from '../../packages/engine/src/puzzle/options.js';
import { hooks, loadTestingKernels } from '../support/kernels.js';
import { drain, type Observed } from './helpers.js';

let kernels: Kernels;
beforeAll(async () => {
  kernels = await loadTestingKernels();
});

/** Runs both backends; the WASM run on its own instance of the testing build, whose hook shows the open list. */
function runBoth(start: Board, goal: Board, options: SolveOptions, budget: number): { ts: Observed; wasm: Observed; kinds: Set<number> } {
  const o = normalizeOptions(options);
  const ts = drain(createTsRun(start, goal, o), 1 << 30);
  const k = freshKernels(kernels);
  const run = createWasmPuzzleRun(k, start, goal, o);
  const ex = hooks(k);
  const kinds = new Set<number>([ex.puzzleOpenKind()]);
  const wasm = drain(
    {
      step: (b) => {
        const out = run.step(b);
        kinds.add(ex.puzzleOpenKind());
        return out;
      },
      stats: () => run.stats(),
      dispose: () => run.dispose(),
    },
    budget,
  );
  return { ts, wasm, kinds };
}

describe('WASM best-first open lists agree exactly with the TS reference', () => {
  it('integer f and dyadic weights use the bucket grid', () => {
    const goal = goalBoard(4, 4);
    for (let s = 0; s < 6; s++) {
      const start = randomWalk(goal, 30 + s, 700 + s).board;
      for (const options of [
        { algorithm: 'astar', heuristic: 'manhattan' },
        { algorithm: 'ucs' },
        { algorithm: 'greedy', heuristic: 'linear-conflict' },
        { algorithm: 'wastar', heuristic: 'misplaced', weight: 1.25 },
      ] as SolveOptions[]) {
        const { ts, wasm, kinds } = runBoth(start, goal, { ...options, maxNodes: 3000 }, 1 + s * 97);
        expect([...kinds], JSON.stringify(options)).toEqual([1]);
        expect(wasm, JSON.stringify(options)).toEqual(ts);
      }
    }
  });

  it('euclidean and non-dyadic weights use the heap', () => {
    const goal = goalBoard(3, 3);
    for (let s = 0; s < 6; s++) {
      const start = randomSolvable(goal, 800 + s);
      for (const options of [
        { algorithm: 'astar', heuristic: 'euclidean' },
        { algorithm: 'wastar', heuristic: 'manhattan', weight: 1.2 },
        { algorithm: 'wastar', heuristic: 'linear-conflict', weight: Math.PI },
      ] as SolveOptions[]) {
        const { ts, wasm, kinds } = runBoth(start, goal, options, 1 + s * 53);
        expect([...kinds], JSON.stringify(options)).toEqual([2]);
        expect(wasm, JSON.stringify(options)).toEqual(ts);
      }
    }
  });

  it('a grid that grows too sparse moves to the heap mid-run, order unchanged', () => {
    // instances where the grid gives way after 500–2400 of the 3000 expansions
    const cases = [
      [7, 7, 1, 'manhattan'],
      [8, 8, 3, 'manhattan'],
      [10, 10, 2, 'manhattan'],
      [10, 10, 4, 'misplaced'],
      [7, 9, 5, 'manhattan'],
    ] as const;
    for (const [w, h, seed, heuristic] of cases) {
      const goal = goalBoard(w, h);
      const { ts, wasm, kinds } = runBoth(randomSolvable(goal, seed), goal, { algorithm: 'greedy', heuristic, maxNodes: 3000 }, 37);
      expect([...kinds].sort(), `${w}x${h} ${heuristic}`).toEqual([1, 2]);
      expect(wasm, `${w}x${h} ${heuristic}`).toEqual(ts);
    }
  });
});
