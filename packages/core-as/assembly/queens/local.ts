// The N-Queens local searches: hill-climbing (the seed's, with its escape), restart, annealing,
// min-conflicts, fast (Sosic & Gu style) and construct, as one resumable state machine per run.
// Twin of engine/src/queens/ts-run.ts: the same start, the same draws in the same order, the same
// tie-breaks and the same step counts (docs/contracts/queens.md). State lives in the arena.

import { alloc, arenaReset } from '../common/arena';
import {
  QUEENS_ALGORITHM_HILL_CLIMBING, QUEENS_ALGORITHM_RESTART, QUEENS_ALGORITHM_ANNEALING,
  QUEENS_ALGORITHM_MIN_CONFLICTS, QUEENS_ALGORITHM_FAST, QUEENS_ALGORITHM_CONSTRUCT,
  QUEENS_STATUS_RUNNING, QUEENS_STATUS_SOLVED, QUEENS_STATUS_LIMIT, QUEENS_STATUS_UNSOLVABLE,
} from '../generated/codes';
import { Xoshiro128 } from '../common/rng';
import { expNeg } from './detmath';

const RNG = Xoshiro128.at(memory.data(<i32>Xoshiro128.SIZE, 16));

let N: i32 = 0;
let algo: i32 = -1;
let status: i32 = QUEENS_STATUS_RUNNING;
let POS: usize = 0;
let COL: usize = 0;
let D1: usize = 0;
let D2: usize = 0;
let TIES: usize = 0;
let HIST: usize = 0;
let histLen: i32 = 0;
let histLimit: i32 = 0;
let pairs: i64 = 0;
let steps: i64 = 0;
let moves: i64 = 0;
let escapes: i64 = 0;
let restarts: i64 = 0;
let maxSteps: i64 = 0;
let escapeK: i32 = 0;
let temp: f64 = 0;
let alpha: f64 = 1;
let tMin: f64 = 0;
// fast: phase 1 (greedy) or 2 (repair), the row cursor, attempts, the repair range and the stall.
let phase: i32 = 0;
let cur: i32 = 0;
let attempts: i64 = 0;
let lo: i32 = 0;
let stall: i64 = 0;
// fast's memory: phase 1 needs only whether a diagonal is taken (one bit each: 2N−1 bits per
// direction, in cache for 10⁶ queens); phase 2 keeps queen counts per diagonal in u8 when a bound
// proves they fit (see queueFastPhase2), else in i32 (D1, D2 as for the other algorithms).
let B1: usize = 0;
let B2: usize = 0;
let E1: usize = 0;
let E2: usize = 0;
let wide: bool = false;
/** Set by placeD<u8> when a counter reaches 254: the counters must move to i32 before the next step. */
let overflow: bool = false;
/** repair's internal status: the counters just moved to i32, go on with repair<i32> (budget in repairLeft). */
const WIDENED: i32 = -2;

@inline function posAt(r: i32): i32 { return load<i32>(POS + (<usize>r << 2)); }
@inline function setPos(r: i32, c: i32): void { store<i32>(POS + (<usize>r << 2), c); }
@inline function cnt(base: usize, i: i32): i32 { return load<i32>(base + (<usize>i << 2)); }
@inline function add(base: usize, i: i32, d: i32): void { const p = base + (<usize>i << 2); store<i32>(p, load<i32>(p) + d); }

@inline function place(r: i32, c: i32): void {
  const a = r + c, b = r - c + N - 1;
  pairs += <i64>(cnt(COL, c) + cnt(D1, a) + cnt(D2, b));
  add(COL, c, 1); add(D1, a, 1); add(D2, b, 1);
  setPos(r, c);
}

@inline function lift(r: i32): void {
  const c = posAt(r);
  const a = r + c, b = r - c + N - 1;
  add(COL, c, -1); add(D1, a, -1); add(D2, b, -1);
  pairs -= <i64>(cnt(COL, c) + cnt(D1, a) + cnt(D2, b));
}

@inline function moveTo(r: i32, c: i32): void { lift(r); place(r, c); }
@inline function conflictsAt(r: i32, x: i32): i32 { return cnt(COL, x) + cnt(D1, r + x) + cnt(D2, r - x + N - 1); }
@inline function conflictsOf(r: i32): i32 { const c = posAt(r); return cnt(COL, c) + cnt(D1, r + c) + cnt(D2, r - c + N - 1) - 3; }

// `fast` keeps a permutation: every column holds exactly one queen once placed, so the column
// counters add nothing to the pairs; it updates the diagonals only (same pairs as the TS board).
// T is the counter type of phase 2: u8 (E1, E2) or i32 (D1, D2); the same arithmetic either way.
@inline function diag1<T>(): usize { return sizeof<T>() == 1 ? E1 : D1; }
@inline function diag2<T>(): usize { return sizeof<T>() == 1 ? E2 : D2; }
@inline function placeD<T>(r: i32, c: i32): void {
  const pa = diag1<T>() + (<usize>(r + c) << alignof<T>()), pb = diag2<T>() + (<usize>(r - c + N - 1) << alignof<T>());
  const ka = <i32>load<T>(pa), kb = <i32>load<T>(pb);
  pairs += <i64>(ka + kb);
  // u8: at most 2 more increments of one counter can come before the check (one swap), so ≥ 254 is the alarm.
  if (sizeof<T>() == 1 && (ka >= 253 || kb >= 253)) overflow = true;
  store<T>(pa, <T>(ka + 1)); store<T>(pb, <T>(kb + 1));
  setPos(r, c);
}
@inline function liftD<T>(r: i32, c: i32): void {
  const pa = diag1<T>() + (<usize>(r + c) << alignof<T>()), pb = diag2<T>() + (<usize>(r - c + N - 1) << alignof<T>());
  const ka = <i32>load<T>(pa) - 1, kb = <i32>load<T>(pb) - 1;
  store<T>(pa, <T>ka); store<T>(pb, <T>kb);
  pairs -= <i64>(ka + kb);
}
@inline function attackedD<T>(r: i32): bool {
  const c = posAt(r);
  return <i32>load<T>(diag1<T>() + (<usize>(r + c) << alignof<T>())) > 1 || <i32>load<T>(diag2<T>() + (<usize>(r - c + N - 1) << alignof<T>())) > 1;
}
@inline function bitAt(base: usize, i: i32): u32 { return (load<u32>(base + (<usize>(i >>> 5) << 2)) >>> (<u32>i & 31)) & 1; }
@inline function bitSet(base: usize, i: i32): void {
  const p = base + (<usize>(i >>> 5) << 2);
  store<u32>(p, load<u32>(p) | (<u32>1 << (<u32>i & 31)));
}

function clearBoard(): void {
  memory.fill(COL, 0, <usize>N << 2);
  memory.fill(D1, 0, <usize>N << 3);
  memory.fill(D2, 0, <usize>N << 3);
  pairs = 0;
}

// Budgets and set-up (docs/contracts/queens.md): every O(N) loop, set-up included, runs in chunks
// of CHUNK rows, columns or draws, each one budget unit, and stops where the budget runs out; its
// place is kept in globals and the next queensStep goes on from there. Where a run pauses never
// changes what it does: the same draws in the same order as the TS reference, whatever the budgets.
const CHUNK: i32 = 1 << 16;
/** Budget units left in this queensStep. */
let left: i64 = 0;
/**
 * What one set-up chunk costs: 1 unit, except for fast, whose other units are single attempts or
 * swaps, each a random access (~0.1–0.3 µs at large N): there a chunk of CHUNK sequential rows
 * costs about what CHUNK / 16 attempts do, and is charged that (FAST_CHUNK_COST), so that budgets
 * sized on one kind of work stay near the driver's slice on the other (a budget grown on cheap
 * chunks once ran 2^20 attempts, ~0.3 s, in one slice at 10⁸).
 */
const FAST_CHUNK_COST: i64 = <i64>CHUNK >> 4;
let chunkCost: i64 = 1;

// Set-up passes over the rows, queued 4 bits each in `plan` (the low bits run first).
const PASS_CLEAR: i32 = 1;    // counters to zero, pairs 0
const PASS_DIAGONAL: i32 = 2; // row r on column r (hill climbing's start)
const PASS_RANDOM: i32 = 3;   // row r on nextInt(N), rows 0..N−1 (rule 1)
const PASS_IDENTITY: i32 = 4; // positions 0..N−1, not placed
const PASS_SHUFFLE: i32 = 5;  // Fisher–Yates from the end over the positions
const PASS_PLACE: i32 = 6;    // every row placed on its position
const PASS_ZERO: i32 = 7;     // positions to 0 (the TS board starts at zeros; this memory may be reused)
const PASS_CONSTRUCT: i32 = 8; // construct's closed form, row by row (steps count the rows written)
const PASS_FAST_START: i32 = 9;   // fast phase 1: positions 0..N−1, the diagonal bitsets cleared
const PASS_FAST_SCATTER: i32 = 10; // fast phase 2: rows fastFrom..N−2 by forward Fisher–Yates
const PASS_FAST_COUNT: i32 = 11;   // fast phase 2: u8 diagonal counters from the bitsets
const PASS_FAST_PLACE: i32 = 12;   // fast phase 2: rows fastFrom..N−1 counted
let plan: i32 = 0;
let cursor: i32 = 0;
/** Hill climbing records the seed's score once its start is placed. */
let recordAfterSetup: bool = false;

/** fast: the first row phase 1 left unplaced (phase 2's set-up passes start there). */
let fastFrom: i32 = 0;

/** Rows [a, b) of one pass. */
function passRows(pass: i32, a: i32, b: i32): void {
  if (pass == PASS_ZERO) {
    memory.fill(POS + (<usize>a << 2), 0, <usize>(b - a) << 2);
  } else if (pass == PASS_CONSTRUCT) {
    constructRows(POS, N, a, b);
    steps = <i64>b;
  } else if (pass == PASS_FAST_START) {
    for (let r = a; r < b; r++) setPos(r, r);
    // Bits 2a..2b−1 of each bitset (a is a multiple of CHUNK, so whole words); the last rows take the rest.
    const w0 = <usize>(a >>> 4) << 2, w1 = b == N ? <usize>((2 * N + 31) >>> 5) << 2 : <usize>(b >>> 4) << 2;
    memory.fill(B1 + w0, 0, w1 - w0);
    memory.fill(B2 + w0, 0, w1 - w0);
  } else if (pass == PASS_FAST_SCATTER) {
    for (let k = max(a, fastFrom); k < min(b, N - 1); k++) {
      const j = k + <i32>RNG.nextInt(<u32>(N - k));
      const t = posAt(k); setPos(k, posAt(j)); setPos(j, t);
    }
  } else if (pass == PASS_FAST_COUNT) {
    countersFromBits<u8>(2 * a, b == N ? 2 * N - 1 : 2 * b);
  } else if (pass == PASS_FAST_PLACE) {
    for (let k = max(a, fastFrom); k < b; k++) {
      if (!wide) {
        placeD<u8>(k, posAt(k));
        if (overflow) { widen(); wide = true; overflow = false; }
      } else {
        placeD<i32>(k, posAt(k));
      }
    }
  } else if (pass == PASS_CLEAR) {
    if (a == 0) pairs = 0;
    memory.fill(COL + (<usize>a << 2), 0, <usize>(b - a) << 2);
    memory.fill(D1 + (<usize>a << 3), 0, <usize>(b - a) << 3);
    memory.fill(D2 + (<usize>a << 3), 0, <usize>(b - a) << 3);
  } else if (pass == PASS_DIAGONAL) {
    for (let r = a; r < b; r++) place(r, r);
  } else if (pass == PASS_RANDOM) {
    for (let r = a; r < b; r++) place(r, <i32>RNG.nextInt(<u32>N));
  } else if (pass == PASS_IDENTITY) {
    for (let r = a; r < b; r++) setPos(r, r);
  } else if (pass == PASS_SHUFFLE) {
    // k counts the swaps: i = N−1−k goes N−1 down to 1.
    for (let k = a; k < b; k++) {
      const i = N - 1 - k;
      if (i <= 0) break;
      const j = <i32>RNG.nextInt(<u32>(i + 1));
      const t = posAt(i); setPos(i, posAt(j)); setPos(j, t);
    }
  } else if (pass == PASS_PLACE) {
    for (let r = a; r < b; r++) place(r, posAt(r));
  }
}

/** Runs the queued passes on the budget; true when the set-up is done. */
function setUp(): bool {
  while (plan != 0) {
    const pass = plan & 15;
    while (cursor < N) {
      if (left <= 0) return false;
      const end = min(N, cursor + CHUNK);
      passRows(pass, cursor, end);
      cursor = end;
      left -= chunkCost;
    }
    plan >>>= 4;
    cursor = 0;
    if (plan == 0 && recordAfterSetup) record();
  }
  return true;
}

/** Queues a set-up (run by the next steps, before any move). */
function queue(passes: i32): void {
  plan = passes;
  cursor = 0;
}

/** Rule 1's random start, queued. */
function queueRandomStart(): void {
  queue(PASS_CLEAR | (PASS_RANDOM << 4));
}


let bestR: i32 = 0;
let bestX: i32 = 0;
let bestD: i32 = 0;
/** A step's scan in progress (steepest descent: row scanR, column scanX; min-conflicts: scanX). */
let scanning: bool = false;
let scanR: i32 = 0;
let scanX: i32 = 0;

/**
 * Steepest descent's move: least change in pairs, ties to the last in row-major order (in bestD,
 * bestR, bestX). Scans CHUNK columns per budget unit; false when the budget ran out first.
 */
function bestMove(): bool {
  for (; scanR < N; scanR++, scanX = 0) {
    const r = scanR;
    const c = posAt(r);
    const now = conflictsOf(r);
    let x = scanX;
    while (x < N) {
      if (left <= 0) { scanX = x; return false; }
      const end = min(N, x + CHUNK);
      for (; x < end; x++) {
        if (x == c) continue;
        const d = conflictsAt(r, x) - now;
        if (d <= bestD) { bestD = d; bestR = r; bestX = x; }
      }
      left--;
    }
  }
  return true;
}

function record(): void {
  if (histLen < histLimit) {
    store<f64>(HIST + (<usize>histLen << 3), <f64>(pairs << 1));
    histLen++;
  }
}

@inline function toI64(x: f64): i64 {
  return x >= 9.0e18 ? i64.MAX_VALUE : x <= 0 ? 0 : <i64>x;
}

/** Prepares a run; returns the status (running, or unsolvable for N = 2, 3). One run per instance. */
export function queensInit(n: i32, algorithm: i32, seed: f64, maxStepsF: f64, escapeMoves: i32, t0: f64, alphaF: f64, tMinF: f64, historyLimit: i32): i32 {
  arenaReset();
  N = n; algo = algorithm;
  pairs = 0; steps = 0; moves = 0; escapes = 0; restarts = 0; histLen = 0;
  maxSteps = toI64(maxStepsF);
  escapeK = escapeMoves; temp = t0; alpha = alphaF; tMin = tMinF;
  histLimit = algorithm == QUEENS_ALGORITHM_HILL_CLIMBING ? historyLimit : 0;
  // The seed is any safe integer taken mod 2^32 (as TS `seed >>> 0`).
  const s = seed - Math.floor(seed / 4294967296.0) * 4294967296.0;
  RNG.seed(<u32><u64>s);
  POS = alloc(<usize>n << 2);
  chunkCost = algorithm == QUEENS_ALGORITHM_FAST ? FAST_CHUNK_COST : 1;
  if (n <= 3) memory.fill(POS, 0, <usize>n << 2); // N = 2, 3 end here and report their zeros
  if (algorithm == QUEENS_ALGORITHM_CONSTRUCT) {
    // No line counters: 4 bytes per queen (10⁸ queens in 400 MB), each written once by the closed form.
    status = QUEENS_STATUS_RUNNING;
    scanning = false;
    recordAfterSetup = false;
    if (n == 2 || n == 3) return (status = QUEENS_STATUS_UNSOLVABLE);
    queue(PASS_ZERO | (PASS_CONSTRUCT << 4));
    return status;
  }
  // fast never reads the column counters: it keeps a permutation.
  COL = alloc(algorithm == QUEENS_ALGORITHM_FAST ? 0 : <usize>n << 2);
  if (algorithm == QUEENS_ALGORITHM_FAST) {
    // 2N−1 diagonals per direction: bitsets for phase 1, u8 counters for phase 2 (i32 ones later, if needed).
    const words = <usize>((2 * n + 31) >>> 5) << 2;
    B1 = alloc(words); B2 = alloc(words);
    E1 = alloc(<usize>n << 1); E2 = alloc(<usize>n << 1);
    D1 = 0; D2 = 0;
  } else {
    D1 = alloc(<usize>n << 3);
    D2 = alloc(<usize>n << 3);
  }
  TIES = algorithm == QUEENS_ALGORITHM_MIN_CONFLICTS ? alloc(<usize>n << 2) : 0;
  HIST = histLimit > 0 ? alloc(<usize>histLimit << 3) : 0;
  status = QUEENS_STATUS_RUNNING;
  scanning = false;
  recordAfterSetup = false;
  queue(0);
  if (n == 2 || n == 3) {
    if (algorithm != QUEENS_ALGORITHM_FAST) clearBoard();
    return (status = QUEENS_STATUS_UNSOLVABLE);
  }
  // The starts are queued, not run here: the steps run them in chunks (see setUp).
  // The positions start at zeros (as the TS board), then each algorithm's start; all in chunks.
  if (algorithm == QUEENS_ALGORITHM_HILL_CLIMBING) {
    recordAfterSetup = true;
    queue(PASS_ZERO | (PASS_CLEAR << 4) | (PASS_DIAGONAL << 8));
  } else if (algorithm == QUEENS_ALGORITHM_RESTART || algorithm == QUEENS_ALGORITHM_ANNEALING) {
    queue(PASS_ZERO | (PASS_CLEAR << 4) | (PASS_RANDOM << 8));
  } else if (algorithm == QUEENS_ALGORITHM_MIN_CONFLICTS) {
    queue(PASS_ZERO | (PASS_CLEAR << 4) | (PASS_IDENTITY << 8) | (PASS_SHUFFLE << 12) | (PASS_PLACE << 16));
  } else if (algorithm == QUEENS_ALGORITHM_FAST) {
    queueFastPhase1(PASS_ZERO);
  } else {
    status = -1;
  }
  return status;
}

/** fast's phase 1 from the identity (after `before`, a pass or 0), queued; its state reset. */
function queueFastPhase1(before: i32): void {
  queue(before == 0 ? PASS_FAST_START : before | (PASS_FAST_START << 4));
  pairs = 0;
  phase = 1; cur = 0; attempts = 0;
}

/** Counters of diagonals [from, to) from the phase-1 bitsets (each diagonal holds at most one queen then). */
function countersFromBits<T>(from: i32, to: i32): void {
  const d1 = diag1<T>(), d2 = diag2<T>();
  for (let i = from; i < to; i++) {
    store<T>(d1 + (<usize>i << alignof<T>()), <T>bitAt(B1, i));
    store<T>(d2 + (<usize>i << alignof<T>()), <T>bitAt(B2, i));
  }
}

/**
 * Phase 1 over: the rest at random (forward Fisher–Yates), counted; phase 2 from the first unplaced
 * row. These three passes are queued (run in chunks before phase 2's first step). Counters: u8 (a
 * quarter of the memory traffic of i32) while every counter stays ≤ 253 between steps; placeD<u8>
 * raises `overflow` when one reaches 254 (exact: one swap adds at most 2 to a counter, so none can
 * pass 255 before the check), and the counters then move to i32 for the rest of this phase 2 (one
 * O(N) copy not in chunks: it needs 254 queens on one diagonal). Same counts, same pairs either way.
 */
function queueFastPhase2(): void {
  const m = cur;
  fastFrom = m;
  wide = false;
  overflow = false;
  queue(PASS_FAST_SCATTER | (PASS_FAST_COUNT << 4) | (PASS_FAST_PLACE << 8));
  lo = m;
  cur = m < N ? m : 0;
  stall = 0;
  phase = 2;
}

/** The u8 counters copied into i32 ones (allocated on first need). */
function widen(): void {
  if (D1 == 0) { D1 = alloc(<usize>N << 3); D2 = alloc(<usize>N << 3); }
  const m = 2 * N - 1;
  for (let i = 0; i < m; i++) {
    store<i32>(D1 + (<usize>i << 2), <i32>load<u8>(E1 + <usize>i));
    store<i32>(D2 + (<usize>i << 2), <i32>load<u8>(E2 + <usize>i));
  }
}

function stepHill(restartOnStuck: bool): i32 {
  while (left > 0) {
    if (plan != 0) {
      if (!setUp()) return QUEENS_STATUS_RUNNING;
      continue; // a step starts only with budget left (the trace's one call, one step)
    }
    if (!scanning) {
      if (pairs == 0) return QUEENS_STATUS_SOLVED;
      if (steps >= maxSteps) return QUEENS_STATUS_LIMIT;
      steps++;
      scanning = true;
      scanR = 0; scanX = 0; bestD = i32.MAX_VALUE;
    }
    if (!bestMove()) return QUEENS_STATUS_RUNNING; // the scan goes on at the next queensStep
    scanning = false;
    if (bestD < 0) {
      moveTo(bestR, bestX);
      moves++;
    } else if (restartOnStuck) {
      restarts++;
      queueRandomStart();
    } else {
      escapes++;
      for (let k = 0; k < escapeK; k++) moveTo(k % N, <i32>RNG.nextInt(<u32>N));
    }
    if (!restartOnStuck) record();
  }
  return QUEENS_STATUS_RUNNING;
}

function stepAnnealing(): i32 {
  const n = N;
  while (left > 0) {
    if (plan != 0) {
      if (!setUp()) return QUEENS_STATUS_RUNNING;
      continue; // a step starts only with budget left (the trace's one call, one step)
    }
    if (pairs == 0) return QUEENS_STATUS_SOLVED;
    if (steps >= maxSteps) return QUEENS_STATUS_LIMIT;
    steps++;
    const r = <i32>RNG.nextInt(<u32>n);
    const c = posAt(r);
    let x = <i32>RNG.nextInt(<u32>(n - 1));
    if (x >= c) x++;
    const d = conflictsAt(r, x) - conflictsOf(r);
    if (d <= 0 || RNG.nextFloat() < expNeg(<f64>d / temp)) {
      moveTo(r, x);
      moves++;
    }
    temp = max(temp * alpha, tMin);
    left--;
  }
  return QUEENS_STATUS_RUNNING;
}

let mcR: i32 = -1;
let mcMin: i32 = 0;
let mcCount: i32 = 0;

function stepMinConflicts(): i32 {
  const n = N;
  while (left > 0) {
    if (plan != 0) {
      if (!setUp()) return QUEENS_STATUS_RUNNING;
      continue; // a step starts only with budget left (the trace's one call, one step)
    }
    if (!scanning) {
      if (pairs == 0) return QUEENS_STATUS_SOLVED;
      if (steps >= maxSteps) return QUEENS_STATUS_LIMIT;
      steps++;
      scanning = true;
      mcR = -1;
    }
    // The row: draws until an attacked one, CHUNK draws per budget unit (few rows may be attacked).
    while (mcR < 0) {
      if (left <= 0) return QUEENS_STATUS_RUNNING;
      for (let k = 0; k < CHUNK; k++) {
        const r = <i32>RNG.nextInt(<u32>n);
        if (conflictsOf(r) != 0) { mcR = r; break; }
      }
      left--;
      scanX = 0; mcMin = i32.MAX_VALUE; mcCount = 0;
    }
    const r = mcR;
    const c = posAt(r);
    let x = scanX;
    while (x < n) {
      if (left <= 0) { scanX = x; return QUEENS_STATUS_RUNNING; }
      const end = min(n, x + CHUNK);
      for (; x < end; x++) {
        const v = x == c ? conflictsOf(r) : conflictsAt(r, x);
        if (v < mcMin) { mcMin = v; mcCount = 0; }
        if (v == mcMin) { store<i32>(TIES + (<usize>mcCount << 2), x); mcCount++; }
      }
      left--;
    }
    scanning = false;
    const to = mcCount == 1 ? load<i32>(TIES) : load<i32>(TIES + (<usize>RNG.nextInt(<u32>mcCount) << 2));
    if (to != c) { moveTo(r, to); moves++; }
  }
  return QUEENS_STATUS_RUNNING;
}

/** Swaps the columns of rows i ≠ j (diagonals only); returns the change in pairs. */
@inline function swapRows<T>(i: i32, j: i32): i64 {
  const before = pairs;
  const ci = posAt(i), cj = posAt(j);
  liftD<T>(i, ci); liftD<T>(j, cj);
  placeD<T>(i, cj); placeD<T>(j, ci);
  return pairs - before;
}

function stepFast(): i32 {
  const n = N;
  while (left > 0) {
    if (plan != 0) {
      if (!setUp()) return QUEENS_STATUS_RUNNING;
      continue; // a step starts only with budget left (the trace's one call, one step)
    }
    if (phase == 1) {
      // Phase 1 on the bitsets: a diagonal is free when its bit is clear (pairs stay 0).
      const b1 = B1, b2 = B2;
      const maxAttempts = 3 * <i64>n;
      let sink1: u32 = 0;
      while (left > 0 && cur < n && attempts < maxAttempts) {
        if (steps >= maxSteps) return QUEENS_STATUS_LIMIT;
        steps++;
        attempts++;
        const i = cur;
        const j = i + <i32>RNG.nextInt(<u32>(n - i));
        {
          // The next attempt's draw is already fixed (xoshiro's next output depends on s1 alone):
          // touch its row for both outcomes of this attempt, so that its cache miss overlaps this one.
          const x = rotl<u32>(RNG.s1 * 5, 7) * 9;
          if (i + 2 < n) {
            sink1 += load<u32>(POS + (<usize>(i + <i32>(x % <u32>(n - i))) << 2));
            sink1 += load<u32>(POS + (<usize>(i + 1 + <i32>(x % <u32>(n - i - 1))) << 2));
          }
        }
        const c = posAt(j);
        if ((bitAt(b1, i + c) | bitAt(b2, i - c + n - 1)) == 0) {
          setPos(j, posAt(i));
          setPos(i, c);
          bitSet(b1, i + c); bitSet(b2, i - c + n - 1);
          cur = i + 1;
        }
        left--;
      }
      touchSink = sink1;
      if (left <= 0) break;
      queueFastPhase2();
      continue;
    }
    let status: i32;
    do {
      status = wide ? repair<i32>(left) : repair<u8>(left);
      left = repairLeft;
    } while (status == WIDENED);
    if (status != QUEENS_STATUS_RUNNING || phase == 2) return status;
  }
  return QUEENS_STATUS_RUNNING;
}

/** Where phase 1's touches of coming rows end up (keeps those loads alive). */
let touchSink: u32 = 0;

/** Budget left when repair returned for a restart (back to phase 1). */
let repairLeft: i64 = 0;

/** Phase 2 until solved, the limit, the budget, or a restart (then phase is 1 and repairLeft the budget). */
function repair<T>(left: i64): i32 {
  const n = N;
  const stallLimit: i64 = 8 * <i64>n + 1024;
  while (left > 0) {
    if (pairs == 0) return QUEENS_STATUS_SOLVED;
    let i = cur;
    if (!attackedD<T>(i)) {
      let k = i;
      do {
        k++;
        if (k >= n) k = lo;
      } while (k != i && !attackedD<T>(k));
      if (!attackedD<T>(k)) {
        lo = 0;
        k = 0;
        while (!attackedD<T>(k)) k++;
      }
      i = k;
      cur = k;
    }
    if (steps >= maxSteps) return QUEENS_STATUS_LIMIT;
    steps++;
    const j = <i32>RNG.nextInt(<u32>n);
    if (j != i && swapRows<T>(i, j) < 0) {
      moves++;
      stall = 0;
    } else {
      if (j != i) swapRows<T>(i, j);
      stall++;
    }
    left--;
    if (sizeof<T>() == 1 && overflow) {
      widen();
      wide = true;
      overflow = false;
    }
    if (stall > stallLimit) {
      restarts++;
      queueFastPhase1(0);
      repairLeft = left;
      return QUEENS_STATUS_RUNNING;
    }
    if (sizeof<T>() == 1 && wide) {
      repairLeft = left;
      return WIDENED;
    }
  }
  return QUEENS_STATUS_RUNNING;
}

/** At most `budget` steps; returns the status (codes.queens.status; -1 when no run was prepared). */
export function queensStep(budget: f64): i32 {
  if (algo < 0) return -1;
  if (status != QUEENS_STATUS_RUNNING) return status;
  left = toI64(budget < 1 ? 1 : budget);
  if (algo == QUEENS_ALGORITHM_HILL_CLIMBING) status = stepHill(false);
  else if (algo == QUEENS_ALGORITHM_RESTART) status = stepHill(true);
  else if (algo == QUEENS_ALGORITHM_ANNEALING) status = stepAnnealing();
  else if (algo == QUEENS_ALGORITHM_MIN_CONFLICTS) status = stepMinConflicts();
  else if (algo == QUEENS_ALGORITHM_FAST) status = stepFast();
  else if (algo == QUEENS_ALGORITHM_CONSTRUCT) status = setUp() ? QUEENS_STATUS_SOLVED : QUEENS_STATUS_RUNNING;
  return status;
}

/** Row k's 1-based column in construct's closed form (engine/src/queens/construct.ts, `constructColumn`). */
@inline function constructColumn(n: i32, k: i32): i32 {
  const rem = n % 6, evens = n >>> 1, odds = n - evens;
  if (k < evens) {
    if (rem == 3) return k < evens - 1 ? 4 + 2 * k : 2;
    return 2 + 2 * k;
  }
  const j = k - evens;
  if (rem == 2) return j == 0 ? 3 : j == 1 ? 1 : j < odds - 1 ? 7 + 2 * (j - 2) : 5;
  if (rem == 3) return j < odds - 2 ? 5 + 2 * j : j == odds - 2 ? 1 : 3;
  return 1 + 2 * j;
}

/** Rows [a, b) of construct's solution for N ≥ 4 (or N = 1) into `out`, 0-based columns. */
function constructRows(out: usize, n: i32, a: i32, b: i32): void {
  if (n == 1) { store<i32>(out, 0); return; }
  for (let k = a; k < b; k++) store<i32>(out + (<usize>k << 2), constructColumn(n, k) - 1);
}

export function queensStatus(): i32 { return status; }
export function queensSteps(): f64 { return <f64>steps; }
export function queensMoves(): f64 { return <f64>moves; }
export function queensEscapes(): f64 { return <f64>escapes; }
export function queensRestarts(): f64 { return <f64>restarts; }
export function queensConflicts(): f64 { return <f64>pairs; }
export function queensPositions(): usize { return POS; }
export function queensHistoryPointer(): usize { return HIST; }
export function queensHistoryLength(): i32 { return histLen; }
