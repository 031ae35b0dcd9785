// Exact counting of one subproblem of N-Queens (the first rows fixed): bitboard backtracking with
// an explicit stack, resumable in budgets of nodes. Twin of createTsCountRun in
// engine/src/queens/count.ts: the same loop, so the same node and solution counts.

const MAXN: i32 = 32;
const PREFIX: usize = memory.data(MAXN * 4, 16);
const COLS: usize = memory.data((MAXN + 1) * 4, 16);
const LD: usize = memory.data((MAXN + 1) * 4, 16);
const RD: usize = memory.data((MAXN + 1) * 4, 16);
const AVAIL: usize = memory.data((MAXN + 1) * 4, 16);

let n: i32 = 0;
let full: u32 = 0;
let d: i32 = 0;
let base: i32 = 0;
let nodes: u64 = 0;
let solutions: u64 = 0;
let done: bool = true;

@inline function at(a: usize, i: i32): usize { return a + (<usize>i << 2); }

/** Where the host writes the prefix columns (i32 each) before queensCountInit. */
export function queensCountPrefix(): usize { return PREFIX; }

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
    const col = load<i32>(at(PREFIX, i));
    if (col < 0 || col >= size) return 1;
    const bit: u32 = <u32>1 << <u32>col;
    if (((c | l | r) & bit) != 0) ok = false;
    c |= bit;
    l = ((l | bit) << 1) & full;
    r = (r | bit) >>> 1;
  }
  base = prefixLength;
  d = base;
  store<u32>(at(COLS, d), c);
  store<u32>(at(LD, d), l);
  store<u32>(at(RD, d), r);
  store<u32>(at(AVAIL, d), ok && base < n ? ~(c | l | r) & full : 0);
  if (ok && base == n) solutions = 1;
  done = false;
  return 0;
}

/** Subtrees with at most this many rows left are counted by `subtree` in one go (same counts). */
const RECURSE_ROWS: i32 = 12;

/**
 * Counts the subtree below (cols, ld, rd) with `rows` rows left, in locals: returns nodes << 32 |
 * solutions (with ≤ 12 free columns both stay below 2^32: nodes ≤ e·12!), the same counts as the
 * stack loop.
 */
function subtree(cols: u32, ld: u32, rd: u32, rows: i32, mask: u32): u64 {
  let avail = ~(cols | ld | rd) & mask;
  if (rows == 1) {
    const pop = <u64>popcnt<u32>(avail);
    return (pop << 32) | pop;
  }
  let acc: u64 = 0;
  while (avail != 0) {
    const bit = avail & (0 - avail);
    avail ^= bit;
    acc += (<u64>1 << 32) + subtree(cols | bit, ((ld | bit) << 1) & mask, (rd | bit) >>> 1, rows - 1, mask);
  }
  return acc;
}

/** At most about `budget` nodes; returns 1 when the subproblem is counted, else 0. */
export function queensCountStep(budget: f64): i32 {
  if (done) return 1;
  let left: i64 = budget < 1 ? 1 : <i64>budget;
  const last = n - 1;
  while (left > 0) {
    const a = load<u32>(at(AVAIL, d));
    if (a == 0) {
      if (d == base) { done = true; return 1; }
      d--;
      continue;
    }
    if (d == last) {
      const pop = <u64>popcnt<u32>(a);
      nodes += pop;
      solutions += pop;
      store<u32>(at(AVAIL, d), 0);
      left -= <i64>pop;
      continue;
    }
    const bit = a & (0 - a);
    store<u32>(at(AVAIL, d), a ^ bit);
    nodes++;
    left--;
    const nc = load<u32>(at(COLS, d)) | bit;
    const nl = ((load<u32>(at(LD, d)) | bit) << 1) & full;
    const nr = (load<u32>(at(RD, d)) | bit) >>> 1;
    if (n - (d + 1) <= RECURSE_ROWS) {
      // A small subtree: count it at once with locals (recursion), then charge its nodes.
      const packed = subtree(nc, nl, nr, n - (d + 1), full);
      nodes += packed >>> 32;
      solutions += packed & 0xffffffff;
      left -= <i64>(packed >>> 32);
      continue;
    }
    d++;
    store<u32>(at(COLS, d), nc);
    store<u32>(at(LD, d), nl);
    store<u32>(at(RD, d), nr);
    store<u32>(at(AVAIL, d), ~(nc | nl | nr) & full);
  }
  return 0;
}

/** Solutions and nodes so far, as f64 (exact below 2^53) and as u64 at queensCountResult() (solutions, nodes). */
const RESULT: usize = memory.data(16, 16);
export function queensCountResult(): usize {
  store<u64>(RESULT, solutions);
  store<u64>(RESULT, nodes, 8);
  return RESULT;
}
