// Exact counting of one subproblem of N-Queens (the first two rows fixed) over the board's eight
// symmetries (Takaken's method), resumable in budgets of nodes. Twin of createTsCountRun in
// engine/src/queens/count.ts: the same rules, the same node and solution counts
// (docs/contracts/queens.md, "Counting").
//
// The hot loop keeps the current row's (cols, ld, rd, avail) in locals and pushes a 16-byte frame
// per level into static memory only when it goes one row deeper. A row's rule (which columns the
// method keeps empty there) is one load from a per-row table, plus a compare for row B2 in the side
// case. From row N−2 the last row is counted in place; the rotation check runs only on solutions of
// the side case. The node budget is checked only when a frame is popped (a subtree finished), so the
// loop has no call on its common path.

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
  done = false;
  return 0;
}

/** At most about `budget` nodes (checked when a subtree ends); returns 1 when the subproblem is counted, else 0. */
export function queensCountStep(budget: f64): i32 {
  if (done) return 1;
  const stop: u64 = nodes + <u64>(budget < 1 ? 1.0 : budget);
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

/** Solutions and nodes so far, as u64 at queensCountResult() (solutions, nodes). */
const RESULT: usize = memory.data(16, 16);
export function queensCountResult(): usize {
  store<u64>(RESULT, solutions);
  store<u64>(RESULT, nodes, 8);
  return RESULT;
}
