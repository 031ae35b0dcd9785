// BFS and the best-first family (ucs, greedy, astar, wastar) over packed states.
//
// Memory (all in the arena):
//   records  one per stored node, in insertion order (so the index is the contract's insertion
//            seq, and BFS's FIFO queue is just a head index). Fixed-size chunks (2^14 records, fewer
//            on big boards) that never move; a directory maps chunk → address. Layout (8K + 16 bytes):
//              [K × u64 packed state][u32 g][u32 parent][i32 h][u32 info]
//            info = blank cell | move << 10 | has-move << 12 | stale << 13. Records are immutable
//            apart from `stale` (set when a later record reaches the same state with a smaller g),
//            so a path always follows the parents its popped goal entry was created with.
//   table    open addressing, linear probing, state → its best record; doubles at load 1/2.
//            8-byte slots [u32 record + 1, 0 = empty][u32 hash]: a probe touches the record only
//            when the hashes match. The old table is released and recycled into record chunks.
//   heap     4-ary min-heap of 16-byte entries [f64 f][u64 (~g) << 32 | record], ordered by f,
//            then larger g, then smaller record index (earlier insertion).

import { alloc, allocRecycled, allocZeroed, grow, release } from '../arena';
import {
  C, N, K, nbr, delta, startBoard, goalBoard, startBlank, hKind,
  H_NONE, H_EUCLIDEAN, H_LINEAR,
  getCell, xorCell, pack, setTile, unpack, lineConflict, euclidean, fullH, positions, touchedLine,
} from './model';
import {
  ST_RUNNING, ST_FOUND, ST_EXHAUSTED, ST_LIMIT, reservePath,
  expandedN, generatedN, uniqueN, maxFrontierN, maxNodesN,
} from './common';

export const F_G: i32 = 0; // ucs
export const F_H: i32 = 1; // greedy
export const F_GH: i32 = 2; // astar
export const F_WGH: i32 = 3; // wastar

/** Records per chunk: 2^chShift, about 1 MiB per chunk at most (big boards have big records). */
let chShift: i32 = 14;
let chMask: i32 = (1 << 14) - 1;

let isBfs: bool = false;
let fKind: i32 = F_GH;
let weight: f64 = 1;

let recSize: usize = 0;
let offG: usize = 0;
let chunkDir: usize = 0;
let chunkCap: i32 = 0;
let chunks: i32 = 0;
let count: i32 = 0; // records stored
let head: i32 = 0; // BFS queue head

let table: usize = 0;
let tableCap: i32 = 0;
let tableSize: i32 = 0;
let slotAt: i32 = 0; // set by lookup: the matching or the empty slot

let heap: usize = 0;
let heapCap: i32 = 0;
let heapSize: i32 = 0;

let goalState: usize = 0;
let current: i32 = -1; // popped, not yet expanded (survives a step boundary)
let board: usize = 0; // u16[C] scratch for linear conflict / Euclidean
let pos: usize = 0; // i32[N]

@inline function rec(i: i32): usize {
  return <usize>load<u32>(chunkDir + (<usize>(i >> chShift) << 2)) + <usize>(i & chMask) * recSize;
}
@inline function recG(r: usize): i32 { return load<i32>(r + offG); }
@inline function recParent(r: usize): i32 { return load<i32>(r + offG, 4); }
@inline function recH(r: usize): i32 { return load<i32>(r + offG, 8); }
@inline function recInfo(r: usize): u32 { return load<u32>(r + offG, 12); }

/** Room for record `i` (allocates its chunk when it starts one). */
function ensureRecord(i: i32): void {
  const c = i >> chShift;
  if (c < chunks) return;
  if (c >= chunkCap) {
    const n = chunkCap << 1;
    chunkDir = grow(chunkDir, <usize>chunkCap << 2, <usize>n << 2);
    chunkCap = n;
  }
  store<u32>(chunkDir + (<usize>c << 2), <u32>allocRecycled(recSize << chShift));
  chunks = c + 1;
}

@inline function mix(x: u64): u64 {
  x ^= x >> 33; x *= 0xff51afd7ed558ccd;
  x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53;
  return x ^ (x >> 33);
}

function hashState(p: usize): u32 {
  let h: u64 = load<u64>(p);
  for (let i = 1; i < K; i++) h = mix(h) ^ load<u64>(p + (<usize>i << 3));
  return <u32>(mix(h) >> 32);
}

@inline function sameState(p: usize, q: usize): bool {
  for (let i = 0; i < K; i++) {
    if (load<u64>(p + (<usize>i << 3)) != load<u64>(q + (<usize>i << 3))) return false;
  }
  return true;
}

/** The record holding state p (hash h), or -1; `slotAt` is its slot or the empty one to fill. */
function lookup(p: usize, h: u32): i32 {
  const mask = tableCap - 1;
  let i = <i32>h & mask;
  while (true) {
    const slot = load<u64>(table + (<usize>i << 3));
    if (slot == 0) { slotAt = i; return -1; }
    if (<u32>(slot >> 32) == h) {
      const r = <i32>(<u32>slot) - 1;
      if (sameState(rec(r), p)) { slotAt = i; return r; }
    }
    i = (i + 1) & mask;
  }
}

@inline function setSlot(i: i32, r: i32, h: u32): void {
  store<u64>(table + (<usize>i << 3), (<u64>h << 32) | <u64>(r + 1));
}

function growTable(): void {
  const oldT = table, oldCap = tableCap;
  tableCap = oldCap << 1;
  table = allocZeroed(<usize>tableCap << 3);
  const mask = tableCap - 1;
  for (let i = 0; i < oldCap; i++) {
    const slot = load<u64>(oldT + (<usize>i << 3));
    if (slot == 0) continue;
    let j = <i32>(slot >> 32) & mask;
    while (load<u64>(table + (<usize>j << 3)) != 0) j = (j + 1) & mask;
    store<u64>(table + (<usize>j << 3), slot);
  }
  release(oldT, <usize>oldCap << 3);
}

// ---- heap ---------------------------------------------------------------------------------------
// A 4-ary heap (a node's children share a cache line). Entry: [f64 f][u64 tie], tie = (~g) << 32 |
// record, so one unsigned compare orders larger g first, then the earlier record.

@inline function tieOf(g: i32, r: i32): u64 {
  return (<u64>(~<u32>g) << 32) | <u64><u32>r;
}

@inline function before(f1: f64, t1: u64, f2: f64, t2: u64): bool {
  return f1 < f2 || (f1 == f2 && t1 < t2);
}

function push(f: f64, g: i32, r: i32): void {
  if (heapSize == heapCap) {
    heap = grow(heap, <usize>heapCap << 4, <usize>heapCap << 5);
    heapCap <<= 1;
  }
  const t = tieOf(g, r);
  let i = heapSize++;
  while (i > 0) {
    const p = (i - 1) >> 2;
    const e = heap + (<usize>p << 4);
    const pf = load<f64>(e), pt = load<u64>(e, 8);
    if (!before(f, t, pf, pt)) break;
    const dst = heap + (<usize>i << 4);
    store<f64>(dst, pf); store<u64>(dst, pt, 8);
    i = p;
  }
  const dst = heap + (<usize>i << 4);
  store<f64>(dst, f); store<u64>(dst, t, 8);
}

/** Removes the first entry and returns its record. */
function pop(): i32 {
  const top = <i32>load<u32>(heap, 8);
  const n = --heapSize;
  if (n == 0) return top;
  const last = heap + (<usize>n << 4);
  const f = load<f64>(last), t = load<u64>(last, 8);
  let i = 0;
  while (true) {
    const c0 = (i << 2) + 1;
    if (c0 >= n) break;
    let c = c0;
    let e = heap + (<usize>c0 << 4);
    let cf = load<f64>(e), ct = load<u64>(e, 8);
    const end = c0 + 4 < n ? c0 + 4 : n;
    for (let k = c0 + 1; k < end; k++) {
      const e2 = heap + (<usize>k << 4);
      const f2 = load<f64>(e2), t2 = load<u64>(e2, 8);
      if (before(f2, t2, cf, ct)) { c = k; cf = f2; ct = t2; }
    }
    if (!before(cf, ct, f, t)) break;
    const dst = heap + (<usize>i << 4);
    store<f64>(dst, cf); store<u64>(dst, ct, 8);
    i = c;
  }
  const dst = heap + (<usize>i << 4);
  store<f64>(dst, f); store<u64>(dst, t, 8);
  return top;
}

// ---- init ---------------------------------------------------------------------------------------

@inline function priority(g: i32, h: f64): f64 {
  if (fKind == F_G) return <f64>g;
  if (fKind == F_H) return h;
  if (fKind == F_GH) return <f64>g + h;
  return <f64>g + weight * h;
}

export function hashedInit(bfs: bool, f: i32, w: f64): i32 {
  isBfs = bfs; fKind = f; weight = w;
  recSize = (<usize>K << 3) + 16;
  offG = <usize>K << 3;
  chShift = 14;
  while (chShift > 6 && (recSize << chShift) > (1 << 20)) chShift--;
  chMask = (1 << chShift) - 1;
  chunkCap = 16; chunks = 0;
  chunkDir = alloc(<usize>chunkCap << 2);
  count = 0; head = 0; current = -1;
  tableCap = 4096; tableSize = 0;
  table = allocZeroed(<usize>tableCap << 3);
  heapCap = 256; heapSize = 0;
  heap = alloc(<usize>heapCap << 4);
  board = allocZeroed(<usize>C << 1);
  pos = alloc(<usize>N << 2);
  goalState = alloc(<usize>K << 3);
  pack(goalBoard, goalState);

  ensureRecord(0);
  const r = rec(0);
  pack(startBoard, r);
  let h: f64 = 0;
  if (!bfs && fKind != F_G) {
    memory.copy(board, startBoard, <usize>C << 1);
    positions(board, pos);
    h = fullH(board, pos);
  }
  store<i32>(r + offG, 0);
  store<i32>(r + offG, -1, 4);
  store<i32>(r + offG, <i32>h, 8);
  store<u32>(r + offG, <u32>startBlank, 12);
  count = 1;
  const hs = hashState(r);
  lookup(r, hs);
  setSlot(slotAt, 0, hs);
  tableSize = 1;
  uniqueN = 1;
  maxFrontierN = 1;
  if (bfs) {
    if (sameState(r, goalState)) { buildPath(0); return ST_FOUND; }
  } else {
    push(priority(0, h), 0, 0);
  }
  return ST_RUNNING;
}

function buildPath(r: i32): void {
  let len = 0;
  for (let i = r; recParent(rec(i)) >= 0; i = recParent(rec(i))) len++;
  const out = reservePath(len);
  let k = len;
  for (let i = r; k > 0; i = recParent(rec(i))) {
    store<u8>(out + <usize>(--k), <u8>((recInfo(rec(i)) >> 10) & 3));
  }
}

// ---- expansion ----------------------------------------------------------------------------------

/**
 * Writes the child of record `pr` (state at p) reached by moving the blank by d from a onto b into
 * the next free record slot, and looks it up. Returns the record already holding that state or -1;
 * `childHash` holds its hash.
 */
let childHash: u32 = 0;
@inline function makeChild(p: usize, a: i32, b: i32, t: i32): i32 {
  const c = rec(count); // room ensured by the caller for all four children
  for (let i = 0; i < K; i++) store<u64>(c + (<usize>i << 3), load<u64>(p + (<usize>i << 3)));
  xorCell(c, a, t);
  xorCell(c, b, t);
  childHash = hashState(c);
  return lookup(c, childHash);
}

@inline function commitChild(parent: i32, g: i32, h: i32, b: i32, d: i32): i32 {
  const c = rec(count);
  store<i32>(c + offG, g);
  store<i32>(c + offG, parent, 4);
  store<i32>(c + offG, h, 8);
  store<u32>(c + offG, <u32>b | (<u32>d << 10) | (1 << 12), 12);
  return count++;
}

@inline function insertNew(r: i32): void {
  setSlot(slotAt, r, childHash);
  tableSize++;
  uniqueN++;
  if (tableSize << 1 > tableCap) growTable();
}

function expandBfs(cur: i32): i32 {
  const p = rec(cur);
  const info = recInfo(p);
  const a = <i32>(info & 1023);
  const prune = info & (1 << 12) ? <i32>((info >> 10) & 3) ^ 1 : -1;
  const g = recG(p);
  ensureRecord(count + 3);
  for (let d = 0; d < 4; d++) {
    if (d == prune) continue;
    const b = load<i32>(nbr + (<usize>((a << 2) + d) << 2));
    if (b < 0) continue;
    generatedN++;
    const t = getCell(p, b);
    if (makeChild(p, a, b, t) >= 0) continue;
    const r = commitChild(cur, g + 1, 0, b, d);
    insertNew(r);
    if (sameState(rec(r), goalState)) { buildPath(r); return ST_FOUND; }
    const q = <i64>(count - head);
    if (q > maxFrontierN) maxFrontierN = q;
  }
  return ST_RUNNING;
}

function expandBest(cur: i32): void {
  const p = rec(cur);
  const info = recInfo(p);
  const a = <i32>(info & 1023);
  const prune = info & (1 << 12) ? <i32>((info >> 10) & 3) ^ 1 : -1;
  const g1 = recG(p) + 1;
  const ph = recH(p);
  const hk = fKind == F_G ? H_NONE : hKind;
  if (hk == H_LINEAR || hk == H_EUCLIDEAN) unpack(p, board, pos);
  ensureRecord(count + 3);
  for (let d = 0; d < 4; d++) {
    if (d == prune) continue;
    const b = load<i32>(nbr + (<usize>((a << 2) + d) << 2));
    if (b < 0) continue;
    generatedN++;
    const t = getCell(p, b);
    const old = makeChild(p, a, b, t);
    if (old >= 0 && g1 >= recG(rec(old))) continue;
    let h: f64 = 0;
    if (hk == H_EUCLIDEAN) {
      store<i32>(pos + (<usize>t << 2), a); store<i32>(pos, b);
      h = euclidean(pos);
      store<i32>(pos + (<usize>t << 2), b); store<i32>(pos, a);
    } else if (hk != H_NONE) {
      h = <f64>(ph + <i32>load<i8>(delta + (<usize>(t * C + b) << 2) + d));
      if (hk == H_LINEAR) {
        const line = touchedLine(t, a, b, d);
        if (line >= 0) {
          const before = lineConflict(board, line);
          setTile(board, a, t); setTile(board, b, 0);
          h += <f64>(2 * (lineConflict(board, line) - before));
          setTile(board, b, t); setTile(board, a, 0);
        }
      }
    }
    const r = commitChild(cur, g1, <i32>h, b, d);
    if (old >= 0) {
      const o = rec(old) + offG + 12;
      store<u32>(o, load<u32>(o) | (1 << 13)); // the old record's entries are stale now
      setSlot(slotAt, r, childHash);
    } else {
      insertNew(r);
    }
    push(priority(g1, h), g1, r);
    if (<i64>heapSize > maxFrontierN) maxFrontierN = <i64>heapSize;
  }
}

export function hashedStep(budget: i64): i32 {
  let left = budget;
  if (isBfs) {
    while (true) {
      if (head == count) return ST_EXHAUSTED;
      if (expandedN >= maxNodesN) return ST_LIMIT;
      if (left <= 0) return ST_RUNNING;
      left--;
      expandedN++;
      const cur = head++;
      if (expandBfs(cur) == ST_FOUND) return ST_FOUND;
    }
  }
  while (true) {
    if (current < 0) {
      if (heapSize == 0) return ST_EXHAUSTED;
      const r = pop();
      if (recInfo(rec(r)) & (1 << 13)) continue; // stale: a better g was found later
      current = r;
    }
    if (sameState(rec(current), goalState)) { buildPath(current); return ST_FOUND; }
    if (expandedN >= maxNodesN) return ST_LIMIT;
    if (left <= 0) return ST_RUNNING;
    left--;
    expandedN++;
    const cur = current;
    current = -1;
    expandBest(cur);
  }
}
