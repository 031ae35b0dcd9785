// BFS and the best-first family (ucs, greedy, astar, wastar) over packed states.
//
// Memory (all in the arena): node records (records.ts), the open list (open.ts), and
//   table    open addressing, linear probing, state → its best record; doubles at load 3/4.
//            8-byte slots, the u64 check << 32 | record + 1 (0 = empty). check = the top 32 bits of
//            the state's 64-bit hash; its top bits are the home slot, so growing rehashes from the
//            slots alone (and writes the new table almost in order). A record is read only when
//            the check matches: a new state (most children) costs one probe. Small slots keep the
//            table (the random accesses that bound big searches) cache- and TLB-friendlier.
//            The old table is released and recycled into record chunks.

import { allocZeroed, alloc, release } from '../common/arena';
import {
  C, N, K, nbr, delta, deltaShift, packShift, fieldMask, startBoard, goalBoard, startBlank, hKind,
  H_NONE, H_EUCLIDEAN, H_LINEAR,
  getCell, xorCell, pack, setTile, unpack, lineConflict, lineConflictPacked, euclidean, fullH, positions, touchedLine,
} from './model';
import {
  ST_RUNNING, ST_FOUND, ST_EXHAUSTED, ST_LIMIT, reservePath,
  expandedN, generatedN, uniqueN, maxFrontierN, maxNodesN,
} from './common';
import {
  initRecords, ensureRecord, rec, recG, recParent, recH, recInfo, setRecord, markStale,
  STALE, HAS_MOVE,
} from './records';
import { openInit, openPush, openPop, openSize } from './open';

export const F_G: i32 = 0; // ucs
export const F_H: i32 = 1; // greedy
export const F_GH: i32 = 2; // astar
export const F_WGH: i32 = 3; // wastar

let isBfs: bool = false;
let fKind: i32 = F_GH;

let count: i32 = 0; // records stored
let head: i32 = 0; // BFS queue head

let table: usize = 0;
let tableCap: i32 = 0;
let tableSize: i32 = 0;
let tableShift: i32 = 0; // 32 - log2(tableCap)
let slotAt: usize = 0; // set by lookup: the matching or the empty slot
let slotG: i32 = 0; // set by lookup on a match: g of the stored record

let goalState: usize = 0;
let current: i32 = -1; // popped, not yet expanded (survives a step boundary)
let board: usize = 0; // u16[C] scratch for linear conflict / Euclidean
let pos: usize = 0; // i32[N]

@inline function mix(x: u64): u64 {
  x ^= x >> 33; x *= 0xff51afd7ed558ccd;
  x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53;
  return x ^ (x >> 33);
}

/** The key of the packed state at p: the state itself when K = 1, else its 64-bit hash. */
@inline function keyOf(p: usize): u64 {
  let h: u64 = load<u64>(p);
  if (K == 1) return h;
  for (let i = 1; i < K; i++) h = mix(h) ^ load<u64>(p + (<usize>i << 3));
  return mix(h);
}

/**
 * The slot check of a key: the top 32 bits of the state's 64-bit hash (the key is already a hash
 * unless K = 1). Its top bits pick the home slot, so a growing table rehashes from the slots alone.
 */
@inline function checkOf(key: u64): u32 {
  return <u32>((K == 1 ? mix(key) : key) >> 32);
}

@inline function homeOf(check: u32): i32 {
  return <i32>(check >> tableShift);
}

@inline function sameState(p: usize, q: usize): bool {
  for (let i = 0; i < K; i++) {
    if (load<u64>(p + (<usize>i << 3)) != load<u64>(q + (<usize>i << 3))) return false;
  }
  return true;
}

/**
 * The record holding state p (table key `key`, slot check `check`), or -1; `slotAt` is its slot or
 * the empty one to fill, `slotG` the record's g. `one`: K = 1, so the key is the state (a constant
 * in each inlined copy).
 */
@inline function lookup(p: usize, key: u64, check: u32, one: bool): i32 {
  const mask = tableCap - 1;
  let i = homeOf(check);
  while (true) {
    const s = table + (<usize>i << 3);
    const v = load<u64>(s);
    if (v == 0) { slotAt = s; return -1; }
    if (<u32>(v >> 32) == check) {
      const r = <i32><u32>v - 1;
      const q = rec(r);
      if (one ? load<u64>(q) == key : sameState(q, p)) {
        slotAt = s;
        slotG = recG(q);
        return r;
      }
    }
    i = (i + 1) & mask;
  }
}

@inline function setSlot(s: usize, check: u32, r: i32): void {
  store<u64>(s, (<u64>check << 32) | <u64><u32>(r + 1));
}

function growTable(): void {
  const oldT = table, oldCap = tableCap;
  tableCap = oldCap << 1;
  tableShift--;
  table = allocZeroed(<usize>tableCap << 3);
  const mask = tableCap - 1;
  for (let i = 0; i < oldCap; i++) {
    const v = load<u64>(oldT + (<usize>i << 3));
    if (v == 0) continue;
    let j = homeOf(<u32>(v >> 32));
    while (load<u64>(table + (<usize>j << 3)) != 0) j = (j + 1) & mask;
    store<u64>(table + (<usize>j << 3), v);
  }
  release(oldT, <usize>oldCap << 3);
}

// ---- init -------------------------------------------------------------------------------------

export function hashedInit(bfs: bool, f: i32, w: f64): i32 {
  isBfs = bfs; fKind = f;
  initRecords();
  count = 0; head = 0; current = -1;
  tableCap = 8192; tableShift = 32 - 13; tableSize = 0;
  table = allocZeroed(<usize>tableCap << 3);
  board = allocZeroed(<usize>C << 1);
  pos = alloc(<usize>N << 2);
  goalState = alloc(<usize>K << 3);
  pack(goalBoard, goalState);
  kidState = alloc(<usize>K << 5);
  kidKey = alloc(32);
  kidCheck = alloc(16);
  kidMove = alloc(16);
  const hk = bfs || f == F_G ? H_NONE : hKind;
  variant = (K == 1 ? 0 : 3) + (hk == H_NONE ? 0 : hk == H_EUCLIDEAN ? 2 : 1);
  if (!bfs) openInit(f == F_H ? 0 : 1, f == F_G ? 0 : f == F_WGH ? w : 1, hk != H_EUCLIDEAN);

  ensureRecord(0);
  const r = rec(0);
  pack(startBoard, r);
  let h: f64 = 0;
  if (hk != H_NONE) {
    memory.copy(board, startBoard, <usize>C << 1);
    positions(board, pos);
    h = fullH(board, pos);
  }
  setRecord(r, 0, -1, <i32>h, <u32>startBlank);
  count = 1;
  const key = keyOf(r);
  const check = checkOf(key);
  lookup(r, key, check, false);
  setSlot(slotAt, check, 0);
  tableSize = 1;
  uniqueN = 1;
  maxFrontierN = 1;
  if (bfs) {
    if (sameState(r, goalState)) { buildPath(0); return ST_FOUND; }
  } else {
    openPush(0, <i32>h, h, 0);
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
// An expansion first gathers its children (state, table key, move) and touches each child's home
// slot, so the cache misses of the (up to four) probes overlap instead of running one after another
// (they bound big searches); then it handles the children in successor order as the contract says.
// The expansion functions are inlined copies specialised by constant arguments: `one` (K = 1: the
// state is one u64 kept in registers and is its own table key) and the heuristic kind.

/** Children of the node being expanded (≤ 4): */
let kids: i32 = 0;
let kidState: usize = 0; // u64[4 * K]: the states (K > 1 only; for K = 1 the key is the state)
let kidKey: usize = 0; // u64[4]: key (the state itself when K = 1)
let kidCheck: usize = 0; // u32[4]: slot check of the key
let kidMove: usize = 0; // i32[4]: d | b << 2 | t << 12 (move, the blank's new cell, the moved tile)
/** Sum of the touched slots: kept so the touching loads are not optimised away. */
let touched: u32 = 0;

@inline function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}

@inline function gatherChildren(p: usize, info: u32, one: bool): void {
  const a = <i32>(info & 1023);
  const prune = info & HAS_MOVE ? <i32>((info >> 10) & 3) ^ 1 : -1;
  const p0 = load<u64>(p);
  const sa = <u64>i32At(packShift, a);
  let n = 0;
  let sum: u32 = 0;
  for (let d = 0; d < 4; d++) {
    if (d == prune) continue;
    const b = i32At(nbr, (a << 2) + d);
    if (b < 0) continue;
    let key: u64, t: i32;
    if (one) {
      const sb = <u64>i32At(packShift, b);
      const tt = (p0 >> sb) & fieldMask;
      t = <i32>tt;
      key = p0 ^ (tt << sa) ^ (tt << sb);
    } else {
      t = getCell(p, b);
      const c = kidState + (<usize>(n * K) << 3);
      for (let i = 0; i < K; i++) store<u64>(c + (<usize>i << 3), load<u64>(p + (<usize>i << 3)));
      xorCell(c, a, t);
      xorCell(c, b, t);
      key = keyOf(c);
    }
    const check = checkOf(key);
    store<u64>(kidKey + (<usize>n << 3), key);
    store<u32>(kidCheck + (<usize>n << 2), check);
    store<i32>(kidMove + (<usize>n << 2), d | (b << 2) | (t << 12));
    sum += load<u32>(table + (<usize>homeOf(check) << 3));
    n++;
  }
  touched += sum;
  kids = n;
}

/** Looks child j up in the table (see lookup). */
@inline function lookupChild(j: i32, one: bool): i32 {
  return lookup(
    kidState + (<usize>(j * K) << 3), load<u64>(kidKey + (<usize>j << 3)), load<u32>(kidCheck + (<usize>j << 2)), one,
  );
}

/** Stores child j as record `count` with its fields; returns its index. */
@inline function commitChild(j: i32, one: bool, parent: i32, g: i32, h: i32, b: i32, d: i32): i32 {
  const r = rec(count);
  if (one) store<u64>(r, load<u64>(kidKey + (<usize>j << 3)));
  else {
    const c = kidState + (<usize>(j * K) << 3);
    for (let i = 0; i < K; i++) store<u64>(r + (<usize>i << 3), load<u64>(c + (<usize>i << 3)));
  }
  setRecord(r, g, parent, h, <u32>b | (<u32>d << 10) | HAS_MOVE);
  return count++;
}

@inline function insertNew(check: u32, r: i32): void {
  setSlot(slotAt, check, r);
  tableSize++;
  uniqueN++;
  if (tableSize > tableCap - (tableCap >> 2)) growTable();
}

@inline function isGoal(p: usize, one: bool): bool {
  return one ? load<u64>(p) == load<u64>(goalState) : sameState(p, goalState);
}

@inline function expandBfsImpl(cur: i32, one: bool): i32 {
  const p = rec(cur);
  const g1 = recG(p) + 1;
  gatherChildren(p, recInfo(p), one);
  ensureRecord(count + 3);
  for (let j = 0; j < kids; j++) {
    generatedN++;
    if (lookupChild(j, one) >= 0) continue;
    const m = i32At(kidMove, j);
    const r = commitChild(j, one, cur, g1, 0, (m >> 2) & 1023, m & 3);
    insertNew(load<u32>(kidCheck + (<usize>j << 2)), r);
    if (isGoal(rec(r), one)) { buildPath(r); return ST_FOUND; }
    const q = <i64>(count - head);
    if (q > maxFrontierN) maxFrontierN = q;
  }
  return ST_RUNNING;
}

function expandBfs1(cur: i32): i32 { return expandBfsImpl(cur, true); }
function expandBfsK(cur: i32): i32 { return expandBfsImpl(cur, false); }

/**
 * One copy per (one-word state?, heuristic kind): `hk` = H_NONE, H_EUCLIDEAN, or -2 for the
 * table-delta heuristics (misplaced, manhattan, linear conflict: linear conflict is then a
 * run-time test, so A* with either shares one warmed-up copy).
 */
const H_INT: i32 = -2;
@inline function expandBestImpl(cur: i32, one: bool, hk: i32): void {
  const p = rec(cur);
  const info = recInfo(p);
  const a = <i32>(info & 1023);
  const g1 = recG(p) + 1;
  const ph = recH(p);
  const linear = hk == H_INT && hKind == H_LINEAR;
  gatherChildren(p, info, one);
  // linear conflict reads one-word states straight from their bits, else from the unpacked board
  if (hk == H_EUCLIDEAN || (linear && !one)) unpack(p, board, pos);
  ensureRecord(count + 3);
  for (let j = 0; j < kids; j++) {
    generatedN++;
    const old = lookupChild(j, one);
    if (old >= 0 && (fKind == F_H || g1 >= slotG)) continue; // greedy never reopens (contract)
    const m = i32At(kidMove, j);
    const d = m & 3, b = (m >> 2) & 1023, t = m >> 12;
    let h = 0;
    let hf: f64 = 0;
    if (hk == H_EUCLIDEAN) {
      store<i32>(pos + (<usize>t << 2), a); store<i32>(pos, b);
      hf = euclidean(pos);
      store<i32>(pos + (<usize>t << 2), b); store<i32>(pos, a);
      h = <i32>hf;
    } else if (hk != H_NONE) {
      h = ph + <i32>load<i8>(delta + (<usize>((t << deltaShift) + b) << 2) + d);
      if (linear) {
        const line = touchedLine(t, a, b, d);
        if (line < 0) {
          // the move changes no line's conflicts
        } else if (one) {
          const child = load<u64>(kidKey + (<usize>j << 3));
          h += 2 * (lineConflictPacked(child, line) - lineConflictPacked(load<u64>(p), line));
        } else {
          const before = lineConflict(board, line);
          setTile(board, a, t); setTile(board, b, 0);
          h += 2 * (lineConflict(board, line) - before);
          setTile(board, b, t); setTile(board, a, 0);
        }
      }
      hf = <f64>h;
    }
    const r = commitChild(j, one, cur, g1, h, b, d);
    const check = load<u32>(kidCheck + (<usize>j << 2));
    if (old >= 0) {
      markStale(rec(old)); // the old record's entries are stale now
      setSlot(slotAt, check, r);
    } else {
      insertNew(check, r);
    }
    openPush(g1, h, hf, r);
    if (<i64>openSize > maxFrontierN) maxFrontierN = <i64>openSize;
  }
}

// Separate functions keep each small: the engine optimises (and compiles) only the copy a run uses.
function expandBest1None(cur: i32): void { expandBestImpl(cur, true, H_NONE); }
function expandBest1Int(cur: i32): void { expandBestImpl(cur, true, H_INT); }
function expandBest1Euclid(cur: i32): void { expandBestImpl(cur, true, H_EUCLIDEAN); }
function expandBestKNone(cur: i32): void { expandBestImpl(cur, false, H_NONE); }
function expandBestKInt(cur: i32): void { expandBestImpl(cur, false, H_INT); }
function expandBestKEuclid(cur: i32): void { expandBestImpl(cur, false, H_EUCLIDEAN); }

/** Which copy this run uses: (K > 1) * 3 + heuristic slot (0 none, 1 table delta, 2 euclid). */
let variant: i32 = 0;

function expandBest(cur: i32): void {
  switch (variant) {
    case 0: expandBest1None(cur); break;
    case 1: expandBest1Int(cur); break;
    case 2: expandBest1Euclid(cur); break;
    case 3: expandBestKNone(cur); break;
    case 4: expandBestKInt(cur); break;
    default: expandBestKEuclid(cur);
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
      if ((K == 1 ? expandBfs1(cur) : expandBfsK(cur)) == ST_FOUND) return ST_FOUND;
    }
  }
  while (true) {
    if (current < 0) {
      if (openSize == 0) return ST_EXHAUSTED;
      const r = openPop();
      if (recInfo(rec(r)) & STALE) continue; // a better g was found later
      current = r;
    }
    if (isGoal(rec(current), K == 1)) { buildPath(current); return ST_FOUND; }
    if (expandedN >= maxNodesN) return ST_LIMIT;
    if (left <= 0) return ST_RUNNING;
    left--;
    expandedN++;
    const cur = current;
    current = -1;
    expandBest(cur);
  }
}
