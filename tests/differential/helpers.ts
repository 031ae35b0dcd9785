// Shared by the differential suites: run one search on both backends and return what the
// contract says must be identical.
import { createTsRun, normalizeOptions } from '../../packages/engine/src/search/solve.js';
import { createWasmPuzzleRun, type WasmRunExtras } from '../../packages/engine/src/wasm/puzzle-run.js';
import type { Kernels } from '../../packages/engine/src/wasm/loader.js';
import type { SearchRun } from '../../packages/engine/src/search/run.js';
import type { Board, Move } from '../../packages/engine/src/puzzle/types.js';
import type { Algorithm, HeuristicName, SolveOptions } from '../../packages/engine/src/search/types.js';

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
      if (out.kind === 'found') { o.moves = out.moves; o.length = out.moves.length; }
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
  ...(['greedy', 'astar', 'wastar', 'idastar'] as const).flatMap((algorithm) => [
    ...(['misplaced', 'manhattan', 'euclidean', 'linear-conflict'] as const).map((heuristic) => ({ algorithm, heuristic })),
    ...(['misplaced', 'manhattan', 'euclidean'] as const).map((heuristic) => ({ algorithm, heuristic, countBlank: true })),
  ]),
];

export const label = (c: Combo, extra = ''): string =>
  `${c.algorithm}${c.heuristic ? ' ' + c.heuristic : ''}${c.countBlank ? ' +blank' : ''}${extra}`;

export function runBoth(
  kernels: Kernels, start: Board, goal: Board, options: SolveOptions, wasmBudget: number, extras: WasmRunExtras = {},
): { ts: Observed; wasm: Observed } {
  const o = normalizeOptions(options);
  const ts = drain(createTsRun(start, goal, o), 1 << 30);
  const wasm = drain(createWasmPuzzleRun(kernels, start, goal, o, extras), wasmBudget);
  return { ts, wasm };
}
