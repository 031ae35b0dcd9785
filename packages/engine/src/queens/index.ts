// @searchlab/engine/queens: N-Queens — the model and its scores, every local search on either
// backend, the closed-form construction, and exact counting split into pool-sized subproblems.
import './tasks.js'; // registers the domain's worker tasks
export {
  MAX_N,
  MAX_RENDER,
  validatePositions,
  attackingPairs,
  attackedRows,
  checkSolution,
  isSolution,
  renderBoard,
  conflictMap,
  type Positions,
} from './model.js';
export {
  QUEENS_ALGORITHMS,
  FAST_FROM_N,
  defaultAlgorithm,
  normalizeQueensOptions,
  queensSolveSpec,
  type QueensSolveSpec,
  type QueensAlgorithm,
  type QueensStats,
  type QueensOutcome,
  type QueensSolveOptions,
  type NormalizedQueensOptions,
} from './options.js';
export { construct } from './construct.js';
export { PositionsParser, parsePositions } from './parse.js';
export { streamPositions } from './format.js';
export {
  MAX_COUNT_N,
  queensCountSpec,
  type QueensCountSpec,
  type CountStats,
} from './count.js';
export { createTsQueensRun, type QueensRun } from './ts-run.js';
export {
  solveQueens,
  solveQueensSync,
  traceQueens,
  traceQueensSync,
  type QueensTrace,
  type QueensSolveResult,
  type QueensStatus,
} from './solve.js';
export { countQueens, type CountOptions, type CountResult } from './counting.js';
export type { SolveTaskResult } from './tasks.js';
