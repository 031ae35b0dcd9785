// The open list of the best-first family, in the contract's order: smallest f, then LARGER g,
// then earlier insertion. Every push creates a new record, so the record index is the insertion
// seq and an entry is just its record. Stale entries stay in (lazy deletion) and count in `openSize`.
//
// Two representations, one order:
//   buckets  when f is an exact multiple of 1/2^k for every node (integer h; ucs, greedy, astar,
//            and wastar with a dyadic weight such as 2, 1.5, 1.25): key = 2^k·f is an integer and
//            an entry goes to the FIFO of bucket (key, g), linked through the records' `next`
//            field. A dense grid of buckets, rows by key, columns by g; pop takes the lowest
//            non-empty row, in it the highest non-empty g, the head of that FIFO. O(1) per push.
//   heap     otherwise (euclidean h, other weights), and when the grid would grow too sparse for
//            the records it holds (then every entry moves over once): a 4-ary min-heap of 16-byte
//            entries [f64 f][u64 (~g) << 32 | record].

import { alloc, allocZeroed, grow, release } from '../common/arena';
import { rec, recNext, setRecNext } from './records';

/** Entries in the open list, stale ones included. */
export let openSize: i32 = 0;

let useBuckets: bool = false;
/** Whether the run in progress has this open list (openInit sets it, openDrop clears it). */
let inUse: bool = false;
/** f = gw·g + hw·h, in f64 with these operations (exact: gw is 0 or 1). */
let gw: f64 = 1;
let hw: f64 = 1;
// In bucket mode f = (gMul·g + hMul·h) / scale exactly; the key is the integer gMul·g + hMul·h.
let gMul: i32 = 1;
let hMul: i32 = 1;
let scale: f64 = 1;

let grid: usize = 0; // u64[fCap * gCap]: head + 1 | (tail + 1) << 32, 0 = empty
let fCap: i32 = 0;
let gCap: i32 = 0;
let rowCount: usize = 0; // i32[fCap]: entries in the row
let rowTop: usize = 0; // i32[fCap]: no entry of the row has a larger g (-1 when the row is empty)
let fMin: i32 = 0; // no entry has a smaller key

let heap: usize = 0;
let heapCap: i32 = 0;
let heapSize: i32 = 0;

/**
 * Prepares an empty open list for f = gWeight·g + hWeight·h (gWeight 0 or 1; hWeight the weight of
 * wastar, 0 for ucs); `intH`: h is an integer. Buckets when the keys are exact small integers.
 */
export function openInit(gWeight: i32, hWeight: f64, intH: bool): void {
  gw = <f64>gWeight; hw = hWeight;
  openSize = 0;
  heapSize = 0;
  heapCap = 0;
  heap = 0;
  useBuckets = false;
  inUse = true;
  if (!intH) return;
  // the smallest k with hw·2^k an integer (a dyadic weight), keys kept small
  let k = 0;
  let m = hw;
  while (m != Math.floor(m) && k < 8) { m *= 2; k++; }
  if (m != Math.floor(m) || m > 65536) return;
  scale = <f64>(1 << k);
  gMul = gWeight << k;
  hMul = <i32>m;
  useBuckets = true;
  fCap = 64; gCap = 32;
  grid = allocZeroed(<usize>(fCap * gCap) << 3);
  rowCount = allocZeroed(<usize>fCap << 2);
  rowTop = alloc(<usize>fCap << 2);
  memory.fill(rowTop, 0xff, <usize>fCap << 2);
  fMin = fCap;
}

@inline function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}
@inline function setI32(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}

/** Adds record r (cost g, heuristic h, hf the same as f64) to the open list. */
@inline export function openPush(g: i32, h: i32, hf: f64, r: i32): void {
  openSize++;
  if (useBuckets) {
    const key = <i64>gMul * <i64>g + <i64>hMul * <i64>h;
    if (key < <i64>fCap && g < gCap) { bucketAppend(<i32>key, g, r); return; }
    if (growGrid(key, g)) { bucketAppend(<i32>key, g, r); return; }
  }
  heapPush(gw * <f64>g + hw * hf, g, r);
}

/** Forgets the open list: a new run starts (its memory went with the arena's reset). */
export function openDrop(): void {
  inUse = false;
}

/**
 * The open list of the run in progress: 1 the bucket grid, 2 the heap, 0 none (bfs, idastar, no
 * run). A diagnostic, exported by the testing build only (assembly/testing.ts).
 */
export function openKind(): i32 {
  return !inUse ? 0 : useBuckets ? 1 : 2;
}

/** Removes the first entry and returns its record (the list is not empty). */
@inline export function openPop(): i32 {
  openSize--;
  return useBuckets ? bucketPop() : heapPop();
}

// ---- buckets ------------------------------------------------------------------------------------

@inline function bucketAppend(key: i32, g: i32, r: i32): void {
  const b = grid + (<usize>(key * gCap + g) << 3);
  const e = load<u64>(b);
  const r1 = <u64>(r + 1);
  if (e == 0) store<u64>(b, r1 | (r1 << 32));
  else {
    setRecNext(rec(<i32>(e >> 32) - 1), <u32>r1);
    store<u64>(b, (e & 0xffffffff) | (r1 << 32));
  }
  setI32(rowCount, key, i32At(rowCount, key) + 1);
  if (g > i32At(rowTop, key)) setI32(rowTop, key, g);
  if (key < fMin) fMin = key;
}

function bucketPop(): i32 {
  let f = fMin;
  while (i32At(rowCount, f) == 0) f++;
  fMin = f;
  let g = i32At(rowTop, f);
  let b = grid + (<usize>(f * gCap + g) << 3);
  let e = load<u64>(b);
  while (e == 0) { g--; b -= 8; e = load<u64>(b); }
  const r = <i32>(e & 0xffffffff) - 1;
  const next1 = <u64>recNext(rec(r));
  store<u64>(b, next1 == 0 ? 0 : (e & 0xffffffff00000000) | next1);
  const n = i32At(rowCount, f) - 1;
  setI32(rowCount, f, n);
  setI32(rowTop, f, n == 0 ? -1 : g);
  return r;
}

/**
 * Makes room in the grid for (key, g); false when the grid would outgrow its budget (a few
 * buckets per stored record): the entries then move to the heap for the rest of the run.
 */
function growGrid(key: i64, g: i32): bool {
  let nf = fCap, ng = gCap;
  while (<i64>nf <= key && nf < (1 << 28)) nf <<= 1;
  while (ng <= g && ng < (1 << 28)) ng <<= 1;
  const cells = <i64>nf * <i64>ng;
  if (key >= <i64>nf || g >= ng || cells > max<i64>(1 << 18, <i64>openSize << 2)) {
    toHeap();
    return false;
  }
  const oldBytes = <usize>(fCap * gCap) << 3;
  if (ng == gCap) {
    grid = grow(grid, oldBytes, <usize>cells << 3);
    memory.fill(grid + oldBytes, 0, (<usize>cells << 3) - oldBytes);
  } else {
    const fresh = allocZeroed(<usize>cells << 3);
    for (let f = 0; f < fCap; f++) {
      memory.copy(fresh + (<usize>(f * ng) << 3), grid + (<usize>(f * gCap) << 3), <usize>gCap << 3);
    }
    release(grid, oldBytes);
    grid = fresh;
  }
  if (nf != fCap) {
    rowCount = grow(rowCount, <usize>fCap << 2, <usize>nf << 2);
    memory.fill(rowCount + (<usize>fCap << 2), 0, <usize>(nf - fCap) << 2);
    rowTop = grow(rowTop, <usize>fCap << 2, <usize>nf << 2);
    memory.fill(rowTop + (<usize>fCap << 2), 0xff, <usize>(nf - fCap) << 2);
    if (fMin == fCap) fMin = nf;
  }
  fCap = nf; gCap = ng;
  return true;
}

/** Moves every bucket entry into the heap (same order: the heap's tie key is g, then the record). */
function toHeap(): void {
  useBuckets = false;
  let cap = 256;
  while (cap < openSize) cap <<= 1;
  heap = alloc(<usize>cap << 4);
  heapCap = cap;
  heapSize = 0;
  for (let f = 0; f < fCap; f++) {
    if (i32At(rowCount, f) == 0) continue;
    const ff = <f64>f / scale;
    for (let g = 0; g < gCap; g++) {
      let r1 = <i32>(load<u64>(grid + (<usize>(f * gCap + g) << 3)) & 0xffffffff);
      while (r1 != 0) {
        heapPush(ff, g, r1 - 1);
        r1 = <i32>recNext(rec(r1 - 1));
      }
    }
  }
  release(grid, <usize>(fCap * gCap) << 3);
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

function heapPush(f: f64, g: i32, r: i32): void {
  if (heapSize == heapCap) {
    const n = heapCap < 256 ? 256 : heapCap << 1;
    heap = grow(heap, <usize>heapCap << 4, <usize>n << 4);
    heapCap = n;
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

function heapPop(): i32 {
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
