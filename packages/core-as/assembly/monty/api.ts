// The Monty Hall simulation kernel (raw bindings). Twin of engine/src/monty/ts-kernel.ts: the same
// draws in the same order (docs/contracts/monty.md), so the counters agree bit for bit.
//
// Host protocol: montyInit(doors, open, host, qThreshold, pThreshold, seed) once per run; for each
// chunk, montyBegin(chunkIndex) then montyPlay(games) as often as wanted; read montyCounter(i)
// (cumulative since montyInit; codes.monty.counter gives the order).
//
// Game j of a chunk draws from lane j mod 8 (8 independent streams per chunk). The 3-door game has
// its own draws (2 per game; 3 with the biased host) and runs 8 games at once, one per lane, in
// WASM SIMD (two i32x4 sets of generator states kept in registers; the standard host its own loop
// below, one set at a time, table-driven), branch-free; every other game,
// and a SIMD batch in which some draw would need a rejection (probability ~2^-19), runs the scalar loop.

import {
  MONTY_HOST_STANDARD, MONTY_HOST_IGNORANT, MONTY_HOST_BIASED, MONTY_COUNTER_EXCLUDED, MONTY_COUNTER_GAMES_LOWEST,
  MONTY_COUNTER_STAY_LOWEST, MONTY_COUNTER_SWITCH_LOWEST, MONTY_COUNTER_RANDOM_LOWEST, MONTY_COUNTER_RANDOM_OTHER,
} from '../generated/codes';
import { Xoshiro128 } from '../common/rng';
import { alloc, arenaReset } from '../common/arena';
import { scalarMode } from './scalar-mode';

const MAX_DOORS: i32 = 65536;
const LANES: i32 = 8;
const COUNTERS: i32 = MONTY_COUNTER_RANDOM_OTHER + 1;

/** The scalar generator: a lane's state is copied here for one scalar game and back. */
const RNG = Xoshiro128.at(memory.data(<i32>Xoshiro128.SIZE, 16));
/** The 8 lanes' states, transposed for SIMD: s0 of lanes 0..3, then s1, s2, s3 (v128 each); then lanes 4..7 the same. */
const LANE: usize = memory.data(128, 16);
/** One byte per door: 1 when opened in the current game. */
const OPENED: usize = memory.data(MAX_DOORS, 16);
/** Fenwick tree (1-based, i32) of the closed doors: the h-th closed door in O(log n) (see nth). In the arena. */
let TREE: usize = 0;
/** The doors opened in the current game, closed again at its end (never a pass over all n). In the arena. */
let OPEN_LIST: usize = 0;
let openCount: i32 = 0;
/** The highest power of two ≤ doors. */
let top: i32 = 2;
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

@inline function treeAt(i: i32): usize { return TREE + (<usize>i << 2); }

function treeAdd(door: i32, delta: i32): void {
  for (let i = door + 1; i <= doors; i += i & -i) store<i32>(treeAt(i), load<i32>(treeAt(i)) + delta);
}

/** Every door closed: tree[i] = lowbit(i). */
function resetDoors(): void {
  arenaReset();
  TREE = alloc(<usize>(doors + 1) << 2);
  OPEN_LIST = alloc(<usize>doors << 2);
  memory.fill(OPENED, 0, <usize>doors);
  for (let i = 1; i <= doors; i++) store<i32>(treeAt(i), i & -i);
  openCount = 0;
  top = 1;
  while (top * 2 <= doors) top <<= 1;
}

/** The h-th closed door (from 0, increasing order). */
function select(h: i32): i32 {
  let at = 0;
  let rest = h + 1;
  for (let step = top; step > 0; step >>= 1) {
    if (at + step <= doors && load<i32>(treeAt(at + step)) < rest) {
      at += step;
      rest -= load<i32>(treeAt(at));
    }
  }
  if (at >= doors) unreachable();
  return at;
}

/** The h-th door (increasing order) not opened and neither a nor b, in O(log n) (as the TS DoorSet). */
function nth(h: i32, a: i32, b: i32): i32 {
  const lo = min(a, b), hi = max(a, b);
  let d = select(h);
  if (load<u8>(OPENED + <usize>lo) == 0 && lo <= d) d = select(++h);
  if (hi != lo && load<u8>(OPENED + <usize>hi) == 0 && hi <= d) d = select(++h);
  return d;
}

function openDoor(door: i32): void {
  store<u8>(OPENED + <usize>door, 1);
  treeAdd(door, -1);
  store<i32>(OPEN_LIST + (<usize>openCount << 2), door);
  openCount++;
}

/** The doors of this game closed again: O(k log n). */
function closeAll(): void {
  for (let i = 0; i < openCount; i++) {
    const door = load<i32>(OPEN_LIST + (<usize>i << 2));
    store<u8>(OPENED + <usize>door, 0);
    treeAdd(door, 1);
  }
  openCount = 0;
}

/** One game on the scalar generator RNG (the contract's draws for n > 3). */
function playOne(): void {
  const n = doors, k = open, r = n - 1 - k;
  const car = <i32>range(<u32>n);
  const pick = <i32>range(<u32>n);
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
    openDoor(door);
    if (j == 0) first = door;
  }
  if (revealed) {
    closeAll();
    count(MONTY_COUNTER_EXCLUDED, 1);
    return;
  }
  const other = first == (pick == 0 ? 1 : 0) ? 0 : 1;
  const target = nth(choose(r), pick, pick);
  closeAll();
  const switching = coin(pT);
  const stayWins: u64 = car == pick ? 1 : 0;
  const switchWins: u64 = target == car ? 1 : 0;
  count(MONTY_COUNTER_GAMES_LOWEST + other, 1);
  count(MONTY_COUNTER_STAY_LOWEST + other, stayWins);
  count(MONTY_COUNTER_SWITCH_LOWEST + other, switchWins);
  count(MONTY_COUNTER_RANDOM_LOWEST + other, switching ? switchWins : stayWins);
}

/** Where lane `lane`'s s0 is (s1, s2, s3 follow at +16, +32, +48). */
@inline function laneAt(lane: i32): usize {
  return LANE + (<usize>(lane >> 2) << 6) + (<usize>(lane & 3) << 2);
}

/** One scalar game on lane `lane` (its state copied to RNG and back). */
function playLane(lane: i32): void {
  const at = laneAt(lane);
  RNG.setState(load<u32>(at), load<u32>(at, 16), load<u32>(at, 32), load<u32>(at, 48));
  if (doors == 3) playThree();
  else playOne();
  store<u32>(at, RNG.s0);
  store<u32>(at, RNG.s1, 16);
  store<u32>(at, RNG.s2, 32);
  store<u32>(at, RNG.s3, 48);
}

// ---- the 3-door game ----------------------------------------------------------------------

/** One 3-door game on the scalar generator RNG: its own draws (docs/contracts/monty.md, "n = 3"). */
function playThree(): void {
  let car: i32, pick: i32;
  /** The host's choice when he has one: 0 the lower allowed door, 1 the higher. */
  let choice: i32;
  if (host == MONTY_HOST_BIASED) {
    const v = <i32>range(9);
    car = v / 3;
    pick = v % 3;
    choice = coin(qT) ? 0 : 1;
  } else {
    const w = <i32>range(18);
    choice = w & 1;
    car = (w >> 1) / 3;
    pick = (w >> 1) % 3;
  }
  const switching = coin(pT);
  const low = pick == 0 ? 1 : 0; // the lower of the two doors other than the pick
  const high = pick == 2 ? 1 : 2;
  const first = host == MONTY_HOST_IGNORANT || car == pick ? (choice == 0 ? low : high) : 3 - pick - car;
  if (first == car) {
    count(MONTY_COUNTER_EXCLUDED, 1);
    return;
  }
  const target = 3 - pick - first; // the only closed door other than the pick
  const other = first == low ? 0 : 1;
  const stayWins: u64 = car == pick ? 1 : 0;
  const switchWins: u64 = target == car ? 1 : 0;
  count(MONTY_COUNTER_GAMES_LOWEST + other, 1);
  count(MONTY_COUNTER_STAY_LOWEST + other, stayWins);
  count(MONTY_COUNTER_SWITCH_LOWEST + other, switchWins);
  count(MONTY_COUNTER_RANDOM_LOWEST + other, switching ? switchWins : stayWins);
}

// ---- SIMD: eight 3-door games at once -----------------------------------------------------
//
// Lanes 0-3 are one set of xoshiro128** states (a0..a3: s0..s3 of the four lanes), lanes 4-7 the
// other (b0..b3), kept in locals (registers) for a whole call. The games run in batches of up
// to BATCH blocks of 8 games; the counters of a batch are kept in 16-bit halves (low half: the
// host's first door was the lowest; high half: the other) and added to COUNT when the batch ends.
// A batch in which some range draw would reject (probability ~2^-19 per batch) is undone and
// replayed on the scalar loop.

const ALL: v128 = i32x4.splat(-1);
const BATCH: i32 = 256;
/** The lanes' states at the start of the batch, restored if it falls back to the scalar loop. */
const SAVED: usize = memory.data(128, 16);

/** xoshiro128**'s output for a state word s1 (four lanes): rotl(s1·5, 7)·9. */
@inline function output(s1: v128): v128 {
  const m = i32x4.add(s1, i32x4.shl(s1, 2));
  const r = v128.or(i32x4.shl(m, 7), i32x4.shr_u(m, 25));
  return i32x4.add(r, i32x4.shl(r, 3));
}

/** Sum of the four u32 lanes. */
@inline function sum4(v: v128): u64 {
  return <u64><u32>i32x4.extract_lane(v, 0) + <u64><u32>i32x4.extract_lane(v, 1) + <u64><u32>i32x4.extract_lane(v, 2) + <u64><u32>i32x4.extract_lane(v, 3);
}

/** Adds a batch's 16-bit counts (low halves: counter i, high halves: counter i + 1); returns their sum. */
@inline function flush(i: i32, acc: v128): u64 {
  const lowest = sum4(v128.and(acc, i32x4.splat(0xffff)));
  const other = sum4(i32x4.shr_u(acc, 16));
  count(i, lowest);
  count(i + 1, other);
  return lowest + other;
}

/**
 * Plays `blocks` blocks of 8 three-door games (lane l plays game l of each block) for host H (a
 * constant after inlining). Per lane: x1 = U(18) (standard, ignorant) or U(9) (biased) by
 * multiply-shift, x2 = coin(q) (biased), then coin(p).
 */
@inline function playThreeSimd(H: i32, blocks: i32): void {
  let a0 = v128.load(LANE), a1 = v128.load(LANE, 16), a2 = v128.load(LANE, 32), a3 = v128.load(LANE, 48);
  let b0 = v128.load(LANE, 64), b1 = v128.load(LANE, 80), b2 = v128.load(LANE, 96), b3 = v128.load(LANE, 112);
  const zero = i32x4.splat(0), one = i32x4.splat(1), two = i32x4.splat(2), three = i32x4.splat(3), eleven = i32x4.splat(11);
  const m = i32x4.splat(H == MONTY_HOST_BIASED ? 9 : 18);
  const halves = i32x4.splat(0xffff0000);
  const sign = i32x4.splat(0x80000000);
  // coin(x) = x < t (unsigned; t ≤ 2^32) = (t ^ 2^31 > x ^ 2^31, signed) or t = 2^32
  const pFlip = i32x4.splat(<i32>(<u32>pT ^ 0x80000000)), pAll = pT >= 0x100000000 ? ALL : zero;
  const qFlip = i32x4.splat(<i32>(<u32>qT ^ 0x80000000)), qAll = qT >= 0x100000000 ? ALL : zero;
  while (blocks > 0) {
    const nb = blocks < BATCH ? blocks : BATCH;
    v128.store(SAVED, a0); v128.store(SAVED, a1, 16); v128.store(SAVED, a2, 32); v128.store(SAVED, a3, 48);
    v128.store(SAVED, b0, 64); v128.store(SAVED, b1, 80); v128.store(SAVED, b2, 96); v128.store(SAVED, b3, 112);
    let games = zero, stay = zero, swit = zero, rand = zero;
    let lowest = ALL; // the least low word of a range product: < 4 means a rejection
    for (let i = 0; i < nb; i++) {
      // ---- draws: x1 (range), [xq (biased)], xp (coin p), for both sets
      let t: v128;
      const xa = output(a1);
      t = i32x4.shl(a1, 9); a2 = v128.xor(a2, a0); a3 = v128.xor(a3, a1); a1 = v128.xor(a1, a2); a0 = v128.xor(a0, a3); a2 = v128.xor(a2, t);
      a3 = v128.or(i32x4.shl(a3, 11), i32x4.shr_u(a3, 21));
      const xb = output(b1);
      t = i32x4.shl(b1, 9); b2 = v128.xor(b2, b0); b3 = v128.xor(b3, b1); b1 = v128.xor(b1, b2); b0 = v128.xor(b0, b3); b2 = v128.xor(b2, t);
      b3 = v128.or(i32x4.shl(b3, 11), i32x4.shr_u(b3, 21));
      let qa = zero, qb = zero;
      if (H == MONTY_HOST_BIASED) {
        qa = output(a1);
        t = i32x4.shl(a1, 9); a2 = v128.xor(a2, a0); a3 = v128.xor(a3, a1); a1 = v128.xor(a1, a2); a0 = v128.xor(a0, a3); a2 = v128.xor(a2, t);
        a3 = v128.or(i32x4.shl(a3, 11), i32x4.shr_u(a3, 21));
        qb = output(b1);
        t = i32x4.shl(b1, 9); b2 = v128.xor(b2, b0); b3 = v128.xor(b3, b1); b1 = v128.xor(b1, b2); b0 = v128.xor(b0, b3); b2 = v128.xor(b2, t);
        b3 = v128.or(i32x4.shl(b3, 11), i32x4.shr_u(b3, 21));
      }
      const pa = output(a1);
      t = i32x4.shl(a1, 9); a2 = v128.xor(a2, a0); a3 = v128.xor(a3, a1); a1 = v128.xor(a1, a2); a0 = v128.xor(a0, a3); a2 = v128.xor(a2, t);
      a3 = v128.or(i32x4.shl(a3, 11), i32x4.shr_u(a3, 21));
      const pb = output(b1);
      t = i32x4.shl(b1, 9); b2 = v128.xor(b2, b0); b3 = v128.xor(b3, b1); b1 = v128.xor(b1, b2); b0 = v128.xor(b0, b3); b2 = v128.xor(b2, t);
      b3 = v128.or(i32x4.shl(b3, 11), i32x4.shr_u(b3, 21));

      // ---- set A
      {
        const lo = i64x2.extmul_low_i32x4_u(xa, m), hi = i64x2.extmul_high_i32x4_u(xa, m);
        lowest = i32x4.min_u(lowest, i32x4.shuffle(lo, hi, 0, 2, 4, 6));
        let w = i32x4.shuffle(lo, hi, 1, 3, 5, 7);
        let choice: v128; // all ones: the host opens the higher of the two doors other than the pick
        if (H == MONTY_HOST_BIASED) {
          choice = v128.not(v128.or(i32x4.gt_s(qFlip, v128.xor(qa, sign)), qAll)); // coin(q): the lower door
        } else {
          choice = i32x4.neg(v128.and(w, one));
          w = i32x4.shr_u(w, 1);
        }
        const car = i32x4.shr_u(i32x4.mul(w, eleven), 5); // w / 3 for w < 9
        const pick = i32x4.sub(w, i32x4.mul(car, three));
        const same = i32x4.eq(car, pick);
        const low = i32x4.neg(i32x4.eq(pick, zero));
        const high = i32x4.add(two, i32x4.eq(pick, two));
        let first = v128.bitselect(high, low, choice);
        if (H != MONTY_HOST_IGNORANT) first = v128.bitselect(first, i32x4.sub(i32x4.sub(three, pick), car), same);
        const target = i32x4.sub(i32x4.sub(three, pick), first);
        const switchWins = i32x4.eq(target, car);
        const switching = v128.or(i32x4.gt_s(pFlip, v128.xor(pa, sign)), pAll);
        // low halves count games after the lowest door, high halves the others; excluded games neither
        let sel = v128.xor(i32x4.eq(first, low), halves);
        if (H == MONTY_HOST_IGNORANT) sel = v128.andnot(sel, i32x4.eq(first, car));
        games = i16x8.sub(games, sel);
        stay = i16x8.sub(stay, v128.and(sel, same));
        swit = i16x8.sub(swit, v128.and(sel, switchWins));
        rand = i16x8.sub(rand, v128.and(sel, v128.bitselect(switchWins, same, switching)));
      }
      // ---- set B (the same)
      {
        const lo = i64x2.extmul_low_i32x4_u(xb, m), hi = i64x2.extmul_high_i32x4_u(xb, m);
        lowest = i32x4.min_u(lowest, i32x4.shuffle(lo, hi, 0, 2, 4, 6));
        let w = i32x4.shuffle(lo, hi, 1, 3, 5, 7);
        let choice: v128;
        if (H == MONTY_HOST_BIASED) {
          choice = v128.not(v128.or(i32x4.gt_s(qFlip, v128.xor(qb, sign)), qAll));
        } else {
          choice = i32x4.neg(v128.and(w, one));
          w = i32x4.shr_u(w, 1);
        }
        const car = i32x4.shr_u(i32x4.mul(w, eleven), 5);
        const pick = i32x4.sub(w, i32x4.mul(car, three));
        const same = i32x4.eq(car, pick);
        const low = i32x4.neg(i32x4.eq(pick, zero));
        const high = i32x4.add(two, i32x4.eq(pick, two));
        let first = v128.bitselect(high, low, choice);
        if (H != MONTY_HOST_IGNORANT) first = v128.bitselect(first, i32x4.sub(i32x4.sub(three, pick), car), same);
        const target = i32x4.sub(i32x4.sub(three, pick), first);
        const switchWins = i32x4.eq(target, car);
        const switching = v128.or(i32x4.gt_s(pFlip, v128.xor(pb, sign)), pAll);
        let sel = v128.xor(i32x4.eq(first, low), halves);
        if (H == MONTY_HOST_IGNORANT) sel = v128.andnot(sel, i32x4.eq(first, car));
        games = i16x8.sub(games, sel);
        stay = i16x8.sub(stay, v128.and(sel, same));
        swit = i16x8.sub(swit, v128.and(sel, switchWins));
        rand = i16x8.sub(rand, v128.and(sel, v128.bitselect(switchWins, same, switching)));
      }
    }
    if (v128.any_true(i32x4.eq(i32x4.shr_u(lowest, 2), zero)) || scalarMode == 2) {
      // Some lane's range draw must be redrawn: replay the batch's games on the scalar loop.
      memory.copy(LANE, SAVED, 128);
      for (let g = 0; g < nb << 3; g++) playLane(g & (LANES - 1));
      a0 = v128.load(LANE); a1 = v128.load(LANE, 16); a2 = v128.load(LANE, 32); a3 = v128.load(LANE, 48);
      b0 = v128.load(LANE, 64); b1 = v128.load(LANE, 80); b2 = v128.load(LANE, 96); b3 = v128.load(LANE, 112);
    } else {
      const valid = flush(MONTY_COUNTER_GAMES_LOWEST, games);
      flush(MONTY_COUNTER_STAY_LOWEST, stay);
      flush(MONTY_COUNTER_SWITCH_LOWEST, swit);
      flush(MONTY_COUNTER_RANDOM_LOWEST, rand);
      count(MONTY_COUNTER_EXCLUDED, (<u64>nb << 3) - valid);
    }
    blocks -= nb;
  }
  v128.store(LANE, a0); v128.store(LANE, a1, 16); v128.store(LANE, a2, 32); v128.store(LANE, a3, 48);
  v128.store(LANE, b0, 64); v128.store(LANE, b1, 80); v128.store(LANE, b2, 96); v128.store(LANE, b3, 112);
}

// ---- SIMD: the standard host, sixteen 3-door games a step ---------------------------------
//
// With the standard host every 3-door game is valid and switch wins exactly when stay loses, so a
// game is three bits: e (the host's door is not the lowest other door), same (car = pick) and the
// coin for the random strategy. e and same depend only on w = U(18), and only through w mod 16
// (w = 16, 17 play as w = 0, 1: car = pick, the host's choice decides), so each is one byte table
// looked up by i8x16.swizzle. One set of lanes (4 generators) plays two blocks a step, lanes 0-3
// then 4-7 over the batch: 8 games in 16-bit lanes per step and few live registers. Counts go to
// byte counters (even bytes; a batch has at most 255 blocks per lane set), and the eight counters
// come out of five sums when the batch ends.

/** e (0xff) by w mod 16: the host's first door is not the lowest door other than the pick. */
const OTHER_BY_W: v128 = i8x16(0, -1, -1, -1, -1, -1, -1, -1, 0, -1, 0, 0, 0, 0, 0, 0);
/** car ≠ pick (0xff) by w mod 16 (w / 2 = 3·car + pick). */
const DIFFERENT_BY_W: v128 = i8x16(0, 0, -1, -1, -1, -1, -1, -1, 0, 0, -1, -1, -1, -1, -1, -1);
/** Blocks of 8 games per batch and lane set: the byte counters hold 255. */
const STANDARD_BATCH: i32 = 254;

/** Sum of a byte counter's even bytes (the odd ones are scratch). */
@inline function evenBytes(acc: v128): u64 {
  return sum4(i32x4.extadd_pairwise_i16x8_u(v128.and(acc, i16x8.splat(0xff))));
}

/**
 * Plays 2·pairs blocks of 8 standard-host 3-door games on lane set `set` (0: lanes 0-3, 1: 4-7),
 * adding to the five byte counters at SUMS; returns the least low word of the range products.
 */
@inline function playStandardSet(set: i32, pairs: i32): v128 {
  const at = LANE + (<usize>set << 6);
  let s0 = v128.load(at), s1 = v128.load(at, 16), s2 = v128.load(at, 32), s3 = v128.load(at, 48);
  const m = i32x4.splat(18), fifteen = i16x8.splat(15), sign = i32x4.splat(0x80000000);
  const pFlip = i32x4.splat(<i32>(<u32>pT ^ 0x80000000)), pAll = pT >= 0x100000000 ? ALL : i32x4.splat(0);
  let other = v128.load(SUMS), different = v128.load(SUMS, 16), both = v128.load(SUMS, 32);
  let lose = v128.load(SUMS, 48), otherLose = v128.load(SUMS, 64);
  let lowest = ALL;
  for (let i = 0; i < pairs; i++) {
    let t: v128;
    const x1 = output(s1);
    t = i32x4.shl(s1, 9); s2 = v128.xor(s2, s0); s3 = v128.xor(s3, s1); s1 = v128.xor(s1, s2); s0 = v128.xor(s0, s3); s2 = v128.xor(s2, t);
    s3 = v128.or(i32x4.shl(s3, 11), i32x4.shr_u(s3, 21));
    const y1 = output(s1);
    t = i32x4.shl(s1, 9); s2 = v128.xor(s2, s0); s3 = v128.xor(s3, s1); s1 = v128.xor(s1, s2); s0 = v128.xor(s0, s3); s2 = v128.xor(s2, t);
    s3 = v128.or(i32x4.shl(s3, 11), i32x4.shr_u(s3, 21));
    const x2 = output(s1);
    t = i32x4.shl(s1, 9); s2 = v128.xor(s2, s0); s3 = v128.xor(s3, s1); s1 = v128.xor(s1, s2); s0 = v128.xor(s0, s3); s2 = v128.xor(s2, t);
    s3 = v128.or(i32x4.shl(s3, 11), i32x4.shr_u(s3, 21));
    const y2 = output(s1);
    t = i32x4.shl(s1, 9); s2 = v128.xor(s2, s0); s3 = v128.xor(s3, s1); s1 = v128.xor(s1, s2); s0 = v128.xor(s0, s3); s2 = v128.xor(s2, t);
    s3 = v128.or(i32x4.shl(s3, 11), i32x4.shr_u(s3, 21));
    // w = U(18) by multiply-shift: the high words of x·18; a low word < 4 would need a redraw
    const p1 = i64x2.extmul_low_i32x4_u(x1, m), q1 = i64x2.extmul_high_i32x4_u(x1, m);
    const p2 = i64x2.extmul_low_i32x4_u(x2, m), q2 = i64x2.extmul_high_i32x4_u(x2, m);
    lowest = i32x4.min_u(lowest, i32x4.min_u(i32x4.shuffle(p1, q1, 0, 2, 4, 6), i32x4.shuffle(p2, q2, 0, 2, 4, 6)));
    const w = v128.and(i16x8.narrow_i32x4_u(i32x4.shuffle(p1, q1, 1, 3, 5, 7), i32x4.shuffle(p2, q2, 1, 3, 5, 7)), fifteen);
    const e = i8x16.swizzle(OTHER_BY_W, w);
    const d = i8x16.swizzle(DIFFERENT_BY_W, w);
    // coin(p): all ones when the random strategy switches
    const c1 = v128.or(i32x4.gt_s(pFlip, v128.xor(y1, sign)), pAll);
    const c2 = v128.or(i32x4.gt_s(pFlip, v128.xor(y2, sign)), pAll);
    const loses = v128.xor(d, i16x8.narrow_i32x4_s(c1, c2)); // random loses: it switched iff car = pick
    other = i8x16.sub(other, e);
    different = i8x16.sub(different, d);
    both = i8x16.sub(both, v128.and(e, d));
    lose = i8x16.sub(lose, loses);
    otherLose = i8x16.sub(otherLose, v128.and(e, loses));
  }
  v128.store(at, s0); v128.store(at, s1, 16); v128.store(at, s2, 32); v128.store(at, s3, 48);
  v128.store(SUMS, other); v128.store(SUMS, different, 16); v128.store(SUMS, both, 32);
  v128.store(SUMS, lose, 48); v128.store(SUMS, otherLose, 64);
  return lowest;
}

/** Byte counters of a standard-host batch: other, different, other ∧ different, random loses, other ∧ random loses. */
const SUMS: usize = memory.data(80, 16);

/** Plays `blocks` (even) blocks of 8 standard-host 3-door games. */
function playThreeStandard(blocks: i32): void {
  while (blocks > 0) {
    const nb = blocks < STANDARD_BATCH ? blocks : STANDARD_BATCH;
    memory.copy(SAVED, LANE, 128);
    memory.fill(SUMS, 0, 80);
    const lowest = i32x4.min_u(playStandardSet(0, nb >> 1), playStandardSet(1, nb >> 1));
    if (v128.any_true(i32x4.eq(i32x4.shr_u(lowest, 2), i32x4.splat(0))) || scalarMode == 2) {
      // Some lane's range draw must be redrawn: replay the batch's games on the scalar loop.
      memory.copy(LANE, SAVED, 128);
      for (let g = 0; g < nb << 3; g++) playLane(g & (LANES - 1));
    } else {
      const games = <u64>nb << 3;
      const other = evenBytes(v128.load(SUMS)), different = evenBytes(v128.load(SUMS, 16)), both = evenBytes(v128.load(SUMS, 32));
      const lose = evenBytes(v128.load(SUMS, 48)), otherLose = evenBytes(v128.load(SUMS, 64));
      const lowestGames = games - other, lowestDifferent = different - both;
      count(MONTY_COUNTER_GAMES_LOWEST, lowestGames);
      count(MONTY_COUNTER_GAMES_LOWEST + 1, other);
      count(MONTY_COUNTER_STAY_LOWEST, lowestGames - lowestDifferent);
      count(MONTY_COUNTER_STAY_LOWEST + 1, other - both);
      count(MONTY_COUNTER_SWITCH_LOWEST, lowestDifferent);
      count(MONTY_COUNTER_SWITCH_LOWEST + 1, both);
      count(MONTY_COUNTER_RANDOM_LOWEST, lowestGames - (lose - otherLose));
      count(MONTY_COUNTER_RANDOM_LOWEST + 1, other - otherLose);
    }
    blocks -= nb;
  }
}

function playThreeIgnorant(blocks: i32): void {
  playThreeSimd(MONTY_HOST_IGNORANT, blocks);
}

function playThreeBiased(blocks: i32): void {
  playThreeSimd(MONTY_HOST_BIASED, blocks);
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
  resetDoors();
  montyBegin(0);
  return 0;
}

/** Starts chunk `chunk`: lane l draws from stream 8·chunk + l. */
export function montyBegin(chunk: f64): void {
  const base = <u32>(<i64>chunk) * <u32>LANES;
  for (let lane = 0; lane < LANES; lane++) {
    RNG.seedStream(seed, base + <u32>lane);
    const at = laneAt(lane);
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

/** Plays `games` more games of the current chunk. */
export function montyPlay(games: i32): void {
  // Up to the next lane-0 game one at a time, then SIMD blocks, then the rest one at a time.
  while (games > 0 && (pos & (LANES - 1)) != 0) {
    playLane(pos & (LANES - 1));
    pos++;
    games--;
  }
  if (doors == 3 && scalarMode != 1) {
    const blocks = host == MONTY_HOST_STANDARD ? (games >> 4) << 1 : games >> 3;
    if (host == MONTY_HOST_STANDARD) playThreeStandard(blocks);
    else if (host == MONTY_HOST_IGNORANT) playThreeIgnorant(blocks);
    else playThreeBiased(blocks);
    pos += blocks << 3;
    games -= blocks << 3;
  }
  while (games > 0) {
    playLane(pos & (LANES - 1));
    pos++;
    games--;
  }
}
