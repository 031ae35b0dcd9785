// @searchlab/engine/puzzle: sliding-tile puzzles — boards, parsing, solvability, generation,
// solving on either backend, and heuristic comparison.
export * from './types.js';
export { parseBoard, parseSize, type ParseBoardOptions } from './parse.js';
export {
  MIN_SIDE, MAX_SIDE, SEARCH_MAX_SIDE, goalBoard, goalLike, makeBoard, validateBoard, boardsEqual, blankIndex, tileCount, legalMoves,
  applyMove, applyMoves, parseMoves, invertMoves, renderBoard, boardToText,
} from './board.js';
export { checkSolvable, validatePair, type Solvability, type SolvabilityMethod } from './solvability.js';
export { randomWalk, randomWalkBoard, randomSolvable, MAX_WALK, type RandomWalkResult } from './generate.js';
export {
  ALGORITHMS, CONSTRUCTIVE_ALGORITHMS, HEURISTICS, HEURISTIC_CHOICES, WASM_ALGORITHMS, INFORMED_ALGORITHMS, BOUNDED_ALGORITHMS, IDA_ALGORITHMS,
  usesHeuristic, normalizeOptions, solveOptionsFrom, puzzleSpec, PUZZLE_SPEC_KEYS, type PuzzleSpec, type Improvement,
  type Algorithm, type HeuristicName, type HeuristicChoice, type SolverHeuristic, type SolveSettings, type SolveOptions, type SolveResult, type SolveStatus,
  type TraceStep, type NormalizedSolveOptions,
} from './options.js';
export { IMPROVER_WEIGHTS } from './optimistic.js';
export { solvePuzzle, solvePuzzleSync, chooseBackend, traceMoves, resolveHeuristic } from './solve.js';
export { solvePuzzleParallel, MIN_SPLIT_NODES, type ParallelSolveOptions, type SubtreeTask, type SubtreeResult } from './parallel.js';
export type { IterationProgress, IterationReport } from '../search/parallel-ida.js';
export {
  PDB_NAMES, PDB_SPECS, isPdbName, placements, pdbTableBytes, pdbBuildBytes,
  type PdbName, type PdbSpec, type PdbTables, type PdbProgress,
} from './pdb.js';
export { PDB_FORMAT, loadPdb, pdbIfLoaded, sharedPdbReaders, forgetPdbs, setPdbCache, setPdbBuilder, type PdbCache, type PdbBuilder, type PdbLoadOptions } from './pdb-store.js';
export { compareHeuristics, summarise, variantName, runEbf, type CompareInstance, type CompareVariant, type Comparison, type VariantSummary, type CompareHooks } from './compare.js';
export { puzzleTasks, type SolveTask, type SolveTaskProgress } from './tasks.js';
export {
  makeHeuristic, heuristicInfo, heuristicBreakdown, HEURISTIC_INFO, type HeuristicFn, type HeuristicProperties, type HeuristicBreakdown, type TileContribution,
} from './heuristics.js';
export { SlidingTileProblem, type TileState } from './problem.js';
export type { SearchStats } from '../search/types.js';
export { puzzleSteps, type PuzzleStepOptions, type PuzzleStepSearch } from './steps.js';
export {
  STEP_ALGORITHMS, searchSteps, nextStep, type StepAlgorithm, type StepEvent, type StepNode, type StepOutcome, type StepOptions, type StepSearch,
  type ChildFate, type FrontierEntry,
} from '../search/steps.js';
export { effectiveBranchingFactor } from '../search/ebf.js';
export { boardsAtDepth, depthLayers, ENUMERATE_MAX_CELLS, type DepthBoards, type DepthOptions } from './depth.js';
export {
  runExperiment, parseDepths, experimentColumns, columnName, DEFAULT_EXPERIMENT_CAP,
  type ExperimentColumn, type ExperimentSpec, type ExperimentCell, type ExperimentResult, type ExperimentHooks,
} from './experiment.js';
export type { RawCell } from './parse.js';
export type { LocalOptions } from './options.js';
export type { SlidingTileOptions } from './problem.js';
export type { ParallelInfo } from './options.js';
