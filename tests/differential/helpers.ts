// Shared by the differential suites: run one search on both backends and return what the
// contract says must be identical.
import { createTsPuzzleRun as createTsRun } from '../../packages/engine/src/puzzle/ts-run.js';
import { normalizeOptions } from '../../packages/engine/src/puzzle/options.js';
import { createWasmPuzzleRun, type WasmRunExtras } from '../../packages/engine/src/puzzle/wasm-run.js';
import type { Kernels } from '../../packages/engine/src/core/kernels.js';
import type { PuzzleRun as SearchRun } from '../../packages/engine/src/puzzle/wasm-run.js';
import type { Board, Move } from '../../packages/engine/src/puzzle/types.js';
import type { Algorithm, HeuristicName, SolveOptions } from '../../packages/engine/src/puzzle/options.js';
import { expect } from 'vitest';

export interface Observed {
  outcome: 'found' | 'exhausted' | 'node-limit' | 'memory-limit';
  moves?: Move[];
  length?: number;
  expanded: number;
  generated: number;
  unique: number;
  maxFrontier: number;
  iterations: number;
}

/** Steps a run to its end with the given budget per step (a budget of 1 exercises resumption). */
export function drain(run: SearchRun, budget: number): Observed {
  try {
    for (;;) {
      const out = run.step(budget);
      if (out === null) continue;
      const { expanded, generated, unique, maxFrontier, iterations } = run.stats();
      const o: Observed = { outcome: out.kind, expanded, generated, unique, maxFrontier, iterations };
      if (out.kind === 'found') {
        o.moves = out.moves;
        o.length = out.moves.length;
      }
      return o;
    }
  } finally {
    run.dispose();
  }
}

export interface Combo {
  algorithm: Algorithm;
  heuristic?: HeuristicName;
  countBlank?: boolean;
}

/** Every algorithm with a kernel × every heuristic it takes (and countBlank where allowed). */
export const KERNEL_COMBOS: readonly Combo[] = [
  { algorithm: 'bfs' },
  { algorithm: 'ucs' },
  ...(['greedy', 'astar', 'wastar', 'idastar', 'wida'] as const).flatMap((algorithm) => [
    ...(['misplaced', 'manhattan', 'euclidean', 'linear-conflict'] as const).map((heuristic) => ({ algorithm, heuristic })),
    ...(['misplaced', 'manhattan', 'euclidean'] as const).map((heuristic) => ({ algorithm, heuristic, countBlank: true })),
  ]),
];

export const label = (c: Combo, extra = ''): string => `${c.algorithm}${c.heuristic ? ' ' + c.heuristic : ''}${c.countBlank ? ' +blank' : ''}${extra}`;

export function runBoth(
  kernels: Kernels,
  start: Board,
  goal: Board,
  options: SolveOptions,
  wasmBudget: number,
  extras: WasmRunExtras = {},
): { ts: Observed; wasm: Observed } {
  const o = normalizeOptions(options);
  const ts = drain(createTsRun(start, goal, o), 1 << 30);
  const wasm = drain(createWasmPuzzleRun(kernels, start, goal, o, extras), wasmBudget);
  return { ts, wasm };
}

const BUDGETS = [1 << 30, 1, 3, 64, 1000];
const WEIGHTS = [2, 1.5, 3, 1.25];

/**
 * Every kernel combo on one instance, compared exactly; the WASM step budget and the wastar weight
 * vary with the seed. Returns how many runs found the goal (so a suite can tell that it compared
 * real solutions, not only runs cut off by the node limit).
 */
export function compareAll(kernels: Kernels, start: Board, goal: Board, seed: number, maxNodes: number, combos: readonly Combo[] = KERNEL_COMBOS): number {
  const budget = BUDGETS[seed % BUDGETS.length]!;
  const weight = WEIGHTS[seed % WEIGHTS.length]!;
  let found = 0;
  for (const c of combos) {
    const { ts, wasm } = runBoth(kernels, start, goal, { ...c, weight, maxNodes }, budget);
    if (JSON.stringify(ts) !== JSON.stringify(wasm)) {
      // toEqual gives the readable diff; the check above keeps the loop cheap.
      expect(
        wasm,
        `${label(c, c.algorithm === 'wastar' || c.algorithm === 'wida' ? ` w=${weight}` : '')} on ${JSON.stringify(start.cells)} → ${JSON.stringify(goal.cells)}`,
      ).toEqual(ts);
    }
    if (wasm.outcome === 'found') found++;
  }
  return found;
}
