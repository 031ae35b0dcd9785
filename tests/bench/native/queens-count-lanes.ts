// Benchmark experiment, not shipped: could WASM SIMD widen the gap between the WASM count and the
// TS reference (issue 7 asks 5×)? JS has no SIMD, so lanes are the one thing WASM has that JS cannot
// copy. Plain counting (no symmetry, N ≤ 16), the same nodes two ways:
// - scalarCount: the kernel's explicit-stack loop (frames pushed only when going deeper);
// - lanesCount: four subtrees at once in the i32x4 lanes. Each lane takes the next prefix (rows
//   0..k−1 placed) from a queue; a step either places the lowest free bit and goes deeper, places it
//   in a dead end and stays, or goes back up, chosen per lane with masks. Going back needs only the
//   bit placed in the parent row (stored per lane and row): the diagonals are kept unmasked (ld in
//   32 bits, rd shifted up by 16), so no bit is lost and the parent's state is recomputed from it.
const MAXN = 16;
const STACK: usize = memory.data(MAXN * 16, 16);
const QUEUE_CAP = 65536;
const QUEUE: usize = memory.data(QUEUE_CAP * 16, 16); // prefixes: cols, ld, rd (<< 16), free
const LANE_ROWS: usize = memory.data(4 * MAXN * 4, 16); // the bit placed in each row, lane by lane
const SPILL: usize = memory.data(7 * 16, 16); // the lane vectors (and which finished) while lanes are refilled
let nodeCount: u64 = 0;

export function nodes(): f64 { return <f64>nodeCount; }

export function scalarCount(n: i32): f64 {
  const mask: u32 = (1 << n) - 1;
  const spLast = STACK + (<usize>(n - 1) << 4);
  let c: u32 = 0, l: u32 = 0, r: u32 = 0, a: u32 = mask;
  let sp = STACK;
  let nd: u64 = 0, sol: u64 = 0;
  while (true) {
    if (a == 0) {
      if (sp == STACK) break;
      sp -= 16;
      c = load<u32>(sp); l = load<u32>(sp, 4); r = load<u32>(sp, 8); a = load<u32>(sp, 12);
      continue;
    }
    const bit = a & (0 - a);
    a ^= bit;
    nd++;
    if (sp == spLast) { sol++; continue; }
    const nc = c | bit, nl = ((l | bit) << 1) & mask, nr = (r | bit) >> 1;
    const na = ~(nc | nl | nr) & mask;
    if (na == 0) continue;
    store<u32>(sp, c); store<u32>(sp, l, 4); store<u32>(sp, r, 8); store<u32>(sp, a, 12);
    sp += 16;
    c = nc; l = nl; r = nr; a = na;
  }
  nodeCount = nd;
  return <f64>sol;
}

let queued = 0;
/** Queues the states reached after rows row..k−1 (their nodes counted); returns the node count. */
function fillQueue(n: i32, k: i32, row: i32, c: u32, l: u32, r: u32, nd: u64): u64 {
  const mask: u32 = (1 << n) - 1;
  let a = ~(c | l | (r >> 16)) & mask;
  while (a != 0) {
    const b = a & (0 - a);
    a ^= b;
    nd++;
    const nc = c | b, nl = (l | b) << 1, nr = (r | (b << 16)) >> 1;
    const na = ~(nc | nl | (nr >> 16)) & mask;
    if (na == 0) continue;
    if (row + 1 < k) { nd = fillQueue(n, k, row + 1, nc, nl, nr, nd); continue; }
    const q = QUEUE + (<usize>queued << 4);
    queued++;
    store<u32>(q, nc); store<u32>(q, nl, 4); store<u32>(q, nr, 8); store<u32>(q, na, 12);
  }
  return nd;
}

@inline function sum(v: v128): i32 {
  return i32x4.extract_lane(v, 0) + i32x4.extract_lane(v, 1) + i32x4.extract_lane(v, 2) + i32x4.extract_lane(v, 3);
}

/** Q(n) with the first k rows as the queue's prefixes (1 ≤ k < n ≤ 16). */
export function lanesCount(n: i32, k: i32): f64 {
  queued = 0;
  let nd: u64 = fillQueue(n, k, 0, 0, 0, 0, 0);
  let taken = 0;
  const full = i32x4.splat((1 << n) - 1), zero = i32x4.splat(0);
  const firstRow = i32x4.splat(k), lastRow = i32x4.splat(n - 1);
  const laneRows = i32x4(<i32>LANE_ROWS, <i32>LANE_ROWS + MAXN * 4, <i32>LANE_ROWS + MAXN * 8, <i32>LANE_ROWS + MAXN * 12);
  // Every lane starts "finished" (row k − 1), so the first step hands it a prefix.
  let C = zero, L = zero, R = zero, A = zero, D = i32x4.splat(k - 1), live = i32x4.splat(-1);
  let sol = zero, nv = zero;
  while (true) {
    const finished = v128.and(i32x4.lt_s(D, firstRow), live);
    if (v128.any_true(finished)) {
      // Rare: through memory, lane by lane.
      v128.store(SPILL, C); v128.store(SPILL, L, 16); v128.store(SPILL, R, 32);
      v128.store(SPILL, A, 48); v128.store(SPILL, D, 64); v128.store(SPILL, live, 80);
      v128.store(SPILL, finished, 96);
      for (let lane: usize = 0; lane < 4; lane++) {
        if (load<i32>(SPILL + 96 + (lane << 2)) == 0) continue;
        const at = SPILL + (lane << 2);
        store<i32>(at, k, 64);
        if (taken < queued) {
          const q = QUEUE + (<usize>taken << 4);
          taken++;
          store<u32>(at, load<u32>(q)); store<u32>(at, load<u32>(q, 4), 16);
          store<u32>(at, load<u32>(q, 8), 32); store<u32>(at, load<u32>(q, 12), 48);
        } else {
          store<u32>(at, 0, 48); store<u32>(at, 0, 80);
        }
      }
      C = v128.load(SPILL); L = v128.load(SPILL, 16); R = v128.load(SPILL, 32);
      A = v128.load(SPILL, 48); D = v128.load(SPILL, 64); live = v128.load(SPILL, 80);
      if (!v128.any_true(live)) break;
    }
    const placing = v128.not(i32x4.eq(A, zero));
    const b = v128.and(A, i32x4.neg(A));
    const nc = v128.or(C, b), nl = i32x4.shl(v128.or(L, b), 1), nr = i32x4.shr_u(v128.or(R, i32x4.shl(b, 16)), 1);
    const na = v128.andnot(full, v128.or(v128.or(nc, nl), i32x4.shr_u(nr, 16)));
    const deeper = v128.andnot(placing, i32x4.eq(na, zero));
    const back = v128.andnot(live, placing);
    // This row's bit goes to the lane's stack; the parent row's bit comes back from it.
    const at = i32x4.add(laneRows, i32x4.shl(D, 2));
    const a0 = <usize>i32x4.extract_lane(at, 0), a1 = <usize>i32x4.extract_lane(at, 1);
    const a2 = <usize>i32x4.extract_lane(at, 2), a3 = <usize>i32x4.extract_lane(at, 3);
    v128.store32_lane(a0, b, 0); v128.store32_lane(a1, b, 1); v128.store32_lane(a2, b, 2); v128.store32_lane(a3, b, 3);
    const pb = i32x4(load<i32>(a0 - 4), load<i32>(a1 - 4), load<i32>(a2 - 4), load<i32>(a3 - 4));
    const pc = v128.xor(C, pb);
    const pl = v128.andnot(i32x4.shr_u(L, 1), pb);
    const pr = v128.andnot(i32x4.shl(R, 1), i32x4.shl(pb, 16));
    const pa = v128.and(v128.andnot(full, v128.or(v128.or(pc, pl), i32x4.shr_u(pr, 16))), i32x4.neg(i32x4.shl(pb, 1))); // bits above pb
    sol = i32x4.sub(sol, v128.and(v128.andnot(placing, deeper), i32x4.eq(D, lastRow)));
    nv = i32x4.sub(nv, placing);
    C = v128.bitselect(nc, v128.bitselect(pc, C, back), deeper);
    L = v128.bitselect(nl, v128.bitselect(pl, L, back), deeper);
    R = v128.bitselect(nr, v128.bitselect(pr, R, back), deeper);
    A = v128.bitselect(na, v128.bitselect(pa, v128.xor(A, b), back), deeper);
    D = i32x4.add(D, i32x4.sub(back, deeper));
  }
  nodeCount = nd + <u64>sum(nv);
  return <f64>sum(sol);
}
