// The pattern databases' lookup in the search (docs/contracts/pdb.md, "Lookup"): one or two views
// (normal, reflected), their ranks and entries updated per move by IDA* (puzzle/idastar.ts).
import { SHARED, instanceData } from '../common/arena';
import { MAXC, MAX_PATTERNS, PAT_OF, PAT_START, SLOT, entry, i32At, patCount, patK, pc, ph, pw, rankOf, setI32 } from './ranking';

const VLAB = SHARED ? instanceData(2 * MAXC * 4) : memory.data(2 * MAXC * 4, 16); // i32[v*MAXC + tile]: the slot of the tile's label in view v
const VPAT = SHARED ? instanceData(2 * MAXC * 4) : memory.data(2 * MAXC * 4, 16); // i32[v*MAXC + tile]: the pattern of the tile's label in view v
const VCELL = SHARED ? instanceData(2 * MAXC * 4) : memory.data(2 * MAXC * 4, 16); // i32[v*MAXC + cell]: the cell in view v's frame
const VPOS = SHARED ? instanceData(2 * MAXC * 4) : memory.data(2 * MAXC * 4, 16); // i32[v*MAXC + slot]: where the slot's label is
const VRANK = SHARED ? instanceData(2 * MAX_PATTERNS * 4) : memory.data(2 * MAX_PATTERNS * 4, 16);
const VNIB = SHARED ? instanceData(2 * MAX_PATTERNS * 4) : memory.data(2 * MAX_PATTERNS * 4, 16);
const VSUM = SHARED ? instanceData(2 * 4) : memory.data(2 * 4, 16);
const NEW = SHARED ? instanceData(2 * 3 * 4) : memory.data(2 * 3 * 4, 16); // per view: rank, entry, sum of the child being tried
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

function bestSum(): i32 {
  const s0 = i32At(VSUM, 0);
  if (views == 1) return s0;
  const s1 = i32At(VSUM, 1);
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
    setI32(VCELL, c, s);
    setI32(VCELL, MAXC + c, transpose(s));
  }
  for (let t = 1; t < pc; t++) {
    const g = i32At(VCELL, i32At(goalCell, t));
    setI32(VLAB, t, i32At(SLOT, g));
    setI32(VLAB, MAXC + t, i32At(SLOT, transpose(g)));
    setI32(VPAT, t, i32At(PAT_OF, g));
    setI32(VPAT, MAXC + t, i32At(PAT_OF, transpose(g)));
  }
  for (let c = 0; c < pc; c++) {
    const t = <i32>load<u16>(board + (<usize>c << 1));
    if (t == 0) continue;
    for (let v = 0; v < 2; v++) setI32(VPOS, v * MAXC + i32At(VLAB, v * MAXC + t), i32At(VCELL, v * MAXC + c));
  }
  for (let v = 0; v < 2; v++) {
    let s = 0;
    for (let p = 0; p < patCount; p++) {
      const r = rankOf(patK(p), VPOS + (<usize>(v * MAXC + i32At(PAT_START, p)) << 2));
      const e = entry(p, r);
      setI32(VRANK, v * MAX_PATTERNS + p, r);
      setI32(VNIB, v * MAX_PATTERNS + p, e);
      s += e;
    }
    setI32(VSUM, v, s);
  }
  pdbCur = bestSum();
  return true;
}

@inline function tryView(v: i32, t: i32, to: i32): i32 {
  const o = v * MAXC;
  setI32(VPOS, o + i32At(VLAB, o + t), i32At(VCELL, o + to));
  const p = i32At(VPAT, o + t);
  const r = rankOf(patK(p), VPOS + (<usize>(o + i32At(PAT_START, p)) << 2));
  const e = entry(p, r);
  const s = i32At(VSUM, v) - i32At(VNIB, v * MAX_PATTERNS + p) + e;
  setI32(NEW, v * 3, r); setI32(NEW, v * 3 + 1, e); setI32(NEW, v * 3 + 2, s);
  return s;
}

/** Tile t moves onto cell `to`: the child's entry sum in the normal view (pdbCommit keeps it). */
@inline export function pdbTry(t: i32, to: i32): i32 {
  return tryView(0, t, to);
}

/** Whether a second (reflected) view is in use: pdbTryReflected then completes the child's value. */
@inline export function pdbReflected(): bool {
  return views == 2;
}

/** The max of `s0` (pdbTry's value) and the reflected view's sum for the same move. */
@inline export function pdbTryReflected(t: i32, to: i32, s0: i32): i32 {
  const s1 = tryView(1, t, to);
  return s0 > s1 ? s0 : s1;
}

@inline function undoView(v: i32, t: i32, at: i32): void {
  setI32(VPOS, v * MAXC + i32At(VLAB, v * MAXC + t), i32At(VCELL, v * MAXC + at));
}

/** Puts tile t back on cell `at` in every view (a child cut at the bound). */
@inline export function pdbUndo(t: i32, at: i32): void {
  undoView(0, t, at);
  if (views == 2) undoView(1, t, at);
}

@inline function commitView(v: i32, t: i32, slot: usize): void {
  const i = v * MAX_PATTERNS + i32At(VPAT, v * MAXC + t);
  store<u64>(slot + (<usize>v << 3),
    <u64><u32>i32At(VRANK, i) | (<u64>i32At(VNIB, i) << 32) | (<u64>i32At(VSUM, v) << 40));
  setI32(VRANK, i, i32At(NEW, v * 3));
  setI32(VNIB, i, i32At(NEW, v * 3 + 1));
  setI32(VSUM, v, i32At(NEW, v * 3 + 2));
}

/** Enters the child last tried with tile t; its parent's ranks, entries and sums go to `slot` (2 × i64). */
@inline export function pdbCommit(t: i32, best: i32, slot: usize): void {
  commitView(0, t, slot);
  if (views == 2) commitView(1, t, slot);
  pdbCur = best;
}

@inline function restoreView(v: i32, t: i32, at: i32, slot: usize): void {
  undoView(v, t, at);
  const i = v * MAX_PATTERNS + i32At(VPAT, v * MAXC + t);
  const x = load<u64>(slot + (<usize>v << 3));
  setI32(VRANK, i, <i32><u32>x);
  setI32(VNIB, i, <i32>((x >> 32) & 0xff));
  setI32(VSUM, v, <i32>(x >> 40));
}

/** Back to the parent: tile t returns to cell `at`; ranks, entries and sums from `slot`. */
@inline export function pdbRestore(t: i32, at: i32, slot: usize): void {
  restoreView(0, t, at, slot);
  if (views == 2) restoreView(1, t, at, slot);
  pdbCur = bestSum();
}
