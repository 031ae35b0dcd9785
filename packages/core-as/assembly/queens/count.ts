// Exact counting of one subproblem of N-Queens (the first two rows fixed) over the board's eight
// symmetries (Takaken's method), resumable in budgets of nodes. Twin of createTsCountRun in
// engine/src/queens/count.ts: the same rules, the same node and solution counts
// (docs/contracts/queens.md, "Counting").
//
// Two loops count the same nodes:
// - N ≤ 16: level passes on eight i16 lanes (SIMD). Each row keeps a buffer of open states (the
//   columns and diagonals so far, the row's free columns, the columns chosen above). A pass takes the
//   row's states eight at a time, places each one's lowest free column, and packs the states with
//   columns left back into the row and the children with free columns into the next row's buffer
//   (a swizzle by a table of the 256 lane masks). Rows are passed deepest first once the next row holds
//   LANES_BATCH states, so buffers stay small. No lane waits for another: a state that is done is simply
//   not packed again. JS has no SIMD: this is where the kernel leaves the TS reference behind.
// - N > 16 (columns past 16 bits): an explicit-stack loop that keeps the current row's (cols, ld, rd,
//   avail) in locals and pushes a 16-byte frame only when it goes one row deeper.
// In both, a row's rule (which columns the method keeps empty there) comes from a per-row table, plus
// the side rule at row B2; from row N−2 the last row is counted in place; the rotation check runs only
// on solutions of the side case; the node budget is checked between passes (subtrees for the loop).

const MAXN: i32 = 32;
const PREFIX: usize = memory.data(MAXN * 4, 16);
/** Saved frames (cols, ld, rd, avail: u32 each), frame k for row 2 + k. */
const STACK: usize = memory.data((MAXN + 1) * 16, 16);
/** Per row: the columns the method keeps empty in that row (u32 each). */
const CUT: usize = memory.data((MAXN + 1) * 4, 16);
/**
 * The same rules laid out like the frames: NEXT_CUT + 16k holds row (3 + k)'s rule, the row below
 * frame k's row, so the loop finds it at a constant offset from its stack pointer.
 */
const NEXT_CUT: usize = memory.data((MAXN + 1) * 16, 16);
const NEXT_CUT_OFFSET: usize = NEXT_CUT - STACK;
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
// The current row's state between two calls of queensCountStep.
let gc: u32 = 0;
let gl: u32 = 0;
let gr: u32 = 0;
let ga: u32 = 0;
let gsp: usize = STACK;

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
  for (let y = 0; y <= size; y++) {
    store<u32>(CUT + (<usize>y << 2), y < b1 ? (corner ? 2 : sideMask) : 0);
  }
  for (let k = 0; k + 3 <= size; k++) store<u32>(NEXT_CUT + (<usize>k << 4), load<u32>(CUT + (<usize>(k + 3) << 2)));
  const bit0 = <u32>1 << <u32>c0, bit1 = <u32>1 << <u32>c1;
  store<u32>(BOARD, bit0);
  store<u32>(BOARD, bit1, 4);
  const c = bit0 | bit1;
  const l = (((bit0 << 1) | bit1) << 1);
  const r = ((bit0 >> 1) | bit1) >> 1;
  gc = c; gl = l; gr = r; gsp = STACK;
  ga = rowAvail(2, c, l, r);
  lanes = size <= LANES_MAX_N;
  if (lanes) lanesStart(c, l, r, ga);
  done = false;
  return 0;
}

/** At most about `budget` nodes (checked when a subtree ends); returns 1 when the subproblem is counted, else 0. */
export function queensCountStep(budget: f64): i32 {
  if (done) return 1;
  const stop: u64 = nodes + <u64>(budget < 1 ? 1.0 : budget);
  if (lanes) return lanesStep(stop);
  const mask = full;
  // The row being filled is 2 + (sp − STACK) / 16: compared through sp, no row counter.
  const spPreLast = STACK + (<usize>(n - 4) << 4); // filling row N−2: the last row is counted in place
  const spBeforeB2 = b2 < 0 ? 0 : STACK + (<usize>(b2 - 3) << 4); // filling row B2 − 1: the child row has B2's rule
  const lm = lastMask;
  const sm = sideMask;
  let c = gc, l = gl, r = gr, a = ga;
  let sp = gsp;
  let nd = nodes, sol = solutions;
  while (true) {
    if (a == 0) {
      if (sp == STACK) {
        done = true;
        nodes = nd; solutions = sol;
        return 1;
      }
      if (nd >= stop) {
        gc = c; gl = l; gr = r; ga = a; gsp = sp;
        nodes = nd; solutions = sol;
        return 0;
      }
      sp -= 16;
      c = load<u32>(sp); l = load<u32>(sp, 4); r = load<u32>(sp, 8); a = load<u32>(sp, 12);
      continue;
    }
    const bit = a & (0 - a);
    a ^= bit;
    nd++;
    const nc = c | bit, nl = (l | bit) << 1, nr = (r | bit) >> 1;
    if (sp == spPreLast) {
      const la = ~(nc | nl | nr) & mask;
      if (la != 0 && (la & lm) == 0) {
        nd++;
        if (lm == 0) sol += 8; // the corner case (its lastmask is empty)
        else {
          // Rows 2..d−1 from the saved frames (the bit each added to cols), then rows d and N−1.
          const d = n - 2;
          let p = STACK;
          for (let y = 2; y < d - 1; y++, p += 16) store<u32>(BOARD + (<usize>y << 2), load<u32>(p, 16) ^ load<u32>(p));
          if (d > 2) store<u32>(BOARD + (<usize>(d - 1) << 2), c ^ load<u32>(sp - 16));
          store<u32>(BOARD + (<usize>d << 2), bit);
          store<u32>(BOARD + (<usize>(d + 1) << 2), la);
          sol += check();
        }
      }
      continue;
    }
    let na = ~(nc | nl | nr) & mask & ~load<u32>(sp, NEXT_CUT_OFFSET);
    if (sp == spBeforeB2) {
      const s = nc & sm;
      if (s == 0) na = 0;
      else if (s != sm) na &= sm;
    }
    if (na == 0) continue;
    store<u32>(sp, c); store<u32>(sp, l, 4); store<u32>(sp, r, 8); store<u32>(sp, a, 12);
    sp += 16;
    c = nc; l = nl; r = nr; a = na;
  }
  return 0; // not reached
}

// ---- Level passes on eight i16 lanes (N ≤ 16) ----

const LANES_MAX_N: i32 = 16;
/** A row's next row is passed once it holds this many states (a buffer stays below rows × batch). */
const LANES_BATCH: i32 = 256;
const LANES_CAP: i32 = LANES_MAX_N * LANES_BATCH + 8; // + one vector written past the last state
/** A row's buffer: seven fields of LANES_CAP u16 — cols, ld, rd, avail, and the columns chosen in rows 2..13 (4 bits each, four rows per field). */
const FIELD: usize = <usize>LANES_CAP * 2;
const F_L: usize = FIELD, F_R: usize = FIELD * 2, F_A: usize = FIELD * 3;
const F_H0: usize = FIELD * 4, F_H1: usize = FIELD * 5, F_H2: usize = FIELD * 6;
const ROW_BYTES: usize = FIELD * 7;
const ROWS: usize = memory.data(<i32>(ROW_BYTES * <usize>LANES_MAX_N), 16);
/** States held per row (i32 each). */
const HELD: usize = memory.data((LANES_MAX_N + 1) * 4, 16);
/** For each mask of eight lanes, the swizzle that moves the chosen lanes to the front, in order. */
const PACK: usize = memory.data(256 * 16, 16);
/** The vectors of a pass's solutions, read lane by lane for the rotation check. */
const SOLVED: usize = memory.data(6 * 16, 16);
let packReady = false;
let lanes = false;
/** The row being passed (between two calls of queensCountStep). */
let passRow: i32 = 2;

@inline function rowAt(y: i32): usize { return ROWS + <usize>y * ROW_BYTES; }
@inline function heldAt(y: i32): usize { return HELD + (<usize>y << 2); }

function fillPack(): void {
  for (let m = 0; m < 256; m++) {
    let k = 0;
    for (let lane = 0; lane < 8; lane++) {
      if (((m >> lane) & 1) == 0) continue;
      store<u16>(PACK + <usize>(m * 16 + k * 2), <u16>((lane * 2) | ((lane * 2 + 1) << 8)));
      k++;
    }
    for (; k < 8; k++) store<u16>(PACK + <usize>(m * 16 + k * 2), 0x0100);
  }
  packReady = true;
}

function lanesStart(c: u32, l: u32, r: u32, a: u32): void {
  if (!packReady) fillPack();
  for (let y = 0; y <= LANES_MAX_N; y++) store<i32>(heldAt(y), 0);
  const p = rowAt(2);
  store<u16>(p, <u16>c); store<u16>(p + F_L, <u16>l); store<u16>(p + F_R, <u16>r); store<u16>(p + F_A, <u16>a);
  store<u16>(p + F_H0, 0); store<u16>(p + F_H1, 0); store<u16>(p + F_H2, 0);
  store<i32>(heldAt(2), a != 0 ? 1 : 0);
  passRow = 2;
}

/** Stores the eight lanes of `v` chosen by the swizzle `pack` at `at`. */
@inline function packTo(at: usize, v: v128, pack: v128): void { v128.store(at, i8x16.swizzle(v, pack)); }

/** The column index (0..15) of each lane's single bit: the bits below it, counted. */
@inline function columnIndex(bit: v128): v128 {
  return i16x8.extadd_pairwise_i8x16_u(i8x16.popcnt(i16x8.sub(bit, i16x8.splat(1))));
}

/** Counts side-case solutions lane by lane (rare: the rotation check needs the whole board). */
function checkSolved(chosen: i32, y: i32): u64 {
  let sum: u64 = 0;
  for (let m = chosen; m != 0; m &= m - 1) {
    const lane = <usize>ctz(m) << 1;
    const h = (<u64>load<u16>(SOLVED + lane, 48)) | (<u64>load<u16>(SOLVED + lane, 64) << 16) | (<u64>load<u16>(SOLVED + lane, 80) << 32);
    for (let row = 2; row < y; row++) store<u32>(BOARD + (<usize>row << 2), <u32>1 << <u32>((h >> (<u64>(row - 2) << 2)) & 15));
    store<u32>(BOARD + (<usize>y << 2), load<u16>(SOLVED + lane));
    store<u32>(BOARD + (<usize>(y + 1) << 2), load<u16>(SOLVED + lane, 16));
    sum += check();
  }
  return sum;
}

function lanesStep(stop: u64): i32 {
  const lastRow = n - 2; // its children are the last row's queens, counted in place
  const columns = i16x8.splat(<i16>full), zero = i16x8.splat(0);
  const iota = i16x8(0, 1, 2, 3, 4, 5, 6, 7);
  const lm = i16x8.splat(<i16>lastMask), sm = i16x8.splat(<i16>sideMask);
  let nd = nodes, sol = solutions;
  let y = passRow;
  while (true) {
    const held = load<i32>(heldAt(y));
    const below = load<i32>(heldAt(y + 1));
    // Deeper first once the next row has a batch (or this row is done); rows below y + 1 are empty.
    if (below >= LANES_BATCH || (held == 0 && below > 0)) { y++; continue; }
    if (held == 0) {
      if (y == 2) { done = true; break; }
      y--;
      continue;
    }
    if (nd >= stop) break;
    const base = rowAt(y);
    const next = rowAt(y + 1);
    const atLast = y == lastRow;
    const nextCut = v128.not(i16x8.splat(<i16>load<u32>(CUT + (<usize>(y + 1) << 2))));
    const nextIsB2 = y + 1 == b2;
    // Row y's column goes into the history field (y − 2) >> 2 at bit 4·((y − 2) & 3).
    const hShift = ((y - 2) & 3) << 2;
    const hField = (y - 2) >> 2;
    const in0 = i16x8.splat(hField == 0 ? -1 : 0), in1 = i16x8.splat(hField == 1 ? -1 : 0), in2 = i16x8.splat(hField == 2 ? -1 : 0);
    let kept = 0, queued = below;
    for (let at = 0; at < held; at += 8) {
      const p = base + (<usize>at << 1);
      const valid = i16x8.lt_s(iota, i16x8.splat(<i16>(held - at)));
      const C = v128.load(p), L = v128.load(p, F_L), R = v128.load(p, F_R), A = v128.and(v128.load(p, F_A), valid);
      const H0 = v128.load(p, F_H0), H1 = v128.load(p, F_H1), H2 = v128.load(p, F_H2);
      const bit = v128.and(A, i16x8.neg(A));
      const rest = v128.xor(A, bit);
      nd += <u64>popcnt(i16x8.bitmask(valid));
      // The parents with columns left stay in row y.
      const keep = i16x8.bitmask(v128.not(i16x8.eq(rest, zero)));
      const kp = v128.load(PACK + (<usize>keep << 4));
      const q = base + (<usize>kept << 1);
      packTo(q, C, kp); packTo(q + F_L, L, kp); packTo(q + F_R, R, kp); packTo(q + F_A, rest, kp);
      packTo(q + F_H0, H0, kp); packTo(q + F_H1, H1, kp); packTo(q + F_H2, H2, kp);
      kept += popcnt(keep);
      const nc = v128.or(C, bit), nl = i16x8.shl(v128.or(L, bit), 1), nr = i16x8.shr_u(v128.or(R, bit), 1);
      const free = v128.andnot(columns, v128.or(v128.or(nc, nl), nr));
      if (atLast) {
        // The last row's free column (at most one) completes a solution unless lastmask forbids it.
        const solved = i16x8.bitmask(v128.and(valid, v128.andnot(v128.not(i16x8.eq(free, zero)), v128.not(i16x8.eq(v128.and(free, lm), zero)))));
        if (solved == 0) continue;
        nd += <u64>popcnt(solved);
        if (b2 < 0) { sol += <u64>popcnt(solved) << 3; continue; }
        v128.store(SOLVED, bit); v128.store(SOLVED, free, 16);
        v128.store(SOLVED, H0, 48); v128.store(SOLVED, H1, 64); v128.store(SOLVED, H2, 80);
        sol += checkSolved(solved, y);
        continue;
      }
      let na = v128.and(free, nextCut);
      if (nextIsB2) {
        const s = v128.and(nc, sm);
        const none = i16x8.eq(s, zero), one = v128.andnot(v128.not(i16x8.eq(s, sm)), none);
        na = v128.andnot(v128.bitselect(v128.and(na, sm), na, one), none);
      }
      const live = i16x8.bitmask(v128.andnot(valid, i16x8.eq(na, zero)));
      if (live == 0) continue;
      const h = i16x8.shl(columnIndex(bit), hShift);
      const lp = v128.load(PACK + (<usize>live << 4));
      const cq = next + (<usize>queued << 1);
      packTo(cq, nc, lp); packTo(cq + F_L, nl, lp); packTo(cq + F_R, nr, lp); packTo(cq + F_A, na, lp);
      packTo(cq + F_H0, v128.or(H0, v128.and(h, in0)), lp);
      packTo(cq + F_H1, v128.or(H1, v128.and(h, in1)), lp);
      packTo(cq + F_H2, v128.or(H2, v128.and(h, in2)), lp);
      queued += popcnt(live);
    }
    store<i32>(heldAt(y), kept);
    store<i32>(heldAt(y + 1), atLast ? 0 : queued);
  }
  passRow = y;
  nodes = nd; solutions = sol;
  return done ? 1 : 0;
}

/** Solutions and nodes so far, as u64 at queensCountResult() (solutions, nodes). */
const RESULT: usize = memory.data(16, 16);
export function queensCountResult(): usize {
  store<u64>(RESULT, solutions);
  store<u64>(RESULT, nodes, 8);
  return RESULT;
}
