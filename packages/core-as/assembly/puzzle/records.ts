// Node records of the table-based searches (BFS and the best-first family), one per stored node in
// insertion order: the index is the contract's insertion seq, and BFS's FIFO queue is a head index.
//
// Fixed-size chunks (2^14 records, fewer on big boards) that never move; a directory maps chunk →
// address. Layout (8K + 24 bytes, so the packed words stay 8-aligned):
//   [K × u64 packed state][u32 g][i32 parent][i32 h][u32 info][u32 next + 1]
// info = blank cell | move << 10 | has-move << 12 | stale << 13. Records are immutable apart from
// `stale` (set when a later record reaches the same state with a smaller g) and `next` (the open
// list's FIFO link), so a path always follows the parents its popped goal entry was created with.

import { alloc, allocRecycled, grow } from '../common/arena';
import { K } from './model';

export const STALE: u32 = 1 << 13;
export const HAS_MOVE: u32 = 1 << 12;

let chShift: i32 = 14;
let chMask: i32 = (1 << 14) - 1;
export let recSize: usize = 0;
/** Offset of the fields after the packed state. */
export let offG: usize = 0;
let chunkDir: usize = 0;
let chunkCap: i32 = 0;
let chunks: i32 = 0;

export function initRecords(): void {
  recSize = (<usize>K << 3) + 24;
  offG = <usize>K << 3;
  chShift = 14;
  while (chShift > 6 && (recSize << chShift) > (1 << 20)) chShift--;
  chMask = (1 << chShift) - 1;
  chunkCap = 16; chunks = 0;
  chunkDir = alloc(<usize>chunkCap << 2);
}

@inline export function rec(i: i32): usize {
  return <usize>load<u32>(chunkDir + (<usize>(i >> chShift) << 2)) + <usize>(i & chMask) * recSize;
}
@inline export function recG(r: usize): i32 { return load<i32>(r + offG); }
@inline export function recParent(r: usize): i32 { return load<i32>(r + offG, 4); }
@inline export function recH(r: usize): i32 { return load<i32>(r + offG, 8); }
@inline export function recInfo(r: usize): u32 { return load<u32>(r + offG, 12); }
/** The next record + 1 in the record's open-list bucket (0: last). */
@inline export function recNext(r: usize): u32 { return load<u32>(r + offG, 16); }
@inline export function setRecNext(r: usize, next1: u32): void { store<u32>(r + offG, next1, 16); }

@inline export function setRecord(r: usize, g: i32, parent: i32, h: i32, info: u32): void {
  store<i32>(r + offG, g);
  store<i32>(r + offG, parent, 4);
  store<i32>(r + offG, h, 8);
  store<u32>(r + offG, info, 12);
  store<u32>(r + offG, 0, 16);
}

@inline export function markStale(r: usize): void {
  const o = r + offG + 12;
  store<u32>(o, load<u32>(o) | STALE);
}

/** Room for record `i` (allocates its chunk when it starts one). */
export function ensureRecord(i: i32): void {
  const c = i >> chShift;
  if (c < chunks) return;
  if (c >= chunkCap) {
    const n = chunkCap << 1;
    chunkDir = grow(chunkDir, <usize>chunkCap << 2, <usize>n << 2);
    chunkCap = n;
  }
  store<u32>(chunkDir + (<usize>(c) << 2), <u32>allocRecycled(recSize << chShift));
  chunks = c + 1;
}
