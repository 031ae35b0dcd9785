// The constructive solver's exported entry points (raw bindings: numbers and pointers only), typed
// for TypeScript in engine/src/puzzle/kernel.ts (ConstructExports).
//
// Host protocol: constructBegin(width, height) resets the arena and returns the input address:
// write the start board there (i32 per cell, 0 blank) and the goal right after it (+4·W·H bytes).
// constructRun() → 1 solved, 0 not solvable; the moves (u8 codes, PUZZLE_MOVE_*) at
// constructMovesPointer()/constructMovesLength(). constructPostPass() then shortens them: the result at
// constructPostPointer()/constructPostLength().

import { alloc, arenaReset } from '../common/arena';
import { constructSolve, movesPtr, movesLen } from './construct';
import { cancelPairs, resolveWindows } from './postpass';

let width: i32 = 0;
let height: i32 = 0;
let START: usize = 0;
let postPtr: usize = 0;
let postLen: i32 = 0;

export function constructBegin(w: i32, h: i32): usize {
  arenaReset();
  width = w;
  height = h;
  START = alloc(<usize>(w * h) << 3);
  postLen = 0;
  return START;
}

export function constructRun(): i32 {
  return constructSolve(width, height, START, START + (<usize>(width * height) << 2));
}

export function constructMovesPointer(): usize { return movesPtr; }
export function constructMovesLength(): i32 { return movesLen; }

export function constructPostPass(): i32 {
  const n = movesLen;
  const a = alloc(<usize>max(n, 1));
  const na = cancelPairs(movesPtr, n, a);
  postPtr = alloc(<usize>max(na, 1));
  const nb = resolveWindows(width, height, START, a, na, postPtr);
  postLen = cancelPairs(postPtr, nb, postPtr);
  return postLen;
}

export function constructPostPointer(): usize { return postPtr; }
export function constructPostLength(): i32 { return postLen; }
