/**
 * The puzzle solver's options and results, their defaults and validation, and the one mapping from
 * user text (CLI flags, web form fields) to options, shared by every client.
 */
import { codes } from '@searchlab/core-as';
import { BACKENDS, type Backend } from '../core/backend.js';
import { checkBoolean, checkObject, checkOptionalFunction, checkOptionalSignal } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { checkMemoryBytes } from '../core/memory.js';
import type { SearchStats } from '../search/types.js';
import type { Board, Move } from './types.js';

export type Algorithm =
  | 'bfs' | 'dfs' | 'iddfs' | 'ucs' | 'dijkstra' | 'greedy' | 'astar' | 'wastar' | 'idastar';
export type HeuristicName = 'misplaced' | 'manhattan' | 'euclidean' | 'linear-conflict';

export const ALGORITHMS: readonly Algorithm[] =
  ['bfs', 'dfs', 'iddfs', 'ucs', 'dijkstra', 'greedy', 'astar', 'wastar', 'idastar'];
export const HEURISTICS: readonly HeuristicName[] = ['misplaced', 'manhattan', 'euclidean', 'linear-conflict'];
/** Algorithms with a WASM kernel (those with a kernel code); the others always run on the TS reference. */
export const WASM_ALGORITHMS: readonly Algorithm[] = ALGORITHMS.filter((a) => a in codes.puzzle.algorithm);

/**
 * Solver settings as every client holds them (CLI flags, web form fields, worker messages): plain
 * and serialisable. `SolveOptions` adds what cannot cross a worker boundary.
 */
export interface SolveSettings {
  algorithm?: Algorithm;            // default 'astar'
  heuristic?: HeuristicName;        // default 'manhattan' (ignored by uninformed algorithms)
  /** Count the blank as a tile in misplaced/manhattan/euclidean (seed 004's variant; NOT admissible). */
  countBlank?: boolean;
  /** Weight w of weighted A*: f = g + w·h. Default 2 (only for 'wastar'). */
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
   */
  maxMemoryBytes?: number;
  /** Record g, h, f of every state on the solution path. */
  trace?: boolean;
}

export interface SolveOptions extends SolveSettings {
  signal?: AbortSignal;
  /** Called between slices of work with the statistics so far. */
  onProgress?: (stats: SearchStats) => void;
}

export interface TraceStep {
  board: Board;
  g: number;
  h: number;
  f: number;
}

export type SolveStatus = 'solved' | 'unsolvable' | 'limit' | 'aborted';

export interface SolveResult {
  status: SolveStatus;
  solvable: boolean;
  /** Number of moves of the path found (undefined unless solved). */
  length?: number;
  moves?: Move[];
  algorithm: Algorithm;
  heuristic?: HeuristicName;
  backend: Backend;
  stats: SearchStats;
  trace?: TraceStep[];
  /** Why it stopped when not solved (one line). */
  reason?: string;
}

/** SolveOptions after defaults and validation: what a backend's run receives. */
export interface NormalizedSolveOptions {
  algorithm: Algorithm;
  heuristic: HeuristicName;
  countBlank: boolean;
  weight: number;
  depthLimit: number;
  /** Infinity when unlimited. */
  maxNodes: number;
  /** undefined: the backend's default (core/memory.ts). */
  maxMemoryBytes?: number;
}

/** Algorithms whose order depends on h; the others ignore the heuristic. The one place that says so. */
export const INFORMED_ALGORITHMS: readonly Algorithm[] = ['greedy', 'astar', 'wastar', 'idastar'];
export const usesHeuristic = (algorithm: Algorithm): boolean => INFORMED_ALGORITHMS.includes(algorithm);

const isPositiveInteger = (x: unknown): boolean => typeof x === 'number' && Number.isInteger(x) && x > 0;

/** Defaults and validation; every message is one line naming the option. */
export function normalizeOptions(opts: SolveSettings = {}): NormalizedSolveOptions {
  checkObject(opts, 'options');
  checkBoolean(opts.countBlank, 'countBlank');
  checkBoolean(opts.trace, 'trace');
  const algorithm = opts.algorithm ?? 'astar';
  if (!ALGORITHMS.includes(algorithm)) {
    throw new InvalidInputError(`unknown algorithm '${String(algorithm)}' (expected one of ${ALGORITHMS.join(', ')})`);
  }
  const heuristic = opts.heuristic ?? 'manhattan';
  if (!HEURISTICS.includes(heuristic)) {
    throw new InvalidInputError(`unknown heuristic '${String(heuristic)}' (expected one of ${HEURISTICS.join(', ')})`);
  }
  const countBlank = opts.countBlank === true;
  if (countBlank && heuristic === 'linear-conflict') throw new InvalidInputError('countBlank is not allowed with linear-conflict');
  const weight = opts.weight ?? 2;
  if (typeof weight !== 'number' || !Number.isFinite(weight) || !(weight > 0)) throw new InvalidInputError('weight must be > 0');
  const depthLimit = opts.depthLimit ?? 50;
  if (typeof depthLimit !== 'number' || !Number.isInteger(depthLimit) || depthLimit < 0) {
    throw new InvalidInputError('depthLimit must be a non-negative integer');
  }
  const maxNodes = opts.maxNodes ?? Infinity;
  if (maxNodes !== Infinity && !isPositiveInteger(maxNodes)) throw new InvalidInputError('maxNodes must be a positive integer');
  if (opts.backend !== undefined && !BACKENDS.includes(opts.backend)) {
    throw new InvalidInputError(`unknown backend '${String(opts.backend)}' (expected wasm or ts)`);
  }
  if (opts.timeoutMs !== undefined && !(typeof opts.timeoutMs === 'number' && opts.timeoutMs > 0)) {
    throw new InvalidInputError('timeoutMs must be a positive number');
  }
  if (opts.maxMemoryBytes !== undefined) checkMemoryBytes(opts.maxMemoryBytes);
  return { algorithm, heuristic, countBlank, weight, depthLimit, maxNodes, maxMemoryBytes: opts.maxMemoryBytes };
}

/** Checks the options that stay on the caller's side (signal, onProgress). */
export function checkLocalOptions(local: Pick<SolveOptions, 'signal' | 'onProgress'>, name = 'options'): void {
  checkObject(local, name);
  checkOptionalSignal(local.signal, 'signal');
  checkOptionalFunction(local.onProgress, 'onProgress');
}

/**
 * The options a client passes to `solvePuzzle`: its settings (only the keys it set) plus what stays
 * on its side of a worker boundary. The CLI and the web worker both build options here.
 */
export function solveOptionsFrom(settings: SolveSettings, local: Pick<SolveOptions, 'signal' | 'onProgress'> = {}): SolveOptions {
  checkObject(settings, 'settings');
  checkLocalOptions(local, 'local');
  const options: SolveOptions = {};
  for (const [key, value] of Object.entries(settings)) {
    if (value !== undefined && value !== false) (options as Record<string, unknown>)[key] = value;
  }
  if (local.signal !== undefined) options.signal = local.signal;
  if (local.onProgress !== undefined) options.onProgress = local.onProgress;
  return options;
}
