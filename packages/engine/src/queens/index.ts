// @searchlab/engine/queens: N-Queens — the model and its scores, every local search on either
// backend, the closed-form construction, and exact counting split into pool-sized subproblems.
export {
  MAX_N, MAX_RENDER, validateN, validatePositions, lineCounts, attackingPairs, seedScore, attackedRows,
  checkSolution, isSolution, renderBoard, conflictMap, type Positions,
} from './model.js';
export {
  QUEENS_ALGORITHMS, FAST_FROM_N, defaultAlgorithm, defaultMaxSteps, normalizeQueensOptions, queensSolveSpec, type QueensSolveSpec,
  type QueensAlgorithm, type QueensStats, type QueensOutcome, type QueensSolveOptions, type NormalizedQueensOptions,
} from './options.js';
export { construct } from './construct.js';
export { PositionsParser, parsePositions } from './parse.js';
export { FORMAT_CHUNK, formatPositionsTs, streamPositions } from './format.js';
export { expNeg } from './detmath.js';
export {
  MAX_COUNT_N, countSubproblems, countSubproblemTs, createTsCountRun, sumCounts, enumerateSolutions, validateCountN, queensCountSpec, type QueensCountSpec,
  countFrame, rowAvail, lastColumn, checkRotations, type CountFrame,
  type CountTask, type CountTaskResult, type CountStats,
} from './count.js';
export { createTsQueensRun, unsolvableN, fastStallLimit, type QueensRun } from './ts-run.js';
export { createWasmQueensRun, createWasmCountRun } from './wasm-run.js';
export {
  solveQueens, solveQueensSync, traceQueens, traceQueensSync, chooseQueensBackend, type QueensTrace, type QueensSolveResult, type QueensStatus,
} from './solve.js';
export { countQueens, countSubproblem, type CountOptions, type CountResult, type CountTaskPayload } from './counting.js';
export { queensTasks, type SolveTaskPayload, type SolveTaskResult } from './tasks.js';
export type { QueensWasmExtras } from './wasm-run.js';
