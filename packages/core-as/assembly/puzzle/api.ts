// The sliding-tile kernel's exported entry points (raw bindings: numbers and pointers only).
//
// Host protocol: write the start board (i32 per cell, -1 wall, 0 blank) at puzzleInput() and the
// goal at puzzleInput() + 4096 (MAX_CELLS i32s), call puzzleInit, then puzzleStep(budget) until it
// returns non-zero; read the counters and the path (puzzlePathPointer/pathLength: u8 moves 0 up 1 down
// 2 left 3 right).
// One run per instance at a time: puzzleInit resets the arena.

import {
  PUZZLE_ALGORITHM_BFS, PUZZLE_ALGORITHM_UCS, PUZZLE_ALGORITHM_GREEDY, PUZZLE_ALGORITHM_ASTAR, PUZZLE_ALGORITHM_WASTAR,
  PUZZLE_ALGORITHM_IDASTAR, PUZZLE_ALGORITHM_WIDA,
} from '../generated/codes';
import { SHARED, arenaReset, instanceData } from '../common/arena';
import { buildModel, MAX_CELLS, OK, E_OPTIONS, H_NONE, H_PDB, W, H, N, goalCell, startBoard } from './model';
import { searchInit } from '../pdb/lookup';
import {
  ST_RUNNING, resetCounters, expandedN, generatedN, uniqueN, maxFrontierN, iterationsN, pathPtr, pathLen,
} from './common';
import { idaInit, idaStep, idaWeighting, idaThreshold, idaSubtree, idaNextBound } from './idastar';
import { hashedInit, hashedStep, F_G, F_H, F_GH, F_WGH } from './hashed';
import { openDrop } from './open';

const A_BFS: i32 = PUZZLE_ALGORITHM_BFS;
const A_UCS: i32 = PUZZLE_ALGORITHM_UCS;
const A_GREEDY: i32 = PUZZLE_ALGORITHM_GREEDY;
const A_ASTAR: i32 = PUZZLE_ALGORITHM_ASTAR;
const A_WASTAR: i32 = PUZZLE_ALGORITHM_WASTAR;
const A_IDASTAR: i32 = PUZZLE_ALGORITHM_IDASTAR;
const A_WIDA: i32 = PUZZLE_ALGORITHM_WIDA;

const INPUT: usize = SHARED ? instanceData(MAX_CELLS * 8) : memory.data(MAX_CELLS * 8, 16);

let algorithm: i32 = -1;
let status: i32 = ST_RUNNING;

@inline function toI64(x: f64): i64 {
  return x >= 9.0e18 ? i64.MAX_VALUE : x <= 0 ? 0 : <i64>x;
}

export function puzzleInput(): usize {
  return INPUT;
}

/**
 * Prepares a run. algorithm: 0 bfs 1 ucs 2 greedy 3 astar 4 wastar 5 idastar 6 wida; heuristic: 0
 * misplaced 1 manhattan 2 euclidean 3 linear-conflict 4 pdb (idastar and wida only; ignored by bfs/ucs). Returns 0, or 1 board
 * too large, 2 inconsistent boards, 3 unsupported options. Counters start at the contract's
 * initial values; a start equal to the goal may already be found (puzzleStatus() == 1).
 */
export function puzzleInit(
  width: i32, height: i32, algo: i32, heuristic: i32, countBlank: i32, weight: f64, maxNodes: f64,
): i32 {
  arenaReset();
  openDrop();
  resetCounters(toI64(maxNodes));
  algorithm = -1;
  status = ST_RUNNING;
  if (algo < A_BFS || algo > A_WIDA) return E_OPTIONS;
  const uninformed = algo == A_BFS || algo == A_UCS;
  const code = buildModel(INPUT, width, height, uninformed ? H_NONE : heuristic, countBlank != 0 && !uninformed);
  if (code != OK) return code;
  if (!uninformed && heuristic == H_NONE) return E_OPTIONS;
  // Pattern databases: idastar and wida only, on a board the loaded set fits (pdb/api.ts loads it).
  const ida = algo == A_IDASTAR || algo == A_WIDA;
  if (heuristic == H_PDB && (!ida || !searchInit(W, H, N, goalCell, startBoard))) return E_OPTIONS;
  algorithm = algo;
  if (ida) {
    // wida: w = widaNum / widaDen exactly, pruning with widaIncumbent (puzzleWida, called before).
    idaWeighting(algo == A_WIDA, widaNum, widaDen, widaIncumbent, widaFirst, widaLast);
    if (subtreeOn && algo != A_IDASTAR) return E_OPTIONS;
    idaSubtree(subtreeOn, subtreeDepth, subtreeMove, subtreeThreshold);
    subtreeOn = false; // one run: the next puzzleInit searches from its start again unless asked
    status = idaInit();
  }
  else {
    const f = algo == A_UCS ? F_G : algo == A_GREEDY ? F_H : algo == A_WASTAR ? F_WGH : F_GH;
    status = hashedInit(algo == A_BFS, f, weight);
  }
  return OK;
}

/**
 * Runs at most `budget` expansions; returns 0 running, 1 found, 2 exhausted, 3 node limit (-1: no
 * run was prepared).
 */
export function puzzleStep(budget: f64): i32 {
  if (algorithm < 0) return -1;
  if (status != ST_RUNNING) return status;
  status = algorithm >= A_IDASTAR ? idaStep(toI64(budget)) : hashedStep(toI64(budget));
  return status;
}

let widaNum: f64 = 1;
let widaDen: f64 = 1;
let widaIncumbent: f64 = Infinity;
let widaFirst: f64 = 0;
let widaLast: f64 = Infinity;

/**
 * The weight (num/den, integers ≥ 1, num ≥ den), the incumbent length (Infinity: none) and the
 * threshold range [first, last] (f units; 0 and Infinity: unrestricted) of the next wida run; call
 * before puzzleInit.
 */
export function puzzleWida(num: f64, den: f64, incumbent: f64, first: f64, last: f64): void {
  widaNum = num; widaDen = den; widaIncumbent = incumbent; widaFirst = first; widaLast = last;
}
let subtreeOn = false;
let subtreeDepth: i32 = 0;
let subtreeMove: i32 = -1;
let subtreeThreshold: f64 = 0;

/**
 * Makes the next puzzleInit (idastar only) search one subtree of parallel IDA* (docs/contracts/search.md
 * "Parallel IDA*"): the start board is a node at `depth` reached by `incoming` (a move code; -1: none),
 * searched with one iteration at `threshold`. The run ends found (the path below that node) or
 * exhausted; puzzleNextThreshold() is then the least f over the threshold (Infinity: none).
 */
export function puzzleSubtree(depth: i32, incoming: i32, threshold: f64): void {
  subtreeOn = true; subtreeDepth = depth; subtreeMove = incoming; subtreeThreshold = threshold;
}
/** idastar / wida: the least f over the threshold seen in the iteration in progress (a subtree's answer once it ended). */
export function puzzleNextThreshold(): f64 { return idaNextBound(); }

/** wida / idastar: the current IDA* threshold (f units: den·g + num·h for wida). */
export function puzzleThreshold(): f64 { return idaThreshold(); }

export function puzzleStatus(): i32 { return status; }
export function puzzleExpanded(): f64 { return <f64>expandedN; }
export function puzzleGenerated(): f64 { return <f64>generatedN; }
export function puzzleUnique(): f64 { return <f64>uniqueN; }
export function puzzleMaxFrontier(): f64 { return <f64>maxFrontierN; }
export function puzzleIterations(): f64 { return <f64>iterationsN; }
export function puzzlePathPointer(): usize { return pathPtr; }
export function puzzlePathLength(): i32 { return pathLen; }
