// @searchlab/engine/puzzle: sliding-tile puzzles — boards, parsing, solvability, generation,
// solving on either backend, and heuristic comparison.
import './tasks.js'; // registers the domain's worker tasks
export * from './types.js';
export { parseBoard, parseSize, type ParseBoardOptions } from './parse.js';
export {
  MIN_SIDE,
  MAX_SIDE,
  SEARCH_MAX_SIDE,
  goalBoard,
  goalLike,
  makeBoard,
  validateBoard,
  boardsEqual,
  blankIndex,
  tileCount,
  legalMoves,
  applyMove,
  applyMoves,
  parseMoves,
  invertMoves,
  renderBoard,
  boardToText,
} from './board.js';
export { checkSolvable, validatePair, type Solvability, type SolvabilityMethod } from './solvability.js';
export { randomWalk, randomWalkBoard, randomSolvable, MAX_WALK, type RandomWalkResult } from './generate.js';
export {
  ALGORITHMS,
  CONSTRUCTIVE_ALGORITHMS,
  HEURISTICS,
  HEURISTIC_CHOICES,
  WASM_ALGORITHMS,
  INFORMED_ALGORITHMS,
  BOUNDED_ALGORITHMS,
  IDA_ALGORITHMS,
  normalizeOptions,
  solveOptionsFrom,
  puzzleSpec,
  type PuzzleSpec,
  type Improvement,
  type Algorithm,
  type HeuristicName,
  type HeuristicChoice,
  type SolverHeuristic,
  type SolveSettings,
  type SolveOptions,
  type SolveResult,
  type SolveStatus,
  type TraceStep,
  type NormalizedSolveOptions,
} from './options.js';
export { solvePuzzle, solvePuzzleSync, traceMoves, resolveHeuristic } from './solve.js';
export { solvePuzzleParallel, MIN_SPLIT_NODES, type ParallelSolveOptions, type SubtreeTask, type SubtreeResult, type TopTask } from './parallel.js';
export type { IterationProgress, IterationReport, SubtreeAnswer, TopRequest, TopAnswer, SizeSnapshot } from '../search/parallel-ida.js';
export {
  PDB_NAMES,
  PDB_SPECS,
  isPdbName,
  placements,
  pdbTableBytes,
  pdbBuildBytes,
  type PdbName,
  type PdbSpec,
  type PdbTables,
  type PdbProgress,
} from './pdb.js';
export {
  PDB_FORMAT,
  loadPdb,
  pdbCached,
  sharedPdbReaders,
  forgetPdbs,
  setPdbCache,
  setPdbBuilder,
  type PdbCache,
  type PdbBuilder,
  type PdbLoadOptions,
} from './pdb-store.js';
export {
  compareHeuristics,
  summarise,
  runEbf,
  type CompareInstance,
  type CompareVariant,
  type Comparison,
  type VariantSummary,
  type CompareHooks,
} from './compare.js';
export type { SolveTask, SolveTaskProgress } from './tasks.js';
export {
  heuristicInfo,
  heuristicBreakdown,
  type HeuristicFn,
  type HeuristicProperties,
  type HeuristicBreakdown,
  type TileContribution,
} from './heuristics.js';
export type { TileState, SlidingTileProblem } from './problem.js';
export type { Node, Problem, StateKey } from '../search/problem.js';
export type { SearchStats, SearchCounters } from '../search/types.js';
export { puzzleSteps, type PuzzleStepOptions, type PuzzleStepSearch } from './steps.js';
export {
  STEP_ALGORITHMS,
  nextStep,
  type StepAlgorithm,
  type StepEvent,
  type StepNode,
  type StepOutcome,
  type StepOptions,
  type StepSearch,
  type ChildFate,
  type FrontierEntry,
} from '../search/steps.js';
export { effectiveBranchingFactor } from '../search/ebf.js';
export { boardsAtDepth, type DepthBoards, type DepthOptions } from './depth.js';
export {
  runExperiment,
  parseDepths,
  experimentColumns,
  columnName,
  DEFAULT_EXPERIMENT_CAP,
  type ExperimentColumn,
  type ExperimentSpec,
  type ExperimentCell,
  type ExperimentResult,
  type ExperimentHooks,
} from './experiment.js';
export type { RawCell } from './parse.js';
export type { LocalOptions } from './options.js';
export type { SlidingTileOptions } from './problem.js';
export type { ParallelInfo } from './options.js';
