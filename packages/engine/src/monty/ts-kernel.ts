/**
 * The TypeScript reference of the Monty Hall simulation kernel: plays games one at a time,
 * drawing exactly what docs/contracts/monty.md says in that order, so that the WASM kernel
 * (core-as/assembly/monty) gives the same counters for the same seed and chunk, bit for bit.
 */
import { Rng } from '../core/rng.js';
import { COUNTER, zeroCounters, type Counters, type MontyGame } from './model.js';

const TWO32 = 4294967296;
/** Games of a chunk are dealt round-robin to LANES streams (the WASM kernel plays them as SIMD lanes). */
export const LANES = 8;

/** The generator of lane `lane` of chunk `index` of a run with `seed`: stream LANES·index + lane (docs/contracts/rng.md). */
export const laneRng = (seed: number, index: number, lane: number): Rng => Rng.forStream(seed, LANES * index + lane);

/** Uniform in [0, m) for 2 ≤ m ≤ 2^16 by multiply-shift with rejection (Lemire); exact in f64. */
export function range(rng: Rng, m: number): number {
  let product = rng.nextU32() * m;
  let low = product % TWO32;
  if (low < m) {
    const threshold = (TWO32 - m) % m;
    while (low < threshold) {
      product = rng.nextU32() * m;
      low = product % TWO32;
    }
  }
  return Math.floor(product / TWO32);
}

/** A draw only when there is a choice: m = 1 consumes nothing. */
const choose = (rng: Rng, m: number): number => (m > 1 ? range(rng, m) : 0);

/** u32 threshold of a coin with probability x: nextU32() < ceil(x·2^32) ⟺ nextFloat() < x. */
export const coinThreshold = (x: number): number => Math.ceil(x * TWO32);

const HOST_STANDARD = 0;
const HOST_IGNORANT = 1;
const HOST_BIASED = 2;

/**
 * The doors of one game: which are open, with a Fenwick tree of the closed ones, so that "the h-th
 * closed door other than a and b" costs O(log n) and a game with k doors opened O(k log n) (not
 * O(n·k)): 65,536 doors play in microseconds. Opened doors are closed again at the end of each
 * game (O(k log n)), never by a pass over all n. The kernel keeps the same structure.
 */
export class DoorSet {
  private readonly tree: Int32Array; // 1-based Fenwick tree of closed (1) / open (0)
  private readonly isOpen: Uint8Array;
  private readonly opened: Int32Array;
  private openCount = 0;
  private readonly top: number; // the highest power of two ≤ n

  constructor(readonly n: number) {
    this.tree = new Int32Array(n + 1);
    for (let i = 1; i <= n; i++) this.tree[i] = i & -i; // every door closed
    this.isOpen = new Uint8Array(n);
    this.opened = new Int32Array(n);
    let top = 1;
    while (top * 2 <= n) top *= 2;
    this.top = top;
  }

  private add(door: number, delta: number): void {
    for (let i = door + 1; i <= this.n; i += i & -i) this.tree[i]! += delta;
  }

  /** The h-th closed door (from 0, increasing order). */
  private select(h: number): number {
    let at = 0;
    let rest = h + 1;
    for (let step = this.top; step > 0; step >>= 1) {
      if (at + step <= this.n && this.tree[at + step]! < rest) {
        at += step;
        rest -= this.tree[at]!;
      }
    }
    if (at >= this.n) throw new Error('monty: door index out of range');
    return at;
  }

  /** The h-th closed door (increasing order) other than a and b: skips them where they fall at or below. */
  nth(h: number, a: number, b: number): number {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    let d = this.select(h);
    if (this.isOpen[lo] === 0 && lo <= d) d = this.select(++h);
    if (hi !== lo && this.isOpen[hi] === 0 && hi <= d) d = this.select(++h);
    return d;
  }

  open(door: number): void {
    this.isOpen[door] = 1;
    this.add(door, -1);
    this.opened[this.openCount++] = door;
  }

  /** Every door opened since the last call closed again. */
  closeAll(): void {
    for (let i = 0; i < this.openCount; i++) {
      const door = this.opened[i]!;
      this.isOpen[door] = 0;
      this.add(door, 1);
    }
    this.openCount = 0;
  }
}

/** Counts of chunk-by-chunk simulation; one instance per run (both backends implement this). */
export interface MontyKernel {
  /** Start chunk `index`: its own PRNG stream from (seed, index). */
  begin(index: number): void;
  /** Play `games` more games of the current chunk, adding to the counters. */
  play(games: number): void;
  /** The counters since the kernel was made (COUNTERS order). */
  counters(): Counters;
  /** Frees the kernel (its WASM instance); it may not be used afterwards. */
  dispose(): void;
}

export function createTsKernel(game: MontyGame, seed: number): MontyKernel {
  const n = game.doors;
  const k = game.open;
  const host = game.host === 'standard' ? HOST_STANDARD : game.host === 'ignorant' ? HOST_IGNORANT : HOST_BIASED;
  const qT = coinThreshold(game.bias);
  const pT = coinThreshold(game.switchProbability);
  const r = n - 1 - k;
  const doors = new DoorSet(n);
  const c = zeroCounters();
  let lanes: Rng[] = [];
  let rng = laneRng(seed, 0, 0);
  let pos = 0; // games played of the current chunk: game pos draws from lane pos mod LANES

  const nth = (h: number, a: number, b: number): number => doors.nth(h, a, b);

  /**
   * The 3-door game (n = 3, k = 1) has its own draws: car, pick and the host's choice from one
   * range draw, then the random strategy's coin, also in games the ignorant host spoils.
   */
  /** One counted game: its counters by whether the first opened door was the lowest one (other = 0) or not. */
  const tally = (other: number, car: number, pick: number, target: number, switching: boolean): void => {
    const stayWins = car === pick ? 1 : 0;
    const switchWins = target === car ? 1 : 0;
    c[COUNTER.gamesLowest + other]!++;
    c[COUNTER.stayLowest + other]! += stayWins;
    c[COUNTER.switchLowest + other]! += switchWins;
    c[COUNTER.randomLowest + other]! += switching ? switchWins : stayWins;
  };

  const playThree = (): void => {
    let car: number, pick: number;
    let choice: number; // when the host has a choice: 0 the lower allowed door, 1 the higher
    if (host === HOST_BIASED) {
      const v = range(rng, 9);
      car = Math.floor(v / 3);
      pick = v % 3;
      choice = rng.nextU32() < qT ? 0 : 1;
    } else {
      const w = range(rng, 18);
      choice = w % 2;
      car = Math.floor(w / 6);
      pick = Math.floor(w / 2) % 3;
    }
    const switching = rng.nextU32() < pT;
    // the host's door: the ignorant host, or car = pick, has two doors to choose from; otherwise one
    const first = host === HOST_IGNORANT || car === pick ? nth(choice, pick, pick) : nth(0, pick, car);
    if (first === car) {
      c[COUNTER.excluded]!++;
      return;
    }
    doors.open(first);
    const other = first === (pick === 0 ? 1 : 0) ? 0 : 1;
    const target = nth(0, pick, pick);
    doors.closeAll();
    tally(other, car, pick, target, switching);
  };

  const playOne = (): void => {
    const car = range(rng, n);
    const pick = range(rng, n);
    let first = -1;
    let revealed = false;
    for (let j = 0; j < k; j++) {
      let door: number;
      if (host === HOST_IGNORANT) {
        door = nth(range(rng, n - 1 - j), pick, pick);
        if (door === car) revealed = true;
      } else {
        const allowed = n - 1 - (car === pick ? 0 : 1) - j;
        if (host === HOST_STANDARD) door = nth(choose(rng, allowed), pick, car);
        else if (allowed === 1 || rng.nextU32() < qT) door = nth(0, pick, car);
        else door = nth(1 + choose(rng, allowed - 1), pick, car);
      }
      doors.open(door);
      if (j === 0) first = door;
    }
    if (revealed) {
      doors.closeAll();
      c[COUNTER.excluded]!++;
      return;
    }
    const other = first === (pick === 0 ? 1 : 0) ? 0 : 1;
    const target = nth(choose(rng, r), pick, pick);
    doors.closeAll();
    const switching = rng.nextU32() < pT;
    tally(other, car, pick, target, switching);
  };

  return {
    begin(index) {
      lanes = Array.from({ length: LANES }, (_, lane) => laneRng(seed, index, lane));
      pos = 0;
    },
    play(games) {
      for (let g = 0; g < games; g++) {
        rng = lanes[pos++ % LANES]!;
        if (n === 3) playThree();
        else playOne();
      }
    },
    counters: () => c.slice(),
    dispose() {},
  };
}
