// Messages between the page (worker-client.ts) and the search worker (worker.ts).
// Cancellation is done by terminating the worker, so there is no "abort" message.
import type { Algorithm, Backend, Board, HeuristicName, SearchStats, SolveResult } from '@searchlab/engine';

/** The solver settings the page sends; the worker passes them to solvePuzzle. */
export interface SolveSettings {
  algorithm: Algorithm;
  heuristic: HeuristicName;
  countBlank?: boolean;
  weight?: number;
  backend?: Backend;
  maxNodes?: number;
  timeoutMs?: number;
}

export interface SolveRequest {
  type: 'solve';
  id: number;
  start: Board;
  goal: Board;
  settings: SolveSettings;
}

/** One variant in a comparison: a heuristic, optionally counting the blank. */
export interface CompareVariant {
  heuristic: HeuristicName;
  countBlank: boolean;
}

export interface CompareRequest {
  type: 'compare';
  id: number;
  boards: Board[];
  goal: Board;
  variants: CompareVariant[];
  settings: Omit<SolveSettings, 'heuristic' | 'countBlank'>;
}

export type WorkerRequest = SolveRequest | CompareRequest;

/** Aggregate of one variant over all boards of a comparison. */
export interface CompareRow {
  heuristic: HeuristicName;
  countBlank: boolean;
  boards: number;
  /** Solution length per board, null where not solved (the page averages over boards all variants solved). */
  lengths: (number | null)[];
  /** Sums over all boards (limits included: the work was done). */
  expanded: number;
  generated: number;
  /** Largest frontier over all boards. */
  maxFrontier: number;
  timeMs: number;
  /** Statuses other than 'solved', with counts, e.g. { limit: 2 }. */
  unsolved: Record<string, number>;
}

export type WorkerReply =
  | { type: 'progress'; id: number; stats: SearchStats; label?: string }
  | { type: 'result'; id: number; result: SolveResult }
  | { type: 'compare-row'; id: number; row: CompareRow }
  | { type: 'compare-done'; id: number }
  | { type: 'error'; id: number; message: string; code?: string };
