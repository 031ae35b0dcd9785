// The Monty Hall simulation kernel (raw bindings). Twin of engine/src/monty/ts-kernel.ts: the same
// draws in the same order (docs/contracts/monty.md), so the counters agree bit for bit.
//
// Host protocol: montyInit(doors, open, host, qThreshold, pThreshold, seed) once per run; for each
// chunk, montyBegin(chunkIndex) then montyPlay(games) as often as wanted; read montyCounter(i)
// (cumulative since montyInit; codes.monty.counter gives the order).
//
// Game j of a chunk draws from lane j mod 4 (4 independent streams per chunk). The 3-door game runs
// 4 games at once, one per lane, in WASM SIMD (i32x4), branch-free; every other game, and a SIMD
// block in which some draw would need a rejection (probability ~2^-30), runs the scalar loop.

import {
  MONTY_HOST_STANDARD, MONTY_HOST_IGNORANT, MONTY_COUNTER_EXCLUDED, MONTY_COUNTER_GAMES_LOWEST,
  MONTY_COUNTER_STAY_LOWEST, MONTY_COUNTER_SWITCH_LOWEST, MONTY_COUNTER_RANDOM_LOWEST, MONTY_COUNTER_RANDOM_OTHER,
} from '../generated/codes';
import { Xoshiro128 } from '../common/rng';

const MAX_DOORS: i32 = 65536;
const LANES: i32 = 4;
const COUNTERS: i32 = MONTY_COUNTER_RANDOM_OTHER + 1;

/** The scalar generator: a lane's state is copied here for one scalar game and back. */
const RNG = Xoshiro128.at(memory.data(<i32>Xoshiro128.SIZE, 16));
/** The 4 lanes' states, transposed for SIMD: s0 of lanes 0..3, then s1, s2, s3 (v128 each). */
const LANE: usize = memory.data(64, 16);
/** One byte per door: 1 when opened in the current game. */
const OPENED: usize = memory.data(MAX_DOORS, 16);
/** u64 counters, codes.monty.counter order. */
const COUNT: usize = memory.data(COUNTERS * 8, 16);

let doors: i32 = 3;
let open: i32 = 1;
let host: i32 = MONTY_HOST_STANDARD;
let qT: u64 = 0;
let pT: u64 = 0;
let seed: u32 = 0;
/** Games played of the current chunk. */
let pos: i32 = 0;
/** Tests: 1 plays every game with the scalar loop; 2 runs the SIMD blocks but replays each on the scalar loop (the rejection fallback). */
let scalarOnly: i32 = 0;

// ---- scalar games -------------------------------------------------------------------------

/** Uniform in [0, m), 2 ≤ m ≤ 2^16: multiply-shift with rejection (Lemire), as the TS `range`. */
@inline function range(m: u32): u32 {
  let product = <u64>RNG.nextU32() * <u64>m;
  let low = <u32>product;
  if (low < m) {
    const threshold = (<u32>0 - m) % m;
    while (low < threshold) {
      product = <u64>RNG.nextU32() * <u64>m;
      low = <u32>product;
    }
  }
  return <u32>(product >>> 32);
}

/** A draw only when there is a choice. */
@inline function choose(m: i32): i32 {
  return m > 1 ? <i32>range(<u32>m) : 0;
}

@inline function coin(threshold: u64): bool {
  return <u64>RNG.nextU32() < threshold;
}

@inline function count(i: i32, by: u64): void {
  const at = COUNT + (<usize>i << 3);
  store<u64>(at, load<u64>(at) + by);
}

/** The h-th door (increasing order) not opened and neither a nor b. */
function nth(h: i32, a: i32, b: i32): i32 {
  for (let d = 0; d < doors; d++) {
    if (d == a || d == b || load<u8>(OPENED + <usize>d) != 0) continue;
    if (h == 0) return d;
    h--;
  }
  unreachable();
  return -1;
}

/** One game on the scalar generator RNG (the contract's draws, for any n). */
function playOne(): void {
  const n = doors, k = open, r = n - 1 - k;
  const car = <i32>range(<u32>n);
  const pick = <i32>range(<u32>n);
  memory.fill(OPENED, 0, <usize>n);
  let first = -1;
  let revealed = false;
  for (let j = 0; j < k; j++) {
    let door: i32;
    if (host == MONTY_HOST_IGNORANT) {
      door = nth(<i32>range(<u32>(n - 1 - j)), pick, pick);
      if (door == car) revealed = true;
    } else {
      const allowed = n - 1 - (car == pick ? 0 : 1) - j;
      if (host == MONTY_HOST_STANDARD) door = nth(choose(allowed), pick, car);
      else if (allowed == 1 || coin(qT)) door = nth(0, pick, car);
      else door = nth(1 + choose(allowed - 1), pick, car);
    }
    store<u8>(OPENED + <usize>door, 1);
    if (j == 0) first = door;
  }
  if (revealed) {
    count(MONTY_COUNTER_EXCLUDED, 1);
    return;
  }
  const other = first == (pick == 0 ? 1 : 0) ? 0 : 1;
  const target = nth(choose(r), pick, pick);
  const switching = coin(pT);
  const stayWins: u64 = car == pick ? 1 : 0;
  const switchWins: u64 = target == car ? 1 : 0;
  count(MONTY_COUNTER_GAMES_LOWEST + other, 1);
  count(MONTY_COUNTER_STAY_LOWEST + other, stayWins);
  count(MONTY_COUNTER_SWITCH_LOWEST + other, switchWins);
  count(MONTY_COUNTER_RANDOM_LOWEST + other, switching ? switchWins : stayWins);
}

/** One scalar game on lane `lane` (its state copied to RNG and back). */
function playLane(lane: i32): void {
  const at = LANE + (<usize>lane << 2);
  RNG.setState(load<u32>(at), load<u32>(at, 16), load<u32>(at, 32), load<u32>(at, 48));
  playOne();
  store<u32>(at, RNG.s0);
  store<u32>(at, RNG.s1, 16);
  store<u32>(at, RNG.s2, 32);
  store<u32>(at, RNG.s3, 48);
}

// ---- SIMD: four 3-door games at once ------------------------------------------------------

const ALL: v128 = i32x4.splat(-1);

/** xoshiro128** on the four lanes (state in LANE); lanes outside `mask` keep their state. */
@inline function step(mask: v128): v128 {
  const s0 = v128.load(LANE), s1 = v128.load(LANE, 16), s2 = v128.load(LANE, 32), s3 = v128.load(LANE, 48);
  const m = i32x4.mul(s1, i32x4.splat(5));
  const result = i32x4.mul(v128.or(i32x4.shl(m, 7), i32x4.shr_u(m, 25)), i32x4.splat(9));
  const t2 = v128.xor(s2, s0);
  const t3 = v128.xor(s3, s1);
  const n3 = v128.or(i32x4.shl(t3, 11), i32x4.shr_u(t3, 21));
  v128.store(LANE, v128.bitselect(v128.xor(s0, t3), s0, mask));
  v128.store(LANE, v128.bitselect(v128.xor(s1, t2), s1, mask), 16);
  v128.store(LANE, v128.bitselect(v128.xor(t2, i32x4.shl(s1, 9)), s2, mask), 32);
  v128.store(LANE, v128.bitselect(n3, s3, mask), 48);
  return result;
}

/** floor(3x / 2^32) per lane, exactly: 3x = 4·3(x>>2) + 3(x&3). */
@inline function times3High(x: v128): v128 {
  const a = i32x4.add(i32x4.mul(i32x4.shr_u(x, 2), i32x4.splat(3)), i32x4.shr_u(i32x4.mul(v128.and(x, i32x4.splat(3)), i32x4.splat(3)), 2));
  return i32x4.shr_u(a, 30);
}

/** Lanes whose x·3 mod 2^32 < (2^32 − 3) mod 3 = 1: U(3) would reject (draw again). */
@inline function rejects3(x: v128): v128 {
  return i32x4.eq(i32x4.mul(x, i32x4.splat(3)), i32x4.splat(0));
}

/** A coin per lane: x < threshold (a u64 up to 2^32). */
@inline function coins(x: v128, threshold: u64): v128 {
  return threshold >= 0x100000000 ? ALL : i32x4.lt_u(x, i32x4.splat(<i32>threshold));
}

/** Plays `blocks` blocks of 4 three-door games (lane l plays game l of each block). */
function playThreeSimd(blocks: i32): void {
  const h = host;
  const qt = qT, pt = pT;
  const zero = i32x4.splat(0), one = i32x4.splat(1), two = i32x4.splat(2), three = i32x4.splat(3);
  // Counts per lane, subtracting all-ones masks (−1 per game).
  let excl = zero, gLow = zero, gOth = zero, stLow = zero, stOth = zero, swLow = zero, swOth = zero, rLow = zero, rOth = zero;
  for (let b = 0; b < blocks; b++) {
    // The lanes' state before the block, restored if it falls back to the scalar loop.
    const k0 = v128.load(LANE), k1 = v128.load(LANE, 16), k2 = v128.load(LANE, 32), k3 = v128.load(LANE, 48);
    let x = step(ALL);
    const car = times3High(x);
    let rej = rejects3(x);
    x = step(ALL);
    const pick = times3High(x);
    rej = v128.or(rej, rejects3(x));
    const same = i32x4.eq(car, pick);
    const low = v128.and(i32x4.eq(pick, zero), one); // the lower of the two other doors
    const high = i32x4.sub(two, v128.and(i32x4.eq(pick, two), one));
    const third = i32x4.sub(i32x4.sub(three, pick), car); // the only allowed door when car ≠ pick
    let first: v128;
    let valid = ALL;
    if (h == MONTY_HOST_IGNORANT) {
      first = v128.bitselect(high, low, i32x4.shr_s(step(ALL), 31)); // U(2) = top bit
      valid = v128.not(i32x4.eq(first, car));
    } else if (h == MONTY_HOST_STANDARD) {
      first = v128.bitselect(v128.bitselect(high, low, i32x4.shr_s(step(same), 31)), third, same);
    } else {
      first = v128.bitselect(v128.bitselect(low, high, coins(step(same), qt)), third, same);
    }
    const switching = coins(step(valid), pt);
    if (v128.any_true(rej) || scalarOnly == 2) {
      // Some lane must redraw: replay the block's four games on the scalar loop.
      v128.store(LANE, k0);
      v128.store(LANE, k1, 16);
      v128.store(LANE, k2, 32);
      v128.store(LANE, k3, 48);
      for (let lane = 0; lane < LANES; lane++) playLane(lane);
      continue;
    }
    const isLow = v128.and(i32x4.eq(first, low), valid);
    const isOth = v128.andnot(valid, isLow);
    const stay = v128.and(same, valid);
    const sw = v128.andnot(valid, same);
    const rnd = v128.bitselect(sw, stay, switching);
    excl = i32x4.sub(excl, v128.not(valid));
    gLow = i32x4.sub(gLow, isLow);
    gOth = i32x4.sub(gOth, isOth);
    stLow = i32x4.sub(stLow, v128.and(stay, isLow));
    stOth = i32x4.sub(stOth, v128.and(stay, isOth));
    swLow = i32x4.sub(swLow, v128.and(sw, isLow));
    swOth = i32x4.sub(swOth, v128.and(sw, isOth));
    rLow = i32x4.sub(rLow, v128.and(rnd, isLow));
    rOth = i32x4.sub(rOth, v128.and(rnd, isOth));
  }
  countLanes(MONTY_COUNTER_EXCLUDED, excl);
  countLanes(MONTY_COUNTER_GAMES_LOWEST, gLow);
  countLanes(MONTY_COUNTER_GAMES_LOWEST + 1, gOth);
  countLanes(MONTY_COUNTER_STAY_LOWEST, stLow);
  countLanes(MONTY_COUNTER_STAY_LOWEST + 1, stOth);
  countLanes(MONTY_COUNTER_SWITCH_LOWEST, swLow);
  countLanes(MONTY_COUNTER_SWITCH_LOWEST + 1, swOth);
  countLanes(MONTY_COUNTER_RANDOM_LOWEST, rLow);
  countLanes(MONTY_COUNTER_RANDOM_LOWEST + 1, rOth);
}

/** Adds the four lanes (each < 2^29: a call plays < 2^31 games) to counter i. */
@inline function countLanes(i: i32, v: v128): void {
  count(i, <u64><u32>i32x4.extract_lane(v, 0) + <u64><u32>i32x4.extract_lane(v, 1) + <u64><u32>i32x4.extract_lane(v, 2) + <u64><u32>i32x4.extract_lane(v, 3));
}

// ---- entry points -------------------------------------------------------------------------

/** Out of range parameters are refused with 1 (the engine validates before; this is a guard). */
export function montyInit(n: i32, k: i32, hostCode: i32, qThreshold: f64, pThreshold: f64, runSeed: f64): i32 {
  if (n < 3 || n > MAX_DOORS || k < 1 || k > n - 2 || hostCode < 0 || hostCode > 2) return 1;
  doors = n;
  open = k;
  host = hostCode;
  qT = <u64>qThreshold;
  pT = <u64>pThreshold;
  seed = <u32>(<i64>runSeed);
  memory.fill(COUNT, 0, COUNTERS * 8);
  montyBegin(0);
  return 0;
}

/** Starts chunk `chunk`: lane l draws from stream 4·chunk + l. */
export function montyBegin(chunk: f64): void {
  const base = <u32>(<i64>chunk) * <u32>LANES;
  for (let lane = 0; lane < LANES; lane++) {
    RNG.seedStream(seed, base + <u32>lane);
    const at = LANE + (<usize>lane << 2);
    store<u32>(at, RNG.s0);
    store<u32>(at, RNG.s1, 16);
    store<u32>(at, RNG.s2, 32);
    store<u32>(at, RNG.s3, 48);
  }
  pos = 0;
}

export function montyCounter(i: i32): f64 {
  return <f64>load<u64>(COUNT + (<usize>i << 3));
}

/** Tests: 0 SIMD (default), 1 every game on the scalar loop, 2 every SIMD block replayed on the scalar loop. */
export function montyScalarOnly(mode: i32): void {
  scalarOnly = mode;
}

/** Plays `games` more games of the current chunk. */
export function montyPlay(games: i32): void {
  // Up to the next lane-0 game one at a time, then SIMD blocks, then the rest one at a time.
  while (games > 0 && (pos & (LANES - 1)) != 0) {
    playLane(pos & (LANES - 1));
    pos++;
    games--;
  }
  if (doors == 3 && scalarOnly != 1) {
    const blocks = games >> 2;
    playThreeSimd(blocks);
    pos += blocks << 2;
    games -= blocks << 2;
  }
  while (games > 0) {
    playLane(pos & (LANES - 1));
    pos++;
    games--;
  }
}
