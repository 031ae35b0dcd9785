// The pattern databases' lookup in the search (docs/contracts/pdb.md, "Lookup"): one or two views
// (normal, reflected), their ranks and entries updated per move by IDA* (puzzle/idastar.ts).
import { SHARED, instanceData } from '../common/arena';
import { MAXC, MAX_PATTERNS, PAT_OF, PAT_START, SLOT, SLOT_WEIGHT, entry, i32At, patCount, patK, pc, ph, pw, rankOf, setI32 } from './ranking';
// This instance's views, one block (16-aligned parts): its address is a constant in the one-instance
// build and one global in the shared-memory build (measured: one global costs less than one per view).
const O_VLAB: usize = 0; // i32[v*MAXC + tile]: the slot of the tile's label in view v
const O_VPAT: usize = O_VLAB + ((2 * MAXC * 4 + 15) & ~15); // i32[v*MAXC + tile]: the pattern of the tile's label in view v
const O_VCELL: usize = O_VPAT + ((2 * MAXC * 4 + 15) & ~15); // i32[v*MAXC + cell]: the cell in view v's frame
const O_VPOS: usize = O_VCELL + ((2 * MAXC * 4 + 15) & ~15); // i32[v*MAXC + slot]: where the slot's label is
const O_VRANK: usize = O_VPOS + ((2 * MAXC * 4 + 15) & ~15);
const O_VNIB: usize = O_VRANK + ((2 * MAX_PATTERNS * 4 + 15) & ~15);
const O_VSUM: usize = O_VNIB + ((2 * MAX_PATTERNS * 4 + 15) & ~15);
const O_NEW: usize = O_VSUM + ((2 * 4 + 15) & ~15); // per view: rank, entry, sum of the child being tried
const VIEWS_BYTES: i32 = <i32>(O_NEW + 2 * 3 * 4);
const VIEWS: usize = SHARED ? instanceData(VIEWS_BYTES) : memory.data(VIEWS_BYTES, 16);

/** The views' address: `vw` in the shared-memory build, the constant in the one-instance build (so its
 * loads keep constant offsets: passing it as an argument there cost the IDA* loop 10–15 %). */
@inline function viewsAt(vw: usize): usize {
  return SHARED ? vw : VIEWS;
}
let views: i32 = 1;
let reflect: bool = true;
/** max over views of the sum of entries at the current node. */
export let pdbCur: i32 = 0;

export function setReflect(on: bool): void {
  reflect = on;
}

@inline function transpose(c: i32): i32 {
  return (c % pw) * pw + c / pw;
}

function bestSum(vw: usize): i32 {
  const s0 = i32At((viewsAt(vw) + O_VSUM), 0);
  if (views == 1) return s0;
  const s1 = i32At((viewsAt(vw) + O_VSUM), 1);
  return s0 > s1 ? s0 : s1;
}

/**
 * Prepares the views for a search on a width×height board (u16 tile per cell) whose goal puts
 * tile t on goalCell[t] (i32). False when the loaded set does not fit: another size, walls, a
 * non-square board, patterns not covering every tile, or the blank's goal not in a corner.
 */
export function searchInit(w: i32, h: i32, n: i32, goalCell: usize, board: usize): bool {
  if (patCount == 0 || w != pw || h != ph || w != h || n != pc) return false;
  for (let l = 1; l < pc; l++) if (i32At(PAT_OF, l) < 0) return false;
  const g0 = i32At(goalCell, 0);
  const flipCols = g0 % w == w - 1, flipRows = g0 / w == h - 1;
  if ((g0 % w != 0 && !flipCols) || (g0 / w != 0 && !flipRows)) return false;
  views = reflect ? 2 : 1;
  for (let c = 0; c < pc; c++) {
    const r = c / w, q = c % w;
    const s = (flipRows ? h - 1 - r : r) * w + (flipCols ? w - 1 - q : q);
    setI32((VIEWS + O_VCELL), c, s);
    setI32((VIEWS + O_VCELL), MAXC + c, transpose(s));
  }
  for (let t = 1; t < pc; t++) {
    const g = i32At((VIEWS + O_VCELL), i32At(goalCell, t));
    setI32((VIEWS + O_VLAB), t, i32At(SLOT, g));
    setI32((VIEWS + O_VLAB), MAXC + t, i32At(SLOT, transpose(g)));
    setI32((VIEWS + O_VPAT), t, i32At(PAT_OF, g));
    setI32((VIEWS + O_VPAT), MAXC + t, i32At(PAT_OF, transpose(g)));
  }
  for (let c = 0; c < pc; c++) {
    const t = <i32>load<u16>(board + (<usize>c << 1));
    if (t == 0) continue;
    for (let v = 0; v < 2; v++) setI32((VIEWS + O_VPOS), v * MAXC + i32At((VIEWS + O_VLAB), v * MAXC + t), i32At((VIEWS + O_VCELL), v * MAXC + c));
  }
  for (let v = 0; v < 2; v++) {
    let s = 0;
    for (let p = 0; p < patCount; p++) {
      const r = rankOf(patK(p), (VIEWS + O_VPOS) + (<usize>(v * MAXC + i32At(PAT_START, p)) << 2));
      const e = entry(p, r);
      setI32((VIEWS + O_VRANK), v * MAX_PATTERNS + p, r);
      setI32((VIEWS + O_VNIB), v * MAX_PATTERNS + p, e);
      s += e;
    }
    setI32((VIEWS + O_VSUM), v, s);
  }
  pdbCur = bestSum(VIEWS);
  return true;
}

@inline function tryView(vw: usize, v: i32, t: i32, to: i32): i32 {
  const o = v * MAXC;
  const slot = i32At((viewsAt(vw) + O_VLAB), o + t);
  const from = i32At((viewsAt(vw) + O_VPOS), o + slot), dest = i32At((viewsAt(vw) + O_VCELL), o + to);
  setI32((viewsAt(vw) + O_VPOS), o + slot, dest);
  const p = i32At((viewsAt(vw) + O_VPAT), o + t);
  const step = dest - from;
  // A move along a row of the view's frame passes no cell, so only this tile's digit of the rank
  // moves, by one (the vertical moves rank again: tiles between shift digits).
  const r = step == 1 || step == -1
    ? i32At((viewsAt(vw) + O_VRANK), v * MAX_PATTERNS + p) + step * i32At(SLOT_WEIGHT, slot)
    : rankOf(patK(p), (viewsAt(vw) + O_VPOS) + (<usize>(o + i32At(PAT_START, p)) << 2));
  const e = entry(p, r);
  const s = i32At((viewsAt(vw) + O_VSUM), v) - i32At((viewsAt(vw) + O_VNIB), v * MAX_PATTERNS + p) + e;
  setI32((viewsAt(vw) + O_NEW), v * 3, r); setI32((viewsAt(vw) + O_NEW), v * 3 + 1, e); setI32((viewsAt(vw) + O_NEW), v * 3 + 2, s);
  return s;
}

/**
 * The address of this instance's views, for the search's loop to keep in a local and pass to the
 * functions below (`vw`): in the shared-memory build one read of a global per call of the loop
 * instead of one per access (a constant in the one-instance build).
 */
@inline export function pdbViews(): usize {
  return VIEWS;
}

/** Tile t moves onto cell `to`: the child's entry sum in the normal view (pdbCommit keeps it). */
@inline export function pdbTry(vw: usize, t: i32, to: i32): i32 {
  return tryView(vw, 0, t, to);
}

/** Whether a second (reflected) view is in use: pdbTryReflected then completes the child's value. */
@inline export function pdbReflected(): bool {
  return views == 2;
}

/** The max of `s0` (pdbTry's value) and the reflected view's sum for the same move. */
@inline export function pdbTryReflected(vw: usize, t: i32, to: i32, s0: i32): i32 {
  const s1 = tryView(vw, 1, t, to);
  return s0 > s1 ? s0 : s1;
}

@inline function undoView(vw: usize, v: i32, t: i32, at: i32): void {
  setI32((viewsAt(vw) + O_VPOS), v * MAXC + i32At((viewsAt(vw) + O_VLAB), v * MAXC + t), i32At((viewsAt(vw) + O_VCELL), v * MAXC + at));
}

/** Puts tile t back on cell `at` in every view (a child cut at the bound). */
@inline export function pdbUndo(vw: usize, t: i32, at: i32): void {
  undoView(vw, 0, t, at);
  if (views == 2) undoView(vw, 1, t, at);
}

@inline function commitView(vw: usize, v: i32, t: i32, slot: usize): void {
  const i = v * MAX_PATTERNS + i32At((viewsAt(vw) + O_VPAT), v * MAXC + t);
  store<u64>(slot + (<usize>v << 3),
    <u64><u32>i32At((viewsAt(vw) + O_VRANK), i) | (<u64>i32At((viewsAt(vw) + O_VNIB), i) << 32) | (<u64>i32At((viewsAt(vw) + O_VSUM), v) << 40));
  setI32((viewsAt(vw) + O_VRANK), i, i32At((viewsAt(vw) + O_NEW), v * 3));
  setI32((viewsAt(vw) + O_VNIB), i, i32At((viewsAt(vw) + O_NEW), v * 3 + 1));
  setI32((viewsAt(vw) + O_VSUM), v, i32At((viewsAt(vw) + O_NEW), v * 3 + 2));
}

/** Enters the child last tried with tile t; its parent's ranks, entries and sums go to `slot` (2 × i64). */
@inline export function pdbCommit(vw: usize, t: i32, best: i32, slot: usize): void {
  commitView(vw, 0, t, slot);
  if (views == 2) commitView(vw, 1, t, slot);
  pdbCur = best;
}

@inline function restoreView(vw: usize, v: i32, t: i32, at: i32, slot: usize): void {
  undoView(vw, v, t, at);
  const i = v * MAX_PATTERNS + i32At((viewsAt(vw) + O_VPAT), v * MAXC + t);
  const x = load<u64>(slot + (<usize>v << 3));
  setI32((viewsAt(vw) + O_VRANK), i, <i32><u32>x);
  setI32((viewsAt(vw) + O_VNIB), i, <i32>((x >> 32) & 0xff));
  setI32((viewsAt(vw) + O_VSUM), v, <i32>(x >> 40));
}

/** Back to the parent: tile t returns to cell `at`; ranks, entries and sums from `slot`. */
@inline export function pdbRestore(vw: usize, t: i32, at: i32, slot: usize): void {
  restoreView(vw, 0, t, at, slot);
  if (views == 2) restoreView(vw, 1, t, at, slot);
  pdbCur = bestSum(vw);
}
