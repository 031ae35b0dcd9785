import type { Move } from '../puzzle/types.js';
import type { SearchStats } from './types.js';

/**
 * A search in progress, advanced in slices so that the caller can report progress, honour a
 * timeout or an AbortSignal, and keep a browser responsive. Both backends implement it: the TS
 * reference with generators, the WASM kernels with resumable loops whose state lives in linear
 * memory.
 */
export interface SearchRun {
  /**
   * Do at most `budget` more expansions. Returns the outcome when the search ended (found,
   * exhausted, or hit maxNodes), or null when the budget ran out first.
   */
  step(budget: number): RunOutcome | null;
  /** Statistics so far (timeMs is filled in by the driver). */
  stats(): SearchStats;
  /** Free resources (WASM memory); the run may not be stepped afterwards. */
  dispose(): void;
}

export type RunOutcome =
  | { kind: 'found'; moves: Move[] }
  | { kind: 'exhausted' }          // frontier empty / no path within the depth limit
  | { kind: 'node-limit' }         // expanded reached maxNodes
  | { kind: 'memory-limit' };      // the WASM instance hit --maximumMemory (trap caught, instance dropped)
