// State shared by the puzzle kernels: run status codes, the counters of the search contract, the
// node limit and the solution path.

import { PUZZLE_STATUS_RUNNING, PUZZLE_STATUS_FOUND, PUZZLE_STATUS_EXHAUSTED, PUZZLE_STATUS_NODE_LIMIT } from '../generated/codes';
import { alloc } from '../common/arena';

export const ST_RUNNING: i32 = PUZZLE_STATUS_RUNNING;
export const ST_FOUND: i32 = PUZZLE_STATUS_FOUND;
export const ST_EXHAUSTED: i32 = PUZZLE_STATUS_EXHAUSTED;
export const ST_LIMIT: i32 = PUZZLE_STATUS_NODE_LIMIT;

export let expandedN: i64 = 0;
export let generatedN: i64 = 0;
export let uniqueN: i64 = 0;
export let maxFrontierN: i64 = 0;
export let iterationsN: i64 = 0;
/** Stop before an expansion once expanded >= maxNodes. */
export let maxNodesN: i64 = 0;

/** The solution: u8 move codes (0 up, 1 down, 2 left, 3 right). */
export let pathPtr: usize = 0;
export let pathLen: i32 = 0;

export function resetCounters(maxNodes: i64): void {
  expandedN = 0; generatedN = 0; uniqueN = 0; maxFrontierN = 0; iterationsN = 1;
  maxNodesN = maxNodes;
  pathPtr = 0; pathLen = 0;
}

/** Room for a path of `len` moves, filled by the caller (backwards from the goal). */
export function reservePath(len: i32): usize {
  pathPtr = alloc(<usize>len + 1);
  pathLen = len;
  return pathPtr;
}
