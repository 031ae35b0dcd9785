/**
 * The puzzle solver's options and results, their defaults and validation, and the one mapping from
 * user text (CLI flags, web form fields) to options, shared by every client.
 */
import { codes } from '#core-as';
import { BACKENDS, type Backend } from '../core/backend.js';
import { checkBoolean, checkObject, checkOptionalFunction, checkOptionalSignal, checkTimeoutMs, shown } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { checkMemoryBytes } from '../core/memory.js';
import type { SearchStats } from '../search/types.js';
import type { IterationReport } from '../search/parallel-ida.js';
import type { Board, Move } from './types.js';
import { HEURISTICS, type HeuristicName } from './heuristics.js';
import { PDB_NAMES, isPdbName, type PdbName, type PdbProgress } from './pdb.js';

export { HEURISTICS, type HeuristicName };

/**
 * The solving algorithms: uninformed searches (`bfs`, `dfs`, `iddfs`, `ucs`, `dijkstra`), informed ones
 * (`greedy`, `astar`, `wastar`, `idastar`, `wida`, `anytime`) and the constructive, non-optimal `construct`.
 */
export type Algorithm = 'bfs' | 'dfs' | 'iddfs' | 'ucs' | 'dijkstra' | 'greedy' | 'astar' | 'wastar' | 'idastar' | 'wida' | 'anytime' | 'construct';

/** Every {@link Algorithm}, in the order the CLI and the lab list them. */
export const ALGORITHMS: readonly Algorithm[] = [
  'bfs',
  'dfs',
  'iddfs',
  'ucs',
  'dijkstra',
  'greedy',
  'astar',
  'wastar',
  'idastar',
  'wida',
  'anytime',
  'construct',
];
/** Algorithms that are not searches: no heuristic, no node counts, boards up to MAX_SIDE (construct.ts). */
export const CONSTRUCTIVE_ALGORITHMS: readonly Algorithm[] = ['construct'];
/** What a solve may ask for: a heuristic, a pattern-database partition (idastar, wida, anytime), or `auto`. */
export type SolverHeuristic = HeuristicName | PdbName;
/**
 * A heuristic a user may ask for: a plain heuristic, a pattern database, or `auto` (the strongest that fits the board and the memory limit).
 */
export type HeuristicChoice = SolverHeuristic | 'auto';
/** Every {@link HeuristicChoice}. */
export const HEURISTIC_CHOICES: readonly HeuristicChoice[] = [...HEURISTICS, ...PDB_NAMES, 'auto'];
/** Algorithms with a WASM kernel (those with a kernel code, constructive ones, and anytime: runs of wida); the others always run on the TS reference. */
export const WASM_ALGORITHMS: readonly Algorithm[] = ALGORITHMS.filter(
  (a) => a in codes.puzzle.algorithm || CONSTRUCTIVE_ALGORITHMS.includes(a) || a === 'anytime',
);
/** The depth-first IDA* family: the algorithms that take pattern databases. */
export const IDA_ALGORITHMS: readonly Algorithm[] = ['idastar', 'wida', 'anytime'];
/** Algorithms that prove a bound on the length they return (reported as `bound`, with an admissible heuristic). */
export const BOUNDED_ALGORITHMS: readonly Algorithm[] = ['wastar', 'wida', 'anytime'];

/**
 * Solver settings as every client holds them (CLI flags, web form fields, worker messages): plain
 * and serialisable. `SolveOptions` adds what cannot cross a worker boundary.
 */
export interface SolveSettings {
  algorithm?: Algorithm; // default 'astar'
  /**
   * Default 'manhattan' (ignored by uninformed algorithms). pdb555 | pdb663 | pdb78 (15-puzzle),
   * pdb6666 | pdb55554 (24-puzzle): additive pattern databases (IDA*; the algorithm defaults to idastar). auto: the strongest database
   * that fits maxMemoryBytes, linear-conflict where none applies.
   */
  heuristic?: HeuristicChoice;
  /** Pattern databases: also look up the diagonally reflected board and take the max (default true). */
  pdbReflect?: boolean;
  /** Count the blank as a tile in misplaced/manhattan/euclidean (seed 004's variant; NOT admissible). */
  countBlank?: boolean;
  /**
   * Weight w ≥ 1 (default 2): wastar f = g + w·h; wida: weighted IDA* runs above w improve a
   * solution and IDA* iterations prove a lower bound until length ≤ w × lower bound (w as an exact
   * fraction, `weightFraction`); anytime: the first weight of its schedule. With an admissible
   * heuristic the length found is ≤ w × optimal.
   */
  weight?: number;
  /** Depth limit of 'dfs' (default 50). */
  depthLimit?: number;
  /** 'wasm' (default when the algorithm has a kernel) or 'ts' (the reference). */
  backend?: Backend;
  /** Stop once this many nodes were expanded (status 'limit'). */
  maxNodes?: number;
  /** Stop after this many milliseconds (status 'limit'). Checked between slices of work. */
  timeoutMs?: number;
  /**
   * Stop (status 'limit') once what the search stores passes this many bytes: the WASM arena, or
   * the TS reference's estimated bytes per stored node. Concurrent runs of one process also share
   * one budget (core/memory.ts). Default: `defaultMemoryBytes(backend)`, derived from the machine.
   * Pattern databases that would not fit are refused before they are built (status 'limit').
   */
  maxMemoryBytes?: number;
  /** Record g, h, f of every state on the solution path. */
  trace?: boolean;
}

export interface SolveOptions extends SolveSettings {
  signal?: AbortSignal;
  /** anytime: called with every better solution as it is found (lengths strictly decrease). */
  onImprovement?: (improvement: Improvement) => void;
  /** anytime: called whenever the proven lower bound on the optimal length rises (also between improvements). */
  onLowerBound?: (lowerBound: number, stats: SearchStats) => void;
  /** Called between slices of work with the statistics so far. */
  onProgress?: (stats: SearchStats) => void;
  /** Called while pattern databases are built. */
  onPdbProgress?: (progress: PdbProgress) => void;
}

/**
 * One board along a solution with its path cost g, heuristic h and f = g + h (a solve with `trace: true`).
 */
export interface TraceStep {
  board: Board;
  g: number;
  h: number;
  f: number;
}

/**
 * How a solve ended: solved, proven unsolvable, stopped by a limit (nodes, time, memory), or aborted by its signal.
 */
export type SolveStatus = 'solved' | 'unsolvable' | 'limit' | 'aborted';

/** One better solution of an anytime solve (docs/contracts/search.md "anytime"). */
export interface Improvement {
  length: number;
  moves: Move[];
  /** The weight of the wida run that found it. */
  weight: number;
  /** The best lower bound on the optimal length proven so far. */
  lowerBound: number;
  /** length / lowerBound: the proven ratio to optimal (absent when no bound is claimed). */
  bound?: number;
  /** Search statistics of the whole anytime solve so far. */
  stats: SearchStats;
}

/**
 * What {@link solvePuzzle} returns: the status, the moves (when solved), the algorithm, heuristic and
 * backend used, and the search's statistics (always, whatever the status).
 */
export interface SolveResult {
  status: SolveStatus;
  solvable: boolean;
  /** Number of moves of the path found (undefined unless solved). */
  length?: number;
  /** construct: the constructive list's length before the post-pass (`length` is after it), and the time of each part. */
  construct?: { lengthBefore: number; lengthAfter: number; constructMs: number; postPassMs: number };
  moves?: Move[];
  algorithm: Algorithm;
  heuristic?: SolverHeuristic;
  backend: Backend;
  stats: SearchStats;
  trace?: TraceStep[];
  /** Why it stopped when not solved (one line); anytime: also why it stopped improving. */
  reason?: string;
  /**
   * wastar, wida, anytime with an admissible heuristic: the proven factor, length ≤ bound × optimal
   * (w for wastar/wida, length / lowerBound for anytime). Absent when nothing is proven (countBlank).
   */
  bound?: number;
  /** A proven lower bound on the optimal length (bounded methods with an admissible heuristic). */
  lowerBound?: number;
  /** anytime: the length was proven optimal (lowerBound = length). */
  optimal?: boolean;
  /** anytime: every improvement in order (moves left out; the last one is this result). */
  improvements?: Omit<Improvement, 'moves'>[];
  /** Parallel IDA* (solvePuzzleParallel): how the iterations were split and where the solution was found. */
  parallel?: ParallelInfo;
}

/** How a parallel IDA* solve went (docs/contracts/search.md "Parallel IDA*"). */
export interface ParallelInfo {
  /** Subtrees searched at once. */
  workers: number;
  /** The subtree that found the solution: its iteration, position in depth-first order and root path. */
  foundIn?: { iteration: number; subtree: number; path: Move[] };
  /** Every iteration, its own counters (the last one's as far as it went). */
  iterations: IterationReport[];
}

/** SolveOptions after defaults and validation: what a backend's run receives. */
export interface NormalizedSolveOptions {
  algorithm: Algorithm;
  /** `auto` resolved; a pattern database's name is looked up (its tables loaded) where the run starts. */
  heuristic: SolverHeuristic;
  /** Pattern databases: also look up the reflected board. */
  pdbReflect: boolean;
  countBlank: boolean;
  weight: number;
  /** A wida run: an incumbent length (a node with g + h ≥ it is pruned); Infinity: none. Internal (optimistic.ts). */
  incumbent: number;
  /** A wida run: its threshold range (f units; contract "wida"), 0 and Infinity when unrestricted. Internal (optimistic.ts). */
  firstThreshold: number;
  lastThreshold: number;
  depthLimit: number;
  /** Infinity when unlimited. */
  maxNodes: number;
  /** undefined: the backend's default (core/memory.ts). */
  maxMemoryBytes?: number;
}

/** Algorithms whose order depends on h; the others ignore the heuristic. The one place that says so. */
export const INFORMED_ALGORITHMS: readonly Algorithm[] = ['greedy', 'astar', 'wastar', 'idastar', 'wida', 'anytime'];
export const usesHeuristic = (algorithm: Algorithm): boolean => INFORMED_ALGORITHMS.includes(algorithm);

const isPositiveInteger = (x: unknown): boolean => typeof x === 'number' && Number.isInteger(x) && x > 0;

/** Defaults and validation; every message is one line naming the option. */
export function normalizeOptions(opts: SolveSettings = {}): NormalizedSolveOptions {
  checkObject(opts, 'options');
  checkBoolean(opts.countBlank, 'countBlank');
  checkBoolean(opts.trace, 'trace');
  const heuristic = opts.heuristic ?? 'manhattan';
  const pdb = isPdbName(heuristic);
  const algorithm = opts.algorithm ?? (pdb ? 'idastar' : 'astar');
  if (!ALGORITHMS.includes(algorithm)) {
    throw new InvalidInputError(`unknown algorithm '${shown(algorithm)}' (expected one of ${ALGORITHMS.join(', ')})`);
  }
  if (heuristic === 'auto') throw new InvalidInputError("heuristic 'auto' is resolved by solvePuzzle (resolveHeuristic)");
  if (!pdb && !HEURISTICS.includes(heuristic)) {
    throw new InvalidInputError(`unknown heuristic '${shown(heuristic)}' (expected one of ${HEURISTIC_CHOICES.join(', ')})`);
  }
  if (pdb && !IDA_ALGORITHMS.includes(algorithm)) {
    throw new InvalidInputError(`the ${heuristic} pattern databases run with ${IDA_ALGORITHMS.join(', ')}, not ${algorithm}`);
  }
  if (opts.maxMemoryBytes !== undefined && !isPositiveInteger(opts.maxMemoryBytes)) throw new InvalidInputError('maxMemoryBytes must be a positive integer');
  const countBlank = opts.countBlank === true;
  if (countBlank && pdb) throw new InvalidInputError('countBlank is not allowed with pattern databases');
  if (countBlank && heuristic === 'linear-conflict') throw new InvalidInputError('countBlank is not allowed with linear-conflict');
  const weight = opts.weight ?? 2;
  if (typeof weight !== 'number' || !Number.isFinite(weight) || !(weight >= 1)) {
    throw new InvalidInputError(`weight must be a number ≥ 1 (got ${shown(weight)})`);
  }
  const depthLimit = opts.depthLimit ?? 50;
  if (typeof depthLimit !== 'number' || !Number.isInteger(depthLimit) || depthLimit < 0) {
    throw new InvalidInputError('depthLimit must be a non-negative integer');
  }
  const maxNodes = opts.maxNodes ?? Infinity;
  if (maxNodes !== Infinity && !isPositiveInteger(maxNodes)) throw new InvalidInputError('maxNodes must be a positive integer');
  if (opts.backend !== undefined && !BACKENDS.includes(opts.backend)) {
    throw new InvalidInputError(`unknown backend '${shown(opts.backend)}' (expected wasm or ts)`);
  }
  checkTimeoutMs(opts.timeoutMs);
  if (opts.maxMemoryBytes !== undefined) checkMemoryBytes(opts.maxMemoryBytes);
  return {
    algorithm,
    heuristic,
    pdbReflect: opts.pdbReflect !== false,
    countBlank,
    weight,
    incumbent: Infinity,
    firstThreshold: 0,
    lastThreshold: Infinity,
    depthLimit,
    maxNodes,
    maxMemoryBytes: opts.maxMemoryBytes,
  };
}

/** Checks the options that stay on the caller's side (signal, onProgress). */
export type LocalOptions = Pick<SolveOptions, 'signal' | 'onProgress' | 'onPdbProgress' | 'onImprovement' | 'onLowerBound'>;

export function checkLocalOptions(local: LocalOptions, name = 'options'): void {
  checkObject(local, name);
  checkOptionalSignal(local.signal, 'signal');
  checkOptionalFunction(local.onProgress, 'onProgress');
  checkOptionalFunction(local.onPdbProgress, 'onPdbProgress');
  checkOptionalFunction(local.onImprovement, 'onImprovement');
  checkOptionalFunction(local.onLowerBound, 'onLowerBound');
}

/**
 * The exact fraction num/den that weighted IDA* uses for w (contract "wida"): the least den ≤ 1000
 * with |num/den − w| ≤ 1e-9·w (1.2 → 6/5, 1.25 → 5/4); otherwise floor(1000·w)/1000, never above w.
 */
export function weightFraction(w: number): { num: number; den: number } {
  for (let den = 1; den <= 1000; den++) {
    const num = Math.round(w * den);
    if (Math.abs(num / den - w) <= 1e-9 * w) return { num, den };
  }
  return { num: Math.floor(w * 1000), den: 1000 };
}

/**
 * A puzzle solve's canonical spec: the settings that define it and nothing else — no transport
 * (database URLs, resume ids, job counts, file paths, output flags) and no callbacks. It is what
 * crosses CLI → engine → worker → queue, and what a queue job's key is hashed from.
 */
export type PuzzleSpec = SolveSettings;

/** The keys a PuzzleSpec may hold: every other key of the input is left out. */
export const PUZZLE_SPEC_KEYS = [
  'algorithm',
  'heuristic',
  'pdbReflect',
  'countBlank',
  'weight',
  'depthLimit',
  'backend',
  'maxNodes',
  'timeoutMs',
  'maxMemoryBytes',
  'trace',
] as const satisfies readonly (keyof SolveSettings)[];

/**
 * The one normaliser from user input (CLI flags mapped to names, a web form, API options) to a
 * PuzzleSpec: the known keys only, unset and default-off flags left out (so equal solves give equal
 * specs), validated. `auto` stays until `resolveHeuristic` resolves it against the goal, once.
 */
export function puzzleSpec(input: SolveSettings): PuzzleSpec {
  checkObject(input, 'settings');
  const spec: Record<string, unknown> = {};
  for (const key of PUZZLE_SPEC_KEYS) {
    const value = input[key];
    if (value === undefined || (value === false && key !== 'pdbReflect') || (value === true && key === 'pdbReflect')) continue;
    spec[key] = value;
  }
  normalizeOptions(spec.heuristic === 'auto' ? { ...spec, heuristic: undefined } : spec);
  return spec as PuzzleSpec;
}

/**
 * The options a client passes to `solvePuzzle`: its spec plus what stays on its side of a worker
 * boundary. The CLI and the web worker both build options here.
 */
export function solveOptionsFrom(settings: PuzzleSpec, local: LocalOptions = {}): SolveOptions {
  checkLocalOptions(local, 'local');
  const options: SolveOptions = { ...puzzleSpec(settings) };
  if (local.signal !== undefined) options.signal = local.signal;
  if (local.onProgress !== undefined) options.onProgress = local.onProgress;
  if (local.onPdbProgress !== undefined) options.onPdbProgress = local.onPdbProgress;
  if (local.onImprovement !== undefined) options.onImprovement = local.onImprovement;
  if (local.onLowerBound !== undefined) options.onLowerBound = local.onLowerBound;
  return options;
}
