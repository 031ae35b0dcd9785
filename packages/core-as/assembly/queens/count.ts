// Exact counting of one subproblem of N-Queens (the first rows fixed): bitboard backtracking with
// an explicit stack, resumable in budgets of nodes. Twin of createTsCountRun in
// engine/src/queens/count.ts: a different loop, the same node and solution counts (a node is one
// queen placed below the prefix; the last row's free columns are counted at once by popcount).
//
// The hot loop keeps the current row's (cols, ld, rd, avail) in locals and pushes a 16-byte frame
// per level into static memory only when it goes one row deeper. Rows n−2 and n−1 are never pushed:
// from row n−3 the loop counts each child in row n−2 and that child's free columns in row n−1 on the
// spot. The node budget is checked only when a frame is popped (a subtree finished), so the loop has
// no call and one compare per node beyond the bit work.

const MAXN: i32 = 32;
const PREFIX: usize = memory.data(MAXN * 4, 16);
/** Saved frames (cols, ld, rd, avail: u32 each) of the rows above the current one. */
const STACK: usize = memory.data((MAXN + 1) * 16, 16);

let n: i32 = 0;
let full: u32 = 0;
let nodes: u64 = 0;
let solutions: u64 = 0;
let done: bool = true;
// The current row's state between two calls of queensCountStep.
let gc: u32 = 0;
let gl: u32 = 0;
let gr: u32 = 0;
let ga: u32 = 0;
let gd: i32 = 0;
let gsp: usize = STACK;

/** Where the host writes the prefix columns (i32 each) before queensCountInit. */
export function queensCountPrefix(): usize { return PREFIX; }

/** Nodes and solutions below (c, l, r) with `rows` ≤ 2 rows left (the tiny tasks; done at init). */
function small(c: u32, l: u32, r: u32, rows: i32): void {
  let a = ~(c | l | r) & full;
  if (rows == 1) {
    const p = <u64>popcnt<u32>(a);
    nodes += p;
    solutions += p;
    return;
  }
  while (a != 0) {
    const bit = a & (0 - a);
    a ^= bit;
    nodes++;
    small(c | bit, (l | bit) << 1, (r | bit) >>> 1, rows - 1);
  }
}

/** Prepares the count below `prefixLength` fixed rows; returns 0, or 1 when n or the prefix is out of range. */
export function queensCountInit(size: i32, prefixLength: i32): i32 {
  done = true;
  if (size < 1 || size > MAXN || prefixLength < 1 || prefixLength > size) return 1;
  n = size;
  full = size == 32 ? 0xffffffff : (<u32>1 << <u32>size) - 1;
  nodes = 0;
  solutions = 0;
  let c: u32 = 0, l: u32 = 0, r: u32 = 0;
  let ok = true;
  for (let i = 0; i < prefixLength; i++) {
    const col = load<i32>(PREFIX + (<usize>i << 2));
    if (col < 0 || col >= size) return 1;
    const bit: u32 = <u32>1 << <u32>col;
    if (((c | l | r) & bit) != 0) ok = false;
    c |= bit;
    l = ((l | bit) << 1) & full;
    r = (r | bit) >>> 1;
  }
  const rows = size - prefixLength;
  gc = c; gl = l; gr = r; gd = prefixLength; gsp = STACK;
  ga = ok ? ~(c | l | r) & full : 0;
  if (!ok) return 0; // done stays true: no solutions, no nodes
  if (rows == 0) { solutions = 1; return 0; }
  if (rows <= 2) { small(c, l, r, rows); return 0; }
  done = false;
  return 0;
}

/** At most about `budget` nodes (checked when a subtree ends); returns 1 when the subproblem is counted, else 0. */
export function queensCountStep(budget: f64): i32 {
  if (done) return 1;
  const stop: u64 = nodes + <u64>(budget < 1 ? 1.0 : budget);
  const mask = full;
  const leafRow = n - 3; // from this row the loop counts rows n−2 and n−1 in place
  let c = gc, l = gl, r = gr, a = ga, d = gd;
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
        gc = c; gl = l; gr = r; ga = a; gd = d; gsp = sp;
        nodes = nd; solutions = sol;
        return 0;
      }
      sp -= 16;
      c = load<u32>(sp); l = load<u32>(sp, 4); r = load<u32>(sp, 8); a = load<u32>(sp, 12);
      d--;
      continue;
    }
    const bit = a & (0 - a);
    a ^= bit;
    nd++;
    const nc = c | bit, nl = (l | bit) << 1, nr = (r | bit) >>> 1;
    let na = ~(nc | nl | nr) & mask;
    if (d == leafRow) {
      // Row n−2: at most two free columns; each placed queen is a node, then row n−1's free columns.
      while (na != 0) {
        const b = na & (0 - na);
        na ^= b;
        const p = <u64>popcnt<u32>(~(nc | b | ((nl | b) << 1) | ((nr | b) >>> 1)) & mask);
        nd += 1 + p;
        sol += p;
      }
      continue;
    }
    if (na == 0) continue;
    store<u32>(sp, c); store<u32>(sp, l, 4); store<u32>(sp, r, 8); store<u32>(sp, a, 12);
    sp += 16;
    d++;
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
