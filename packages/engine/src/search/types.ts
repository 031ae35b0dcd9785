import type { Board, Move } from '../puzzle/types.js';

export type Algorithm =
  | 'bfs' | 'dfs' | 'iddfs' | 'ucs' | 'dijkstra' | 'greedy' | 'astar' | 'wastar' | 'idastar';
export type HeuristicName = 'misplaced' | 'manhattan' | 'euclidean' | 'linear-conflict';
export type Backend = 'wasm' | 'ts';

export const ALGORITHMS: readonly Algorithm[] =
  ['bfs', 'dfs', 'iddfs', 'ucs', 'dijkstra', 'greedy', 'astar', 'wastar', 'idastar'];
export const HEURISTICS: readonly HeuristicName[] = ['misplaced', 'manhattan', 'euclidean', 'linear-conflict'];
/** Algorithms with a WASM kernel; the others always run on the TS reference. */
export const WASM_ALGORITHMS: readonly Algorithm[] = ['bfs', 'ucs', 'greedy', 'astar', 'wastar', 'idastar'];

export interface SolveOptions {
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
  signal?: AbortSignal;
  /** Record g, h, f of every state on the solution path. */
  trace?: boolean;
  /** Called between slices of work with the statistics so far. */
  onProgress?: (stats: SearchStats) => void;
}

export interface SearchStats {
  /** Nodes taken off the frontier and expanded (goal test passed as false). */
  expanded: number;
  /** Successors created (every child produced by a legal move, before duplicate checks). */
  generated: number;
  /** Distinct states ever stored (reached table size); for IDA*, DFS, IDDFS, 0 (no table). */
  unique: number;
  /** Largest frontier size seen (open list / queue entries; for IDA* and DFS: largest path depth). */
  maxFrontier: number;
  /** Iterations of IDA* or IDDFS (1 for other algorithms). */
  iterations: number;
  timeMs: number;
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
}
