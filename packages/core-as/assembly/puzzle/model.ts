// Sliding-tile geometry and heuristic tables, built once per run by `buildModel`.
//
// Cells are row-major 0..C-1. Tiles are 0 (blank) .. T; walls are not tiles: they are left out of
// the neighbour table (so no move ever touches them) and out of the packed state. Board arrays are
// u16 per cell (tile number, walls read as 0); boards up to 1024 cells (32×32) fit.
//
// Moves are directions of the BLANK: 0 up, 1 down, 2 left, 3 right; the inverse of d is d ^ 1.

import {
  PUZZLE_HEURISTIC_NONE, PUZZLE_HEURISTIC_MISPLACED, PUZZLE_HEURISTIC_MANHATTAN, PUZZLE_HEURISTIC_EUCLIDEAN,
  PUZZLE_HEURISTIC_LINEAR_CONFLICT, PUZZLE_HEURISTIC_PDB, PUZZLE_INIT_OK, PUZZLE_INIT_SIZE, PUZZLE_INIT_BOARD, PUZZLE_INIT_OPTIONS,
} from '../generated/codes';
import { alloc, allocZeroed } from '../common/arena';
import { pdbCur } from '../pdb/lookup';

export const MAX_CELLS: i32 = 1024;

export const H_NONE: i32 = PUZZLE_HEURISTIC_NONE;
export const H_MISPLACED: i32 = PUZZLE_HEURISTIC_MISPLACED;
export const H_MANHATTAN: i32 = PUZZLE_HEURISTIC_MANHATTAN;
export const H_EUCLIDEAN: i32 = PUZZLE_HEURISTIC_EUCLIDEAN;
export const H_LINEAR: i32 = PUZZLE_HEURISTIC_LINEAR_CONFLICT;
/** Pattern databases (pdb/lookup.ts) on top of Manhattan's delta table; IDA* only. */
export const H_PDB: i32 = PUZZLE_HEURISTIC_PDB;

export let W: i32 = 0;
export let H: i32 = 0;
/** Cells (W*H), free cells N (tiles + blank), tiles T = N - 1. */
export let C: i32 = 0;
export let N: i32 = 0;
export let hKind: i32 = H_NONE;
export let countBlank: bool = false;

/** i32[C*4]: the cell the blank reaches from cell c by move d, or -1 (edge or wall). */
export let nbr: usize = 0;
export let rowOf: usize = 0; // i32[C]
export let colOf: usize = 0; // i32[C]
/** i32[N]: goal cell, goal row and goal column of tile t. */
export let goalCell: usize = 0;
export let goalRow: usize = 0;
export let goalCol: usize = 0;
/** u16[C] boards; free cell list i32[N]. */
export let startBoard: usize = 0;
export let goalBoard: usize = 0;
export let freeCells: usize = 0;
export let startBlank: i32 = 0;

/**
 * i8[N*C*4], index ((t*C + b) << 2) + d: change of h when the blank moves by d onto cell b and tile
 * t slides from b into the blank's old cell. Misplaced / Manhattan (blank term folded in when
 * countBlank); for linear conflict the Manhattan part only.
 */
export let delta: usize = 0;
/** Tile t's rows of the delta table start at t << deltaShift (cells padded to a power of two: a shift, not a multiply, in the hot loops). */
export let deltaShift: i32 = 0;
/** f64[N*C], index t*C + c: Euclidean distance of tile t on cell c to its goal. */
export let eucl: usize = 0;
/** i32[MAX_CELLS] scratch for the longest increasing subsequence. */
let lisTails: usize = 0;
/**
 * Linear-conflict lines over packed one-word states: per line (rows, then columns) the bit shifts
 * of its free cells' fields in order, lineItems[lineStart[l] .. lineStart[l + 1]).
 */
let lineItems: usize = 0;
let lineStart: usize = 0;

// Packed states: every free cell holds its tile in `bits` bits, cells in free-cell order, words of
// 64 bits; a field may straddle two words (5-bit fields: a 5×5 board fits in two words).
export let bits: i32 = 0;
export let fieldMask: u64 = 0;
export let K: i32 = 0;
/** i32[C] each: word index and bit shift of a cell's field; spill = 64 - shift when it straddles, else 0. */
export let packWord: usize = 0;
export let packShift: usize = 0;
export let packSpill: usize = 0;

/** Validation codes returned by buildModel (and the kernels' init). */
export const OK: i32 = PUZZLE_INIT_OK;
export const E_SIZE: i32 = PUZZLE_INIT_SIZE;
export const E_BOARD: i32 = PUZZLE_INIT_BOARD;
export const E_OPTIONS: i32 = PUZZLE_INIT_OPTIONS;

/** Tile on cell c of a u16 board. */
@inline export function tileAt(board: usize, c: i32): i32 {
  return <i32>load<u16>(board + (<usize>c << 1));
}
@inline export function setTile(board: usize, c: i32, t: i32): void {
  store<u16>(board + (<usize>c << 1), <u16>t);
}

@inline function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}
@inline function setI32(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}

/** Manhattan distance between two cells. */
@inline function md(a: i32, b: i32): i32 {
  const dr = i32At(rowOf, a) - i32At(rowOf, b);
  const dc = i32At(colOf, a) - i32At(colOf, b);
  return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
}

/** Reads the boards from `input` (i32 per cell: start then goal at +MAX_CELLS*4) and builds every table. */
export function buildModel(input: usize, width: i32, height: i32, heuristic: i32, blankCounts: bool): i32 {
  if (width < 1 || height < 1 || width * height > MAX_CELLS) return E_SIZE;
  if (heuristic < H_NONE || heuristic > H_PDB) return E_OPTIONS;
  if (blankCounts && (heuristic == H_LINEAR || heuristic == H_PDB)) return E_OPTIONS;
  W = width; H = height; C = width * height;
  hKind = heuristic; countBlank = blankCounts;
  const goalInput = input + (<usize>MAX_CELLS << 2);

  // Free cells, and the boards as tile numbers; both boards must wall the same cells.
  N = 0;
  for (let c = 0; c < C; c++) {
    const s = i32At(input, c), g = i32At(goalInput, c);
    if ((s < 0) != (g < 0)) return E_BOARD;
    if (s >= 0) N++;
  }
  if (N < 1) return E_BOARD;
  freeCells = alloc(<usize>N << 2);
  startBoard = allocZeroed(<usize>C << 1);
  goalBoard = allocZeroed(<usize>C << 1);
  goalCell = alloc(<usize>N << 2);
  goalRow = alloc(<usize>N << 2);
  goalCol = alloc(<usize>N << 2);
  rowOf = alloc(<usize>C << 2);
  colOf = alloc(<usize>C << 2);
  const seenS = allocZeroed(<usize>N), seenG = allocZeroed(<usize>N);
  let f = 0;
  for (let c = 0; c < C; c++) {
    setI32(rowOf, c, c / W);
    setI32(colOf, c, c % W);
    const s = i32At(input, c), g = i32At(goalInput, c);
    if (s < 0) continue;
    if (s >= N || g >= N || load<u8>(seenS + s) || load<u8>(seenG + g)) return E_BOARD;
    store<u8>(seenS + s, 1); store<u8>(seenG + g, 1);
    setTile(startBoard, c, s);
    setTile(goalBoard, c, g);
    if (s == 0) startBlank = c;
    setI32(freeCells, f++, c);
  }
  for (let c = 0; c < C; c++) {
    const g = i32At(goalInput, c);
    if (g < 0) continue;
    setI32(goalCell, g, c);
    setI32(goalRow, g, c / W);
    setI32(goalCol, g, c % W);
  }

  buildNeighbours(input);
  buildPacking();
  // Heuristic tables.
  lisTails = alloc(<usize>MAX_CELLS << 2);
  if (heuristic == H_LINEAR && K == 1) buildLines();
  if (heuristic == H_MISPLACED || heuristic == H_MANHATTAN || heuristic == H_LINEAR || heuristic == H_PDB) buildDelta(heuristic == H_MISPLACED, blankCounts);
  else if (heuristic == H_EUCLIDEAN) buildEuclid();
  return OK;
}

// The table builders are separate functions so that each stays small: the engine optimises a
// function whose loops ran long enough, and compile time grows with its size.

/** Neighbours, walls removed. */
function buildNeighbours(input: usize): void {
  nbr = alloc(<usize>C << 4);
  for (let c = 0; c < C; c++) {
    const r = c / W, q = c % W, wall = i32At(input, c) < 0;
    setI32(nbr, (c << 2) + 0, !wall && r > 0 && i32At(input, c - W) >= 0 ? c - W : -1);
    setI32(nbr, (c << 2) + 1, !wall && r < H - 1 && i32At(input, c + W) >= 0 ? c + W : -1);
    setI32(nbr, (c << 2) + 2, !wall && q > 0 && i32At(input, c - 1) >= 0 ? c - 1 : -1);
    setI32(nbr, (c << 2) + 3, !wall && q < W - 1 && i32At(input, c + 1) >= 0 ? c + 1 : -1);
  }
}

function buildPacking(): void {
  bits = 1;
  while ((1 << bits) < N) bits++;
  fieldMask = (<u64>1 << <u64>bits) - 1;
  K = (N * bits + 63) >> 6;
  packWord = alloc(<usize>C << 2);
  packShift = alloc(<usize>C << 2);
  packSpill = alloc(<usize>C << 2);
  for (let i = 0; i < N; i++) {
    const c = i32At(freeCells, i), pos = i * bits, s = pos & 63;
    setI32(packWord, c, pos >> 6);
    setI32(packShift, c, s);
    setI32(packSpill, c, s + bits > 64 ? 64 - s : 0);
  }
}

/** The h delta table of misplaced / Manhattan (and linear conflict's Manhattan part). */
function buildDelta(mis: bool, blankCounts: bool): void {
  deltaShift = 32 - clz<i32>(C - 1);
  delta = allocZeroed(<usize>N << (deltaShift + 2));
  const g0 = i32At(goalCell, 0);
  for (let t = 1; t < N; t++) {
    const gt = i32At(goalCell, t);
    for (let b = 0; b < C; b++) {
      for (let d = 0; d < 4; d++) {
        // the blank came from a = nbr[b][d ^ 1] and moved by d onto b
        const a = i32At(nbr, (b << 2) + (d ^ 1));
        if (a < 0) continue;
        let dh: i32 = mis
          ? <i32>(a != gt) - <i32>(b != gt)
          : md(a, gt) - md(b, gt);
        if (blankCounts) dh += mis ? <i32>(b != g0) - <i32>(a != g0) : md(b, g0) - md(a, g0);
        store<i8>(delta + (<usize>((t << deltaShift) + b) << 2) + d, <i8>dh);
      }
    }
  }
}

function buildEuclid(): void {
  eucl = alloc(<usize>N * <usize>C << 3);
  for (let t = 0; t < N; t++) {
    const gt = i32At(goalCell, t);
    for (let c = 0; c < C; c++) {
      const dr = <f64>(i32At(rowOf, c) - i32At(rowOf, gt));
      const dc = <f64>(i32At(colOf, c) - i32At(colOf, gt));
      store<f64>(eucl + (<usize>(t * C + c) << 3), Math.sqrt(dr * dr + dc * dc));
    }
  }
}


// ---- heuristics on an unpacked board (u16[C] tiles, pos i32[N] cell of each tile) -------------------

/**
 * Linear conflicts of one line (rows 0..H-1, then columns H..H+W-1): tiles in the line whose goal is
 * in the line, minus the longest increasing subsequence of their goal positions along it.
 */
export function lineConflict(board: usize, line: i32): i32 {
  let start: i32, step: i32, len: i32, want: i32, keyOf: usize, lineOf: usize;
  if (line < H) {
    start = line * W; step = 1; len = W; want = line; lineOf = goalRow; keyOf = goalCol;
  } else {
    start = line - H; step = W; len = H; want = line - H; lineOf = goalCol; keyOf = goalRow;
  }
  let n = 0, lis = 0;
  const tails = lisTails;
  for (let i = 0, c = start; i < len; i++, c += step) {
    const t = tileAt(board, c);
    if (t == 0 || i32At(lineOf, t) != want) continue; // blank, wall, or a tile of another line
    n++;
    lis = lisInsert(tails, lis, i32At(keyOf, t));
  }
  return n - lis;
}

/** One patience-sorting step of the LIS: x replaces the first tail above it (keys are distinct). */
@inline function lisInsert(tails: usize, lis: i32, x: i32): i32 {
  let j = 0;
  while (j < lis && i32At(tails, j) < x) j++;
  setI32(tails, j, x);
  return j == lis ? lis + 1 : lis;
}

/** The per-line field lists of `lineConflictPacked` (one-word states only; walls left out). */
function buildLines(): void {
  const free = allocZeroed(<usize>C);
  for (let i = 0; i < N; i++) store<u8>(free + <usize>i32At(freeCells, i), 1);
  lineStart = alloc(<usize>(H + W + 1) << 2);
  lineItems = alloc(<usize>(2 * C) << 2);
  let k = 0;
  for (let l = 0; l < H + W; l++) {
    setI32(lineStart, l, k);
    const rows = l < H;
    const start = rows ? l * W : l - H, step = rows ? 1 : W, len = rows ? W : H;
    for (let i = 0, c = start; i < len; i++, c += step) {
      if (load<u8>(free + <usize>c)) setI32(lineItems, k++, i32At(packShift, c));
    }
  }
  setI32(lineStart, H + W, k);
}

/**
 * lineConflict of a packed one-word state (K = 1), read straight from the bits: tiles whose goal
 * is in the line (`lineOf` = goalRow for rows, goalCol for columns), LIS of their goal positions.
 */
export function lineConflictPacked(s: u64, line: i32): i32 {
  let want: i32, lineOf: usize, keyOf: usize;
  if (line < H) { want = line; lineOf = goalRow; keyOf = goalCol; } else { want = line - H; lineOf = goalCol; keyOf = goalRow; }
  const end = i32At(lineStart, line + 1);
  let n = 0, lis = 0;
  const tails = lisTails;
  for (let k = i32At(lineStart, line); k < end; k++) {
    const t = <i32>((s >> <u64>i32At(lineItems, k)) & fieldMask);
    if (t == 0 || i32At(lineOf, t) != want) continue;
    n++;
    lis = lisInsert(tails, lis, i32At(keyOf, t));
  }
  return n - lis;
}

/** Sum of line conflicts over every row and column. */
export function allConflicts(board: usize): i32 {
  let s = 0;
  for (let l = 0; l < H + W; l++) s += lineConflict(board, l);
  return s;
}

/** Euclidean h: in increasing tile number (blank first when it counts), f64, as the TS reference. */
export function euclidean(pos: usize): f64 {
  let h: f64 = 0;
  const C8 = <usize>C << 3;
  let p = eucl;
  let t = 0;
  if (!countBlank) { t = 1; p += C8; }
  for (; t < N; t++, p += C8) h += load<f64>(p + (<usize>i32At(pos, t) << 3));
  return h;
}

/** h of a whole board from scratch (start node, and the reference for the incremental updates). */
export function fullH(board: usize, pos: usize): f64 {
  if (hKind == H_NONE) return 0;
  if (hKind == H_EUCLIDEAN) return euclidean(pos);
  let s = 0;
  for (let t = countBlank ? 0 : 1; t < N; t++) {
    const c = i32At(pos, t), g = i32At(goalCell, t);
    s += hKind == H_MISPLACED ? <i32>(c != g) : md(c, g);
  }
  if (hKind == H_LINEAR) s += 2 * allConflicts(board);
  if (hKind == H_PDB) s += 2 * pdbCur; // pdb/lookup.ts searchInit ran first
  return <f64>s;
}

/** Fills pos (i32[N]) from a board. */
export function positions(board: usize, pos: usize): void {
  for (let i = 0; i < N; i++) {
    const c = i32At(freeCells, i);
    setI32(pos, tileAt(board, c), c);
  }
}

/**
 * The line whose conflicts change when the blank moves by d from a to b (tile t slides b → a), or
 * -1. Vertical moves keep every column's order and change only the row the tile's goal is in, if
 * the tile enters or leaves it; horizontal moves likewise for columns.
 */
@inline export function touchedLine(t: i32, a: i32, b: i32, d: i32): i32 {
  if (d < 2) {
    const gr = i32At(goalRow, t);
    return gr == i32At(rowOf, a) || gr == i32At(rowOf, b) ? gr : -1;
  }
  const gc = i32At(goalCol, t);
  return gc == i32At(colOf, a) || gc == i32At(colOf, b) ? H + gc : -1;
}

// ---- packed states ------------------------------------------------------------------------------

/** Tile on cell c of the packed state at p. */
@inline export function getCell(p: usize, c: i32): i32 {
  const w = p + (<usize>i32At(packWord, c) << 3);
  const s = i32At(packShift, c);
  let v = load<u64>(w) >> <u64>s;
  const spill = i32At(packSpill, c);
  if (spill) v |= load<u64>(w, 8) << <u64>spill;
  return <i32>(v & fieldMask);
}

/** XOR tile v into cell c's field (adding to an empty field, or removing v from it). */
@inline export function xorCell(p: usize, c: i32, v: i32): void {
  const w = p + (<usize>i32At(packWord, c) << 3);
  const s = i32At(packShift, c);
  store<u64>(w, load<u64>(w) ^ (<u64>v << <u64>s));
  const spill = i32At(packSpill, c);
  if (spill) store<u64>(w, load<u64>(w, 8) ^ (<u64>v >> <u64>spill), 8);
}

/** Packs a board (u16[C]) into K words at p. */
export function pack(board: usize, p: usize): void {
  memory.fill(p, 0, <usize>K << 3);
  for (let i = 0; i < N; i++) {
    const c = i32At(freeCells, i);
    xorCell(p, c, tileAt(board, c));
  }
}

/** Unpacks K words at p into a board (walls stay 0) and pos; returns the blank's cell. */
export function unpack(p: usize, board: usize, pos: usize): i32 {
  for (let i = 0; i < N; i++) {
    const c = i32At(freeCells, i);
    const t = getCell(p, c);
    setTile(board, c, t);
    setI32(pos, t, c);
  }
  return i32At(pos, 0);
}
