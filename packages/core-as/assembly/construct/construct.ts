// The constructive sliding-tile solver: twin of engine/src/puzzle/construct.ts (the same move list,
// move for move; docs/contracts/puzzle.md, "Constructive solver"). Read the TS header for the method.
// State lives in the arena; moves are u8 codes (PUZZLE_MOVE_*).

import { alloc, allocZeroed, grow } from '../common/arena';
import { PUZZLE_MOVE_UP, PUZZLE_MOVE_DOWN, PUZZLE_MOVE_LEFT, PUZZLE_MOVE_RIGHT } from '../generated/codes';

export const UP: i32 = PUZZLE_MOVE_UP;
export const DOWN: i32 = PUZZLE_MOVE_DOWN;
export const LEFT: i32 = PUZZLE_MOVE_LEFT;
export const RIGHT: i32 = PUZZLE_MOVE_RIGHT;

/** Route costs and box margin, the route search's bucket ring (engine/src/puzzle/construct.ts). */
const NEARER: i32 = 1;
const FARTHER: i32 = 6;
const ROUTE_MARGIN: i32 = 2;
const RING: i32 = 8; // a power of two, more than FARTHER + 1

/** The stuck-case macro in line coordinates (u/d across the line, l/r along it): "ulddrulurddluruld". */
const STUCK: StaticArray<u8> = [0, 2, 1, 1, 3, 0, 2, 0, 3, 1, 1, 2, 0, 3, 0, 2, 1];

let w: i32 = 0;
let h: i32 = 0;
let CELLS: usize = 0;
let POS: usize = 0;
let TARGET: usize = 0;
let LOCKED: usize = 0;
let STAMP: usize = 0;
let VIA: usize = 0;
let PATH: usize = 0;
let HROW: usize = 0;
let HCOL: usize = 0;
let F: usize = 0;
let BUCKETS: usize = 0;
const BUCKET_LEN: usize = memory.data(RING * 4, 16);
let gen: i32 = 0;
let blank: i32 = 0;
let r0: i32 = 0;
let c0: i32 = 0;
let transposed: bool = false;

/** The move list (growable, the arena's last block while construct runs). */
export let movesPtr: usize = 0;
export let movesLen: i32 = 0;
let movesCap: i32 = 0;

@inline function cellAt(i: i32): i32 { return load<i32>(CELLS + (<usize>i << 2)); }
@inline function setCell(i: i32, v: i32): void { store<i32>(CELLS + (<usize>i << 2), v); }
@inline function posOf(v: i32): i32 { return load<i32>(POS + (<usize>v << 2)); }
@inline function setPos(v: i32, i: i32): void { store<i32>(POS + (<usize>v << 2), i); }
@inline function targetAt(i: i32): i32 { return load<i32>(TARGET + (<usize>i << 2)); }
@inline function isLocked(i: i32): bool { return load<u8>(LOCKED + <usize>i) != 0; }
@inline function lock(i: i32, on: u8): void { store<u8>(LOCKED + <usize>i, on); }
@inline function homeRow(v: i32): i32 { return load<i32>(HROW + (<usize>v << 2)); }
@inline function homeCol(v: i32): i32 { return load<i32>(HCOL + (<usize>v << 2)); }
@inline function fAt(i: i32): i32 { return load<i32>(F + (<usize>i << 2)); }
@inline function bucketLen(b: i32): i32 { return load<i32>(BUCKET_LEN + (<usize>b << 2)); }
@inline function setBucketLen(b: i32, n: i32): void { store<i32>(BUCKET_LEN + (<usize>b << 2), n); }

export function pushMove(m: i32): void {
  if (movesLen == movesCap) {
    const cap = movesCap * 2;
    movesPtr = grow(movesPtr, <usize>movesCap, <usize>cap);
    movesCap = cap;
  }
  store<u8>(movesPtr + <usize>movesLen, <u8>m);
  movesLen++;
}

function move(m: i32): void {
  const b = blank;
  const to = m == UP ? b - w : m == DOWN ? b + w : m == LEFT ? b - 1 : b + 1;
  const v = cellAt(to);
  setCell(b, v);
  setPos(v, b);
  setCell(to, 0);
  setPos(0, to);
  blank = to;
  pushMove(m);
}

function local(m: i32): i32 {
  if (!transposed) return m;
  return m == UP ? LEFT : m == DOWN ? RIGHT : m == LEFT ? UP : DOWN;
}

function cell(i: i32, j: i32): i32 {
  return transposed ? (r0 + j) * w + c0 + i : (r0 + i) * w + c0 + j;
}

@inline function dist(a: i32, b: i32): i32 {
  const ar = a / w;
  const br = b / w;
  return abs(ar - br) + abs(a - ar * w - (b - br * w));
}

// The cheapest route of the blank (A* over a ring of bucket stacks; the TS twin's comment says how).
function route(dest: i32, avoid: i32, r1: i32, r2: i32, k1: i32, k2: i32): bool {
  gen += 2;
  const g0 = gen;
  const cap = <usize>(4 * w * h + 1) << 2;
  const dr = dest / w;
  const dc = dest - dr * w;
  const br = blank / w;
  let cur = abs(br - dr) + abs(blank - br * w - dc);
  memory.fill(BUCKET_LEN, 0, <usize>RING << 2);
  store<i32>(STAMP + (<usize>blank << 2), g0);
  store<i32>(F + (<usize>blank << 2), cur);
  store<i32>(BUCKETS + <usize>(cur & (RING - 1)) * cap, blank);
  setBucketLen(cur & (RING - 1), 1);
  let pending = 1;
  let found = false;
  while (pending > 0) {
    const bucket = cur & (RING - 1);
    let n = bucketLen(bucket);
    if (n == 0) { cur++; continue; }
    n--;
    setBucketLen(bucket, n);
    const c = load<i32>(BUCKETS + <usize>bucket * cap + (<usize>n << 2));
    pending--;
    const cp = STAMP + (<usize>c << 2);
    if (load<i32>(cp) != g0 || fAt(c) != cur) continue;
    store<i32>(cp, g0 + 1);
    if (c == dest) { found = true; break; }
    const r = c / w;
    const k = c - r * w;
    const g = cur - abs(r - dr) - abs(k - dc);
    for (let m = 0; m < 4; m++) {
      let nb: i32;
      let nr = r;
      let nk = k;
      if (m == UP) { if (r <= r1) continue; nb = c - w; nr--; }
      else if (m == DOWN) { if (r >= r2) continue; nb = c + w; nr++; }
      else if (m == LEFT) { if (k <= k1) continue; nb = c - 1; nk--; }
      else { if (k >= k2) continue; nb = c + 1; nk++; }
      if (isLocked(nb) || nb == avoid) continue;
      // the tile on nb moves onto c: nearer its goal' cell or farther
      const v = cellAt(nb);
      const nearer = m == UP ? homeRow(v) >= r : m == DOWN ? homeRow(v) <= r : m == LEFT ? homeCol(v) >= k : homeCol(v) <= k;
      const nf = g + (nearer ? NEARER : FARTHER) + abs(nr - dr) + abs(nk - dc);
      const sp = STAMP + (<usize>nb << 2);
      const seen = load<i32>(sp);
      if (seen == g0 + 1 || (seen == g0 && fAt(nb) <= nf)) continue;
      store<i32>(sp, g0);
      store<i32>(F + (<usize>nb << 2), nf);
      store<u8>(VIA + <usize>nb, <u8>m);
      const nbucket = nf & (RING - 1);
      const len = bucketLen(nbucket);
      store<i32>(BUCKETS + <usize>nbucket * cap + (<usize>len << 2), nb);
      setBucketLen(nbucket, len + 1);
      pending++;
    }
  }
  if (!found) return false;
  let len = 0;
  for (let c = dest; c != blank; ) {
    const m = <i32>load<u8>(VIA + <usize>c);
    store<u8>(PATH + <usize>len, <u8>m);
    len++;
    c = m == UP ? c + w : m == DOWN ? c - w : m == LEFT ? c + 1 : c - 1;
  }
  while (len > 0) {
    len--;
    move(<i32>load<u8>(PATH + <usize>len));
  }
  return true;
}

function routeBlank(dest: i32, avoid: i32): bool {
  const br = blank / w;
  const bc = blank - br * w;
  const dr = dest / w;
  const dc = dest - dr * w;
  const r1 = max(r0, min(br, dr) - ROUTE_MARGIN);
  const r2 = min(h - 1, max(br, dr) + ROUTE_MARGIN);
  const k1 = max(c0, min(bc, dc) - ROUTE_MARGIN);
  const k2 = min(w - 1, max(bc, dc) + ROUTE_MARGIN);
  if (route(dest, avoid, r1, r2, k1, k2)) return true;
  return route(dest, avoid, r0, h - 1, c0, w - 1);
}

function moveTile(v: i32, dest: i32): bool {
  const dr = dest / w;
  const dc = dest - dr * w;
  let wentAcross = true;
  for (;;) {
    const at = posOf(v);
    if (at == dest) return true;
    const r = at / w;
    const c = at - r * w;
    const vertical = r != dr ? (r < dr ? at + w : at - w) : -1;
    const horizontal = c != dc ? (c < dc ? at + 1 : at - 1) : -1;
    const along = transposed ? vertical : horizontal;
    const across = transposed ? horizontal : vertical;
    let next = along >= 0 ? along : across;
    if (along >= 0 && across >= 0 && !isLocked(across)) {
      const da = dist(blank, across);
      const dl = dist(blank, along);
      if (da < dl || (da == dl && !wentAcross)) next = across;
    }
    wentAcross = next == across;
    if (!routeBlank(next, at)) return false;
    move(at == next - w ? UP : at == next + w ? DOWN : at == next - 1 ? LEFT : RIGHT);
  }
  return true;
}

function solveLine(len: i32): bool {
  for (let j = 0; j < len - 2; j++) {
    const dest = cell(0, j);
    if (!moveTile(targetAt(dest), dest)) return false;
    lock(dest, 1);
  }
  const a = cell(0, len - 2);
  const b = cell(0, len - 1);
  const x = targetAt(a);
  const y = targetAt(b);
  if (posOf(x) == a && posOf(y) == b) {
    lock(a, 1);
    lock(b, 1);
    return true;
  }
  if (!moveTile(y, a)) return false;
  lock(a, 1);
  if (blank == b && posOf(x) == cell(1, len - 1)) move(local(DOWN));
  if (posOf(x) == b) {
    if (!routeBlank(cell(1, len - 1), b)) return false;
    lock(a, 0);
    for (let k = 0; k < STUCK.length; k++) move(local(<i32>STUCK[k]));
  } else {
    const below = cell(1, len - 2);
    if (!moveTile(x, below)) return false;
    lock(below, 1);
    if (!routeBlank(b, -1)) return false;
    lock(below, 0);
    lock(a, 0);
    move(local(LEFT));
    move(local(DOWN));
  }
  lock(a, 1);
  lock(b, 1);
  return true;
}

// ring order: top-left, top-right, bottom-right, bottom-left
@inline function ringCell(k: i32): i32 {
  return k == 0 ? r0 * w + c0 : k == 1 ? r0 * w + c0 + 1 : k == 2 ? (r0 + 1) * w + c0 + 1 : (r0 + 1) * w + c0;
}

function solveSquare(): bool {
  const v = memory.data(16, 16);
  let start = 0;
  for (let k = 0; k < 4; k++) if (cellAt(ringCell(k)) == 0) start = k;
  let best = -1;
  let bestDir = 0;
  for (let dir = 0; dir < 2; dir++) {
    for (let k = 0; k < 4; k++) store<i32>(v + (<usize>k << 2), cellAt(ringCell(k)));
    let b = start;
    for (let s = 0; s < 12; s++) {
      let same = true;
      for (let k = 0; k < 4; k++) if (load<i32>(v + (<usize>k << 2)) != targetAt(ringCell(k))) same = false;
      if (same) {
        if (best < 0 || s < best) { best = s; bestDir = dir; }
        break;
      }
      const nb = dir == 0 ? (b + 1) & 3 : (b + 3) & 3;
      store<i32>(v + (<usize>b << 2), load<i32>(v + (<usize>nb << 2)));
      store<i32>(v + (<usize>nb << 2), 0);
      b = nb;
    }
  }
  if (best < 0) return false;
  for (let s = 0; s < best; s++) {
    if (bestDir == 0) move(start == 0 ? RIGHT : start == 1 ? DOWN : start == 2 ? LEFT : UP);
    else move(start == 0 ? DOWN : start == 1 ? LEFT : start == 2 ? UP : RIGHT);
    start = bestDir == 0 ? (start + 1) & 3 : (start + 3) & 3;
  }
  return true;
}

/**
 * Solves `start` (W×H i32 cells) to `goal` (no walls): the goal's blank is taken to the bottom-right
 * corner first and walked back at the end. 1 solved (moves at movesPtr, movesLen), 0 not solvable.
 * Allocates its tables and then the move list (the last arena block).
 */
export function constructSolve(width: i32, height: i32, start: usize, goal: usize): i32 {
  w = width;
  h = height;
  const n = width * height;
  const bytes = <usize>n << 2;
  CELLS = alloc(bytes);
  memory.copy(CELLS, start, bytes);
  POS = alloc(bytes);
  TARGET = alloc(bytes);
  memory.copy(TARGET, goal, bytes);
  LOCKED = allocZeroed(<usize>n);
  STAMP = allocZeroed(bytes);
  VIA = alloc(<usize>n);
  PATH = alloc(<usize>n);
  HROW = alloc(bytes);
  HCOL = alloc(bytes);
  F = alloc(bytes);
  BUCKETS = alloc(<usize>RING * (<usize>(4 * n + 1) << 2));
  gen = 0;
  r0 = 0;
  c0 = 0;
  for (let i = 0; i < n; i++) setPos(cellAt(i), i);
  blank = posOf(0);
  // goal' : the goal's blank walked right, then down
  let gb = 0;
  for (let i = 0; i < n; i++) if (targetAt(i) == 0) gb = i;
  const gr = gb / w;
  const gc = gb - gr * w;
  for (let c = gc; c < w - 1; c++) { store<i32>(TARGET + (<usize>gb << 2), targetAt(gb + 1)); store<i32>(TARGET + (<usize>(gb + 1) << 2), 0); gb++; }
  for (let r = gr; r < h - 1; r++) { store<i32>(TARGET + (<usize>gb << 2), targetAt(gb + w)); store<i32>(TARGET + (<usize>(gb + w) << 2), 0); gb += w; }
  for (let i = 0; i < n; i++) {
    store<i32>(HROW + (<usize>targetAt(i) << 2), i / w);
    store<i32>(HCOL + (<usize>targetAt(i) << 2), i % w);
  }
  movesCap = 1024;
  movesLen = 0;
  movesPtr = alloc(<usize>movesCap);
  for (;;) {
    const rows = h - r0;
    const cols = w - c0;
    if (rows <= 2 && cols <= 2) {
      if (!solveSquare()) return 0;
      break;
    }
    transposed = rows < cols;
    if (transposed) {
      if (!solveLine(rows)) return 0;
      c0++;
    } else {
      if (!solveLine(cols)) return 0;
      r0++;
    }
  }
  for (let r = gr; r < h - 1; r++) pushMove(UP);
  for (let c = gc; c < w - 1; c++) pushMove(LEFT);
  return 1;
}
