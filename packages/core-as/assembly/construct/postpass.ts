// The post-pass that shortens a move list: twin of engine/src/puzzle/postpass.ts (read its header).
// Cancel inverse pairs, re-solve short overlapping windows optimally by IDA* on the blank's small
// rectangle, cancel pairs again.

import { alloc } from '../common/arena';
import { UP, DOWN, LEFT, RIGHT } from './construct';

const WINDOW: i32 = 18;
const WINDOW_AREA: i32 = 15;
const MIN_WINDOW: i32 = 4;
const WINDOW_NODES: i32 = 2000;

const FOUND: i32 = 1;
const NOT_FOUND: i32 = 0;
const GAVE_UP: i32 = 2;

/** Cancels inverse pairs of `n` moves at `src` into `dst` (may be src); returns the new length. */
export function cancelPairs(src: usize, n: i32, dst: usize): i32 {
  let top = 0;
  for (let i = 0; i < n; i++) {
    const m = <i32>load<u8>(src + <usize>i);
    if (top > 0 && <i32>load<u8>(dst + <usize>(top - 1)) == (m ^ 1)) top--;
    else {
      store<u8>(dst + <usize>top, <u8>m);
      top++;
    }
  }
  return top;
}

// the window search
const SUB: usize = memory.data(WINDOW_AREA * 4, 16);
const SUB_GOAL: usize = memory.data(WINDOW_AREA * 4, 16);
const SUB_PATH: usize = memory.data(WINDOW, 16);
let GOAL_AT: usize = 0;
let rw: i32 = 0;
let rh: i32 = 0;
let sb: i32 = 0;
let sh: i32 = 0;
let nodes: i32 = 0;

@inline function sub(k: i32): i32 { return load<i32>(SUB + (<usize>k << 2)); }
@inline function setSub(k: i32, v: i32): void { store<i32>(SUB + (<usize>k << 2), v); }
@inline function goalAt(v: i32): i32 { return load<i32>(GOAL_AT + (<usize>v << 2)); }

@inline function dist(a: i32, b: i32): i32 {
  const ar = a / rw;
  const br = b / rw;
  return abs(ar - br) + abs(a - ar * rw - (b - br * rw));
}

function dfs(g: i32, bound: i32, prev: i32): i32 {
  if (++nodes > WINDOW_NODES) return GAVE_UP;
  if (sh == 0) return FOUND;
  if (g + sh > bound) return NOT_FOUND;
  const b = sb;
  const r = b / rw;
  const c = b - r * rw;
  for (let m = 0; m < 4; m++) {
    if (prev >= 0 && m == (prev ^ 1)) continue;
    let nb: i32;
    if (m == UP) { if (r == 0) continue; nb = b - rw; }
    else if (m == DOWN) { if (r == rh - 1) continue; nb = b + rw; }
    else if (m == LEFT) { if (c == 0) continue; nb = b - 1; }
    else { if (c == rw - 1) continue; nb = b + 1; }
    const v = sub(nb);
    const home = goalAt(v);
    const dh = dist(b, home) - dist(nb, home);
    setSub(b, v);
    setSub(nb, 0);
    sb = nb;
    sh += dh;
    store<u8>(SUB_PATH + <usize>g, <u8>m);
    const res = dfs(g + 1, bound, m);
    sh -= dh;
    sb = b;
    setSub(nb, v);
    setSub(b, 0);
    if (res != NOT_FOUND) return res;
  }
  return NOT_FOUND;
}

function windowSolve(length: i32): i32 {
  const area = rw * rh;
  sh = 0;
  for (let k = 0; k < area; k++) store<i32>(GOAL_AT + (<usize>load<i32>(SUB_GOAL + (<usize>k << 2)) << 2), k);
  for (let k = 0; k < area; k++) {
    const v = sub(k);
    if (v == 0) sb = k;
    else sh += dist(k, goalAt(v));
  }
  nodes = 0;
  for (let bound = sh + ((length - sh) & 1); bound <= length - 2; bound += 2) {
    const res = dfs(0, bound, -1);
    if (res == FOUND) return bound;
    if (res == GAVE_UP) return -1;
  }
  return -1;
}

let W: i32 = 0;
let CUR: usize = 0;
let cb: i32 = 0;

@inline function step(m: i32): void {
  const to = m == UP ? cb - W : m == DOWN ? cb + W : m == LEFT ? cb - 1 : cb + 1;
  store<i32>(CUR + (<usize>cb << 2), load<i32>(CUR + (<usize>to << 2)));
  store<i32>(CUR + (<usize>to << 2), 0);
  cb = to;
}

/** Window re-solving of `n` moves at `src` from the board `start` (W×H i32) into `dst`; returns its length (≤ n). */
export function resolveWindows(width: i32, height: i32, start: usize, src: usize, n: i32, dst: usize): i32 {
  W = width;
  const cells = width * height;
  CUR = alloc(<usize>cells << 2);
  memory.copy(CUR, start, <usize>cells << 2);
  GOAL_AT = alloc(<usize>cells << 2);
  cb = 0;
  for (let i = 0; i < cells; i++) if (load<i32>(CUR + (<usize>i << 2)) == 0) cb = i;
  let out = 0;
  let i = 0;
  while (i < n) {
    let r = cb / W;
    let c = cb - r * W;
    let r1 = r, r2 = r, k1 = c, k2 = c;
    let len = 0;
    while (len < WINDOW && i + len < n) {
      const m = <i32>load<u8>(src + <usize>(i + len));
      const nr = m == UP ? r - 1 : m == DOWN ? r + 1 : r;
      const nc = m == LEFT ? c - 1 : m == RIGHT ? c + 1 : c;
      const a1 = min(r1, nr), a2 = max(r2, nr), b1 = min(k1, nc), b2 = max(k2, nc);
      if ((a2 - a1 + 1) * (b2 - b1 + 1) > WINDOW_AREA) break;
      r1 = a1; r2 = a2; k1 = b1; k2 = b2; r = nr; c = nc;
      len++;
    }
    if (len < MIN_WINDOW) {
      const m = <i32>load<u8>(src + <usize>i);
      step(m);
      store<u8>(dst + <usize>out, <u8>m);
      out++;
      i++;
      continue;
    }
    rw = k2 - k1 + 1;
    rh = r2 - r1 + 1;
    for (let y = 0; y < rh; y++) for (let x = 0; x < rw; x++) setSub(y * rw + x, load<i32>(CUR + (<usize>((r1 + y) * W + k1 + x) << 2)));
    for (let k = 0; k < len; k++) step(<i32>load<u8>(src + <usize>(i + k)));
    for (let y = 0; y < rh; y++) for (let x = 0; x < rw; x++) {
      store<i32>(SUB_GOAL + (<usize>(y * rw + x) << 2), load<i32>(CUR + (<usize>((r1 + y) * W + k1 + x) << 2)));
    }
    const found = windowSolve(len);
    if (found >= 0) {
      memory.copy(dst + <usize>out, SUB_PATH, <usize>found);
      out += found;
      i += len;
    } else {
      // keep the window's first half and slide on: the board walked back to there
      const keep = max(1, len >> 1);
      for (let k = len - 1; k >= keep; k--) step(<i32>load<u8>(src + <usize>(i + k)) ^ 1);
      memory.copy(dst + <usize>out, src + <usize>i, <usize>keep);
      out += keep;
      i += keep;
    }
  }
  return out;
}
