// The Monty Hall simulation kernel (raw bindings). Twin of engine/src/monty/ts-kernel.ts: the same
// draws in the same order (docs/contracts/monty.md), so the counters agree bit for bit.
//
// Host protocol: montyInit(doors, open, host, qThreshold, pThreshold, seed) once per run; for each
// chunk, montyBegin(chunkIndex) then montyPlay(games) as often as wanted; read montyCounter(i)
// (cumulative since montyInit; codes.monty.counter gives the order).

import {
  MONTY_HOST_STANDARD, MONTY_HOST_IGNORANT, MONTY_COUNTER_EXCLUDED, MONTY_COUNTER_GAMES_LOWEST,
  MONTY_COUNTER_STAY_LOWEST, MONTY_COUNTER_SWITCH_LOWEST, MONTY_COUNTER_RANDOM_LOWEST, MONTY_COUNTER_RANDOM_OTHER,
} from '../generated/codes';
import { Xoshiro128 } from '../common/rng';

const MAX_DOORS: i32 = 65536;
const COUNTERS: i32 = MONTY_COUNTER_RANDOM_OTHER + 1;

const RNG = Xoshiro128.at(memory.data(<i32>Xoshiro128.SIZE, 16));
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
  RNG.seedStream(seed, 0);
  return 0;
}

export function montyBegin(chunk: f64): void {
  RNG.seedStream(seed, <u32>chunk);
}

export function montyCounter(i: i32): f64 {
  return <f64>load<u64>(COUNT + (<usize>i << 3));
}

/** Plays `games` games of the current chunk. */
export function montyPlay(games: i32): void {
  if (doors == 3) playThree(games);
  else playGeneral(games);
}

/** 3 doors, 1 opened: the same draws as the general loop, without the door array. */
function playThree(games: i32): void {
  let excluded: u64 = 0;
  let gLow: u64 = 0, gOth: u64 = 0, stLow: u64 = 0, stOth: u64 = 0, swLow: u64 = 0, swOth: u64 = 0, rLow: u64 = 0, rOth: u64 = 0;
  const h = host;
  const qt = qT, pt = pT;
  for (let g = 0; g < games; g++) {
    const car = <i32>range(3);
    const pick = <i32>range(3);
    const low = pick == 0 ? 1 : 0; // the lower of the two other doors
    const high = pick == 2 ? 1 : 2;
    let first: i32;
    if (h == MONTY_HOST_IGNORANT) {
      first = range(2) == 0 ? low : high;
      if (first == car) {
        excluded++;
        continue;
      }
    } else if (car != pick) {
      first = 3 - pick - car; // one allowed door: no draw
    } else if (h == MONTY_HOST_STANDARD) {
      first = range(2) == 0 ? low : high;
    } else {
      first = coin(qt) ? low : high; // biased: the lowest with probability q, else the other (no draw)
    }
    // One closed door besides the pick (no draw): switching wins iff the car is there.
    const switchWins: u64 = car != pick ? 1 : 0;
    const stayWins: u64 = 1 - switchWins;
    const randomWins = coin(pt) ? switchWins : stayWins;
    if (first == low) {
      gLow++; stLow += stayWins; swLow += switchWins; rLow += randomWins;
    } else {
      gOth++; stOth += stayWins; swOth += switchWins; rOth += randomWins;
    }
  }
  count(MONTY_COUNTER_EXCLUDED, excluded);
  count(MONTY_COUNTER_GAMES_LOWEST, gLow);
  count(MONTY_COUNTER_GAMES_LOWEST + 1, gOth);
  count(MONTY_COUNTER_STAY_LOWEST, stLow);
  count(MONTY_COUNTER_STAY_LOWEST + 1, stOth);
  count(MONTY_COUNTER_SWITCH_LOWEST, swLow);
  count(MONTY_COUNTER_SWITCH_LOWEST + 1, swOth);
  count(MONTY_COUNTER_RANDOM_LOWEST, rLow);
  count(MONTY_COUNTER_RANDOM_LOWEST + 1, rOth);
}

function playGeneral(games: i32): void {
  const n = doors, k = open, r = n - 1 - k;
  for (let g = 0; g < games; g++) {
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
      continue;
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
}
