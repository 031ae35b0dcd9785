// Exact counting of one subproblem of N-Queens (the first two rows fixed) over the board's eight
// symmetries (Takaken's method), resumable in budgets of nodes. Twin of createTsCountRun in
// engine/src/queens/count.ts: the same rules, the same node and solution counts
// (docs/contracts/queens.md, "Counting"), visited in another order.
//
// Level passes on SIMD lanes: eight u16 lanes for N ≤ 17, four u32 lanes up to N = 32 (one generic
// loop, T = u16 | u32). Each row keeps a buffer of open states: the columns and diagonals so far, the
// row's free columns, and (side case only) the columns chosen in the rows above (for the rotation
// check). N − 1 bits hold a row: row 0's column c0 is taken for good, so the columns and the free
// columns are kept without it ("packed": bit p is column p below c0, p + 1 from c0 on), "/" is kept
// shifted down by one (its bit 0 is always clear) and "\" as is (its bit N−1 is always clear). A pass takes
// up to BATCH states of a row, a vector at a time, places each one's lowest free column, and packs the
// states with columns left back into the row and the children with free columns onto the next row
// (one swizzle per field, from a table indexed by the lane mask). Rows are passed deepest first once
// the next row holds BATCH states, so a row never holds 2·BATCH. No lane waits for another (a finished
// state is simply not packed again) and there is no branch per node: this is where the kernel leaves
// the TS reference behind (JS has no SIMD; the same scheme in scalar code gains nothing).
//
// A row's rule (which columns the method keeps empty there) comes from a per-row table, plus the side
// rule at row B2; row N−2's children are the last row's queens, counted in place; the rotation check
// runs, lane by lane, only on solutions of the side case, and decodes the board only for those whose
// rows B1, B2 or N−1 can start a smaller rotation; the node budget is checked between passes.

const MAXN: i32 = 32;
const PREFIX: usize = memory.data(MAXN * 4, 16);
/** Per row: the columns the method keeps empty in that row (u32 each). */
const CUT: usize = memory.data((MAXN + 1) * 4, 16);
/** The queen's bit per row, filled for the rotation check. */
const BOARD: usize = memory.data((MAXN + 1) * 4, 16);

let n: i32 = 0;
let full: u32 = 0;
let top: u32 = 0;
let sideMask: u32 = 0;
let lastMask: u32 = 0;
let endBit: u32 = 0;
let b1: i32 = 0;
let b2: i32 = -1;
let corner: bool = false;
let nodes: u64 = 0;
let solutions: u64 = 0;
let done: bool = true;
/** Row 0's column, and the packed positions below it and from it on (masks of N − 1 bits). */
let c0Col: u32 = 0;
let packedLow: u32 = 0;
let packedHigh: u32 = 0;
/** History fields of the task: 0 in the corner case (no rotation check), else 3 (u16) or 5 (u32). */
let hFieldsNow: i32 = 0;

/** A column-space mask packed: column c0 dropped, the columns above it moved down one. */
@inline function packColumns(x: u32): u32 { return (x & packedLow) | ((x >> 1) & packedHigh); }
/** Packed positions back to columns. */
@inline function unpackColumns(x: u32): u32 { return x + (x & packedHigh); }

@inline function B(i: i32): u32 { return load<u32>(BOARD + (<usize>i << 2)); }

/** Where the host writes the prefix columns (i32 each) before queensCountInit. */
export function queensCountPrefix(): usize { return PREFIX; }

/** Row y's free columns under the method's rule for that row. */
@inline function rowAvail(y: i32, c: u32, l: u32, r: u32): u32 {
  let a = ~(c | l | r) & full & ~load<u32>(CUT + (<usize>y << 2));
  if (y == b2) {
    const s = c & sideMask;
    if (s == 0) a = 0;
    else if (s != sideMask) a &= sideMask;
  }
  return a;
}

/**
 * A side-case solution (BOARD filled) against its rotations: 2, 4 or 8 for a class representative
 * with that many distinct images, 0 when a rotation is smaller (counted elsewhere).
 */
function check(): u64 {
  const e = n - 1;
  if (B(b2) == 1) {
    let own = 1;
    let ptn: u32 = 2;
    for (; own <= e; own++, ptn <<= 1) {
      let bit: u32 = 1;
      for (let you = e; B(you) != ptn && B(own) >= bit; you--) bit <<= 1;
      if (B(own) > bit) return 0;
      if (B(own) < bit) break;
    }
    if (own > e) return 2;
  }
  if (B(e) == endBit) {
    let own = 1;
    for (let you = e - 1; own <= e; own++, you--) {
      let bit: u32 = 1;
      for (let ptn = top; ptn != B(you) && B(own) >= bit; ptn >>= 1) bit <<= 1;
      if (B(own) > bit) return 0;
      if (B(own) < bit) break;
    }
    if (own > e) return 4;
  }
  if (B(b1) == top) {
    let own = 1;
    let ptn: u32 = top >> 1;
    for (; own <= e; own++, ptn >>= 1) {
      let bit: u32 = 1;
      for (let you = 0; B(you) != ptn && B(own) >= bit; you++) bit <<= 1;
      if (B(own) > bit) return 0;
      if (B(own) < bit) break;
    }
  }
  return 8;
}

/**
 * Prepares the count of one task of countSubproblems (N = 1: prefix [0]; N ≥ 4: [c0, c1]); returns 0,
 * or 1 when n or the prefix is not such a task.
 */
export function queensCountInit(size: i32, prefixLength: i32): i32 {
  done = true;
  nodes = 0;
  solutions = 0;
  if (size < 1 || size > MAXN) return 1;
  if (size == 1) {
    if (prefixLength != 1 || load<i32>(PREFIX) != 0) return 1;
    solutions = 1;
    return 0;
  }
  if (size < 4 || prefixLength != 2) return 1;
  const c0 = load<i32>(PREFIX), c1 = load<i32>(PREFIX, 4);
  if (c0 < 0 || c0 >= size || c1 < 0 || c1 >= size || abs(c0 - c1) <= 1) return 1;
  n = size;
  full = size == 32 ? 0xffffffff : (<u32>1 << <u32>size) - 1;
  top = <u32>1 << <u32>(size - 1);
  sideMask = top | 1;
  corner = c0 == 0;
  if (corner) {
    if (c1 < 2 || c1 > size - 2) return 1;
    b1 = c1; b2 = -1; lastMask = 0;
  } else {
    b1 = c0; b2 = size - 1 - c0;
    if (b1 >= b2) return 1;
    if (b1 > 1 && ((<u32>1 << <u32>c1) & sideMask) != 0) return 1;
    lastMask = sideMask;
    for (let k = 1; k < b1; k++) lastMask |= (lastMask >> 1) | (lastMask << 1);
  }
  endBit = top >> <u32>b1;
  c0Col = <u32>c0;
  packedLow = (<u32>1 << c0Col) - 1;
  packedHigh = (full >> 1) & ~packedLow;
  for (let y = 0; y <= size; y++) {
    store<u32>(CUT + (<usize>y << 2), y < b1 ? (corner ? 2 : sideMask) : 0);
  }
  const bit0 = <u32>1 << <u32>c0, bit1 = <u32>1 << <u32>c1;
  store<u32>(BOARD, bit0);
  store<u32>(BOARD, bit1, 4);
  const c = bit0 | bit1;
  const l = (((bit0 << 1) | bit1) << 1);
  const r = ((bit0 >> 1) | bit1) >> 1;
  const a = rowAvail(2, c, l, r);
  // The passes read the rules packed.
  for (let y = 0; y <= size; y++) store<u32>(CUT + (<usize>y << 2), packColumns(load<u32>(CUT + (<usize>y << 2))));
  narrow = size <= 17;
  hFieldsNow = corner ? 0 : narrow ? 3 : 5;
  if (narrow) startRows<u16>(packColumns(c), l >> 1, r, packColumns(a));
  else startRows<u32>(packColumns(c), l >> 1, r, packColumns(a));
  done = false;
  return 0;
}

// ---- The rows' buffers ----

/** A row is passed only while the row below holds fewer than BATCH states; a pass takes at most BATCH. */
const BATCH: i32 = 256;
/** States a row can hold: below 2·BATCH, plus one vector written past the last. */
const ROW_CAP: i32 = 2 * BATCH + 8;
/** Per row, the fields (ROW_CAP lanes of T each): cols (packed), ld (shifted), rd, avail (packed), then the history fields. */
const F_L = 1, F_R = 2, F_A = 3, F_H = 4;
/**
 * Side case: the packed positions chosen in rows 2..N−4, each by its bit name (bitName), 4 bits in
 * three u16 fields (rows 2..13), 5 bits in five u32 fields (rows 2..31); row N−3's column is the one
 * the other rows leave free, and rows N−2, N−1 are in the pass. Row 2 + j goes to field j % fields at
 * bit bits · (j / fields): dealt round the fields, so that small boards already use every field; a
 * field's slot in a row turns round by one per row (historySlot). The corner case keeps none.
 */
@inline function indexBits<T>(): i32 { return sizeof<T>() == 2 ? 4 : 5; }
@inline function lanesOf<T>(): i32 { return 16 / <i32>sizeof<T>(); }
@inline function fieldBytes<T>(): usize { return <usize>ROW_CAP * sizeof<T>(); }
@inline function rowBytes<T>(hFields: i32): usize { return fieldBytes<T>() * <usize>(F_H + hFields); }
/** Room for the wider layout: 32 rows of nine u32 fields. */
const ROWS: usize = memory.data(32 * 9 * ROW_CAP * 4, 16);
/** States held per row (i32 each). */
const HELD: usize = memory.data((MAXN + 1) * 4, 16);
/** For each lane mask, the swizzle that moves the chosen lanes to the front, in order: 256 for u16 lanes, 16 for u32. */
const PACK16: usize = memory.data(256 * 16, 16);
const PACK32: usize = memory.data(16 * 16, 16);
/** A pass's vectors of solutions (the bit, the last row's column, the history), read lane by lane. */
const SOLVED: usize = memory.data(8 * 16, 16);
let packReady = false;
/** u16 lanes (N ≤ 17), else u32. */
let narrow = true;
/**
 * A pass's vectors, stored before its loop and loaded in it (a load is one instruction, where V8
 * rebuilds a splat from its scalar each time round): row y + 1's allowed columns, the de Bruijn
 * multiplier, and the factor that moves a bit name to its place in the history (0: none kept).
 */
const PASS: usize = memory.data(10 * 16, 16);
const P_ALLOWED = 0, P_DEBRUIJN = 16, P_PLACE = 32;
/**
 * The side case's solutions whose rotation check needs the board (see needsBoard): the last row's
 * queen is endBit (P_END), row B1's queen is top (history field at byte offset offB1 under mask
 * P_B1_MASK equal to P_B1), or row B2's is column 0 (as the queen of the row passed, P_B2_BIT*, or
 * in the history at offB2, P_B2*). A mask of 0 with a value of 0 makes a test always true, with 1
 * never.
 */
const P_END = 48, P_B1_MASK = 64, P_B1 = 80, P_B2_BIT_MASK = 96, P_B2_BIT = 112, P_B2_MASK = 128, P_B2 = 144;
let offB1: usize = 0;
let offB2: usize = 0;
/** The row being passed, between two calls of queensCountStep. */
let passRow: i32 = 2;

@inline function rowAt<T>(y: i32, hFields: i32): usize { return ROWS + <usize>y * rowBytes<T>(hFields); }
@inline function heldAt(y: i32): usize { return HELD + (<usize>y << 2); }
@inline function packFor<T>(mask: i32): v128 { return v128.load((sizeof<T>() == 2 ? PACK16 : PACK32) + (<usize>mask << 4)); }

function fillPack(at: usize, lanes: i32, laneBytes: i32): void {
  for (let m = 0; m < 1 << lanes; m++) {
    let k = 0;
    for (let lane = 0; lane < lanes; lane++) if ((m >> lane) & 1) setPackSlot(at + (<usize>m << 4), k++, lane, laneBytes);
    for (; k < lanes; k++) setPackSlot(at + (<usize>m << 4), k, 0, laneBytes); // never read
  }
}

@inline function setPackSlot(pattern: usize, slot: i32, lane: i32, laneBytes: i32): void {
  for (let b = 0; b < laneBytes; b++) store<u8>(pattern + <usize>(slot * laneBytes + b), <u8>(lane * laneBytes + b));
}

function startRows<T>(c: u32, l: u32, r: u32, a: u32): void {
  if (!packReady) { fillPack(PACK16, 8, 2); fillPack(PACK32, 4, 4); fillBitNames(); packReady = true; }
  for (let y = 0; y <= MAXN; y++) store<i32>(heldAt(y), 0);
  const p = rowAt<T>(2, hFieldsNow), f = fieldBytes<T>();
  v128.store(p + f * F_A, v128.splat<T>(0)); // avail 0 past the row's end: see passVectors
  store<T>(p, <T>c); store<T>(p + f * F_L, <T>l); store<T>(p + f * F_R, <T>r); store<T>(p + f * F_A, <T>a);
  for (let k = 0; k < hFieldsNow; k++) store<T>(p + f * <usize>(F_H + k), 0);
  store<i32>(heldAt(2), a != 0 ? 1 : 0);
  passRow = 2;
}

/**
 * A name of each lane's single bit in indexBits<T>() bits: the top bits of the bit times a de Bruijn
 * sequence (a multiply and a shift, where counting the bits below it takes a dozen instructions);
 * DEBRUIJN16/32 turn it back into the column.
 */
@inline function bitName<T>(bit: v128): v128 {
  return v128.shr<T>(v128.mul<T>(bit, v128.load(PASS, P_DEBRUIJN)), <i32>sizeof<T>() * 8 - indexBits<T>());
}
/** Per bit name (u8 each), the column it names: 16 names of u16 lanes, 32 of u32 lanes. */
const DEBRUIJN16: usize = memory.data(16);
const DEBRUIJN32: usize = memory.data(32);

function fillBitNames(): void {
  for (let k: u32 = 0; k < 16; k++) store<u8>(DEBRUIJN16 + <usize>(((<u32>0x0f65 << k) & 0xffff) >> 12), <u8>k);
  for (let k: u32 = 0; k < 32; k++) store<u8>(DEBRUIJN32 + <usize>((<u32>0x077cb531 << k) >> 27), <u8>k);
}

/**
 * Packs the lanes `pack` chooses of a vector of states at `dst`: cols, ld, rd, avail as given, the
 * history fields read from `src`. Children (`child`) turn the history slots round by one, slot 0 (with
 * `h` added: the column of the row passed) going last, so the row passed always writes slot 0 and
 * no lane tests which field is its row's; the states kept stay in their slots.
 */
@inline function packStates<T>(dst: usize, src: usize, C: v128, L: v128, R: v128, A: v128, pack: v128, hFields: i32, child: bool, h: v128): void {
  const f = fieldBytes<T>();
  v128.store(dst, i8x16.swizzle(C, pack)); v128.store(dst + f * F_L, i8x16.swizzle(L, pack));
  v128.store(dst + f * F_R, i8x16.swizzle(R, pack)); v128.store(dst + f * F_A, i8x16.swizzle(A, pack));
  // Straight-line (hFields is a constant): no loop per vector.
  if (hFields > 0) packHistory<T>(dst, src, pack, 0, hFields, child, h);
  if (hFields > 1) packHistory<T>(dst, src, pack, 1, hFields, child, h);
  if (hFields > 2) packHistory<T>(dst, src, pack, 2, hFields, child, h);
  if (hFields > 3) packHistory<T>(dst, src, pack, 3, hFields, child, h);
  if (hFields > 4) packHistory<T>(dst, src, pack, 4, hFields, child, h);
}

@inline function packHistory<T>(dst: usize, src: usize, pack: v128, k: i32, hFields: i32, child: bool, h: v128): void {
  const old = v128.load(src + fieldBytes<T>() * <usize>(F_H + k));
  const to = child ? (k + hFields - 1) % hFields : k;
  v128.store(dst + fieldBytes<T>() * <usize>(F_H + to), i8x16.swizzle(child && k == 0 ? v128.or(old, h) : old, pack));
}

/**
 * The slot of history field j (the columns of rows 2 + j, 2 + j + fields, …) in row y's states: the
 * slots turn round by one per row (see packStates), and row 2 keeps field j in slot j.
 */
@inline function historySlot(j: i32, y: i32, fields: i32): i32 { return (j - (y - 2) % fields + fields) % fields; }

/** History fields by a tag type (a compile-time constant per instance of passRows): u8 0, u16 3, u32 5. */
@inline function historyCount<H>(): i32 { return sizeof<H>() == 1 ? 0 : sizeof<H>() == 2 ? 3 : 5; }

/** A packed single column's bit name (see bitName), as a scalar. */
@inline function nameOf<T>(bit: u32): u32 {
  return sizeof<T>() == 2 ? ((bit * 0x0f65) & 0xffff) >> 12 : (bit * 0x077cb531) >> 27;
}

/**
 * Fills the tests of needsBoard for the side case's last pass (row y = N − 2): where rows B1 and B2
 * are read (history, the queen placed, the task's prefix or, for row N − 3, not at all: always true).
 */
function prepareNeedsBoard<T, H>(y: i32): void {
  const fields = historyCount<H>(), bits = indexBits<T>(), f = fieldBytes<T>();
  const nameMask: u32 = (1 << bits) - 1;
  v128.store(PASS, v128.splat<T>(<T>packColumns(endBit)), P_END);
  // Row B1 (≥ 1): row 1 is the prefix's, rows 2.. are in the history.
  if (b1 == 1) {
    offB1 = 0; v128.store(PASS, v128.splat<T>(0), P_B1_MASK); v128.store(PASS, v128.splat<T>(<T>(B(1) == top ? 0 : 1)), P_B1);
  } else {
    const shift = <u32>(((b1 - 2) / fields) * bits);
    offB1 = f * <usize>(F_H + historySlot((b1 - 2) % fields, y, fields));
    v128.store(PASS, v128.splat<T>(<T>(nameMask << shift)), P_B1_MASK);
    v128.store(PASS, v128.splat<T>(<T>(nameOf<T>(packColumns(top)) << shift)), P_B1);
  }
  // Row B2 (B1 < B2 ≤ N − 2): the row passed, row N − 3 (the column left: always decode) or the history.
  const never = v128.splat<T>(1), any = v128.splat<T>(0);
  v128.store(PASS, b2 == y ? v128.splat<T>(<T>-1) : any, P_B2_BIT_MASK);
  v128.store(PASS, b2 == y ? v128.splat<T>(<T>packColumns(1)) : never, P_B2_BIT);
  if (b2 >= y - 1) {
    offB2 = 0; v128.store(PASS, any, P_B2_MASK); v128.store(PASS, b2 == y - 1 ? any : never, P_B2);
  } else {
    const shift = <u32>(((b2 - 2) / fields) * bits);
    offB2 = f * <usize>(F_H + historySlot((b2 - 2) % fields, y, fields));
    v128.store(PASS, v128.splat<T>(<T>(nameMask << shift)), P_B2_MASK);
    v128.store(PASS, v128.splat<T>(<T>(nameOf<T>(packColumns(1)) << shift)), P_B2);
  }
}

/**
 * The lanes (of the last pass, side case) whose solution check() may find a smaller rotation of:
 * row B2's queen in column 0, the last row's at endBit or row B1's at top. Any other solution counts
 * 8 without decoding the board.
 */
@inline function needsBoard<T>(p: usize, bit: v128, free: v128): v128 {
  const atEnd = v128.eq<T>(free, v128.load(PASS, P_END));
  const b1Top = v128.eq<T>(v128.and(v128.load(p + offB1), v128.load(PASS, P_B1_MASK)), v128.load(PASS, P_B1));
  const b2Bit = v128.eq<T>(v128.and(bit, v128.load(PASS, P_B2_BIT_MASK)), v128.load(PASS, P_B2_BIT));
  const b2Hist = v128.eq<T>(v128.and(v128.load(p + offB2), v128.load(PASS, P_B2_MASK)), v128.load(PASS, P_B2));
  return v128.or(v128.or(atEnd, b1Top), v128.or(b2Bit, b2Hist));
}

/** Row r's queen (2 ≤ r ≤ y − 2, unpacked) from the history of a solved lane, found in row y. */
@inline function historyColumn<T, H>(lane: usize, r: i32, y: i32): u32 {
  const fields = historyCount<H>(), bits = indexBits<T>(); // constants: no division below
  const h = <u32>load<T>(lane + 32 + (<usize>historySlot((r - 2) % fields, y, fields) << 4));
  const name = (h >> <u32>(((r - 2) / fields) * bits)) & ((1 << bits) - 1);
  return unpackColumns(<u32>1 << load<u8>((sizeof<T>() == 2 ? DEBRUIJN16 : DEBRUIJN32) + <usize>name));
}

/** The side case's solutions among `chosen` lanes of SOLVED (found in row y), each through the rotation check. */
function checkSolved<T, H>(chosen: i32, y: i32): u64 {
  let sum: u64 = 0;
  for (let m = chosen; m != 0; m &= m - 1) {
    const lane = SOLVED + <usize>ctz(m) * sizeof<T>();
    const last2 = unpackColumns(<u32>load<T>(lane)), last = unpackColumns(<u32>load<T>(lane, 16));
    let taken = B(0) | B(1);
    for (let row = 2; row < y - 1; row++) {
      const bit = historyColumn<T, H>(lane, row, y);
      store<u32>(BOARD + (<usize>row << 2), bit);
      taken |= bit;
    }
    store<u32>(BOARD + (<usize>y << 2), last2);
    store<u32>(BOARD + (<usize>(y + 1) << 2), last);
    if (y - 1 >= 2) store<u32>(BOARD + (<usize>(y - 1) << 2), full & ~(taken | last2 | last));
    sum += check();
  }
  return sum;
}

/** Passes rows until `stop` nodes or the end, with historyCount<H>() history fields. */
function passRows<T, H>(stop: u64): i32 {
  const hFields = historyCount<H>();
  const lastRow = n - 2; // its children are the last row's queens, counted in place
  let y = passRow;
  v128.store(PASS, v128.splat<T>(<T>(sizeof<T>() == 2 ? 0x0f65 : 0x077cb531)), P_DEBRUIJN);
  while (true) {
    const held = load<i32>(heldAt(y));
    const below = load<i32>(heldAt(y + 1));
    // Deeper first once the next row has a batch (or this row is empty); rows below y + 1 are empty.
    if (below >= BATCH || (held == 0 && below > 0)) { y++; continue; }
    if (held == 0) {
      if (y == 2) { done = true; break; }
      y--;
      continue;
    }
    if (nodes >= stop) break;
    const first = held > BATCH ? held - BATCH : 0;
    // Row y + 1's columns less the method's rule for it.
    v128.store(PASS, v128.splat<T>(<T>((full >> 1) & ~load<u32>(CUT + (<usize>(y + 1) << 2)))), P_ALLOWED);
    // Row y's column goes to history field (y − 2) % fields (slot 0 here), at bit bits · ((y − 2) / fields); none from row N−3 on.
    const hKept = hFields > 0 && y < lastRow - 1;
    v128.store(PASS, v128.splat<T>(hKept ? <T>1 << <T>(((y - 2) / hFields) * indexBits<T>()) : 0), P_PLACE);
    nodes += <u64>(held - first); // a node per state passed
    // One loop each for the last but one row, row B2's parent and the others: no branch per vector.
    if (y == lastRow) {
      if (hFields > 0) prepareNeedsBoard<T, H>(y);
      passVectors<T, H>(y, first, held, true, false);
    } else if (y + 1 == b2) passVectors<T, H>(y, first, held, false, true);
    else passVectors<T, H>(y, first, held, false, false);
  }
  passRow = y;
  return done ? 1 : 0;
}

/**
 * Passes row y's states [first, held) a vector at a time: places each one's lowest free column, packs
 * the states with columns left back into row y and the children onto row y + 1 (`last`: counts them,
 * the last row's queens, instead; `sideRule`: row y + 1 is B2).
 */
@inline function passVectors<T, H>(y: i32, first: i32, held: i32, last: bool, sideRule: bool): void {
  const lanes = lanesOf<T>(), f = fieldBytes<T>(), hFields = historyCount<H>();
  const allLanes = (1 << lanes) - 1;
  const zero = v128.splat<T>(0), high = v128.splat<T>(<T>packedHigh);
  const base = rowAt<T>(y, hFields), next = rowAt<T>(y + 1, hFields);
  let kept = first, queued = load<i32>(heldAt(y + 1));
  let nd: u64 = 0, sol: u64 = 0;
  for (let at = first; at < held; at += lanes) {
    const p = base + <usize>at * sizeof<T>();
    // Lanes past the row's end read avail 0 (written after each pass): they place nothing and make no child.
    const C = v128.load(p), L = v128.load(p + f * F_L), R = v128.load(p + f * F_R), A = v128.load(p + f * F_A);
    const past = v128.eq<T>(A, zero);
    const bit = v128.and(A, v128.neg<T>(A));
    const rest = v128.xor(A, bit);
    // The queen's column (dropped in u16 lanes at column 16, where "/" no longer needs it) and that column shifted down.
    const up = v128.and(bit, high);
    const column = v128.add<T>(bit, up), half = v128.or(v128.shr<T>(v128.xor(bit, up), 1), up);
    const nc = v128.or(C, bit), nl = v128.or(v128.shl<T>(L, 1), column), nr = v128.or(v128.shr<T>(R, 1), half);
    // "/" and "\\" at the packed positions: position p reads column p below c0, p + 1 from c0 on.
    const ldAt = v128.bitselect(nl, v128.shl<T>(nl, 1), high), rdAt = v128.bitselect(v128.shr<T>(nr, 1), nr, high);
    const free = v128.andnot(v128.load(PASS, P_ALLOWED), v128.or(v128.or(nc, ldAt), rdAt));
    if (last) {
      // The last row's free column (at most one) completes a solution unless lastmask forbids it.
      const lm = v128.splat<T>(<T>packColumns(lastMask));
      const solved = v128.bitmask<T>(v128.andnot(v128.eq<T>(v128.and(free, lm), zero), v128.or(v128.eq<T>(free, zero), past)));
      nd += <u64>popcnt(solved);
      const board = hFields == 0 ? 0 : solved & v128.bitmask<T>(needsBoard<T>(p, bit, free)); // corner: none
      sol += <u64>popcnt(solved & ~board) << 3;
      if (board != 0) {
        v128.store(SOLVED, bit); v128.store(SOLVED, free, 16);
        for (let k = 0; k < hFields; k++) v128.store(SOLVED + 32 + (<usize>k << 4), v128.load(p + f * <usize>(F_H + k)));
        sol += checkSolved<T, H>(board, y);
      }
    } else {
      let na = v128.andnot(free, past);
      if (sideRule) {
        const sm = v128.splat<T>(<T>packColumns(sideMask));
        const s = v128.and(nc, sm);
        const none = v128.eq<T>(s, zero), one = v128.andnot(v128.not(v128.eq<T>(s, sm)), none);
        na = v128.andnot(v128.bitselect(v128.and(na, sm), na, one), none);
      }
      const live = allLanes & ~v128.bitmask<T>(v128.eq<T>(na, zero));
      // Written even with no child (not counted then; the row has room for one vector past its end): no branch.
      const h = v128.mul<T>(bitName<T>(bit), v128.load(PASS, P_PLACE));
      packStates<T>(next + <usize>queued * sizeof<T>(), p, nc, nl, nr, na, packFor<T>(live), hFields, true, h);
      queued += popcnt(live);
    }
    // The states with columns left stay in row y, written behind the reads (and after the history
    // above was read: the first vector may be written over itself).
    const keep = allLanes & ~v128.bitmask<T>(v128.eq<T>(rest, zero));
    packStates<T>(base + <usize>kept * sizeof<T>(), p, C, L, R, rest, packFor<T>(keep), hFields, false, zero);
    kept += popcnt(keep);
  }
  store<i32>(heldAt(y), kept);
  v128.store(base + f * F_A + <usize>kept * sizeof<T>(), zero);
  if (last) {
    nodes += nd; solutions += sol;
  } else {
    store<i32>(heldAt(y + 1), queued);
    v128.store(next + f * F_A + <usize>queued * sizeof<T>(), zero);
  }
}

/** At most about `budget` nodes (checked between passes); returns 1 when the subproblem is counted, else 0. */
export function queensCountStep(budget: f64): i32 {
  if (done) return 1;
  const stop: u64 = nodes + <u64>(budget < 1 ? 1.0 : budget);
  if (narrow) return hFieldsNow == 0 ? passRows<u16, u8>(stop) : passRows<u16, u16>(stop);
  return hFieldsNow == 0 ? passRows<u32, u8>(stop) : passRows<u32, u32>(stop);
}

/** Solutions and nodes so far, as u64 at queensCountResult() (solutions, nodes). */
const RESULT: usize = memory.data(16, 16);
export function queensCountResult(): usize {
  store<u64>(RESULT, solutions);
  store<u64>(RESULT, nodes, 8);
  return RESULT;
}
