// The platform's seeded PRNG (the TS twin of core-as/assembly/common/rng.ts).
import { checkArrayLike, describe } from './args.js';
import { InvalidInputError } from './errors.js';

/**
 * The seeded PRNG shared by both backends: xoshiro128** (Blackman & Vigna), seeded by splitmix32.
 * Its WASM twin, core-as/assembly/common/rng.ts, matches it bit for bit, so every step is exact here. All
 * arithmetic is on unsigned 32-bit words (wrap-around multiply = Math.imul).
 *
 * Seeding (`new Rng(seed)`): the seed is any integer, reduced to u32 by `seed >>> 0` (so -1 and
 * 0xffffffff are the same seed). splitmix32 keeps a u32 counter `x = seed` and each call does
 *
 *     x = (x + 0x9e3779b9) mod 2^32
 *     z = x
 *     z = imul(z ^ (z >>> 16), 0x85ebca6b)
 *     z = imul(z ^ (z >>> 13), 0xc2b2ae35)
 *     return z ^ (z >>> 16)
 *
 * Four calls give s0, s1, s2, s3 in that order. (The mix is a bijection of x and the four x are
 * distinct, so at most one word is 0: the all-zero state cannot occur.)
 *
 * nextU32 (xoshiro128**):
 *
 *     result = imul(rotl(imul(s1, 5), 7), 9)
 *     t = s1 << 9
 *     s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11)
 *     return result
 *
 * nextFloat  = nextU32() / 2^32, in [0, 1).
 * nextInt(n) = for 1 ≤ n ≤ 2^32: limit = 2^32 − (2^32 mod n); draw x = nextU32() until x < limit;
 *              return x mod n. (Unbiased; n = 1 consumes one draw and returns 0.)
 * shuffle(a) = Fisher–Yates from the end: for i = len−1 down to 1: j = nextInt(i + 1); swap a[i], a[j].
 */
export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number) {
    if (!Number.isSafeInteger(seed)) throw new InvalidInputError(`seed must be an integer, got ${describe(seed)}`);
    let x = seed >>> 0;
    const next = (): number => {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
  }

  /** An Rng with the raw xoshiro state (for test vectors of the reference algorithm). */
  static fromState(s0: number, s1: number, s2: number, s3: number): Rng {
    [s0, s1, s2, s3].forEach((word, i) => {
      if (!(Number.isInteger(word) && word >= 0 && word <= 0xffffffff))
        throw new InvalidInputError(`s${i} must be a u32 word (an integer 0..2^32-1), got ${describe(word)}`);
    });
    if ((s0 | s1 | s2 | s3) === 0) throw new InvalidInputError('xoshiro128** state must not be all zero');
    const r = new Rng(0);
    r.s0 = s0 >>> 0;
    r.s1 = s1 >>> 0;
    r.s2 = s2 >>> 0;
    r.s3 = s3 >>> 0;
    return r;
  }

  /**
   * Stream `index` (a chunk or worker, 0 ≤ index < 2^32) of `seed`:
   * new Rng(splitmix32(splitmix32(seed >>> 0) ^ index)), where splitmix32(x) is the first output
   * of the seeding generator above started at x. Distinct indices give distinct streams.
   */
  static forStream(seed: number, index: number): Rng {
    if (!Number.isSafeInteger(seed)) throw new InvalidInputError(`seed must be an integer, got ${describe(seed)}`);
    if (!Number.isInteger(index) || index < 0 || index > 0xffffffff) {
      throw new InvalidInputError(`stream index must be an integer 0..2^32-1, got ${describe(index)}`);
    }
    return new Rng(new Rng((new Rng(seed).s0 ^ index) >>> 0).s0);
  }

  /** The current state [s0, s1, s2, s3] (u32 words). */
  state(): [number, number, number, number] {
    return [this.s0, this.s1, this.s2, this.s3];
  }

  /** A copy that continues the same sequence independently. */
  clone(): Rng {
    return Rng.fromState(this.s0, this.s1, this.s2, this.s3);
  }

  /** The next 32-bit output of xoshiro128**, an integer in [0, 2^32). */
  nextU32(): number {
    const s1 = this.s1;
    const m = Math.imul(s1, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = (this.s3 << 11) | (this.s3 >>> 21);
    // Keep the words unsigned so state() and the WASM side read the same numbers.
    this.s0 >>>= 0;
    this.s1 >>>= 0;
    this.s2 >>>= 0;
    this.s3 >>>= 0;
    return result;
  }

  /** Uniform in [0, 1) with 32 random bits. */
  nextFloat(): number {
    return this.nextU32() / 4294967296;
  }

  /** Uniform integer in [0, n), unbiased (rejection sampling). 1 ≤ n ≤ 2^32. */
  nextInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 4294967296) {
      throw new InvalidInputError(`nextInt needs an integer 1..2^32, got ${describe(n)}`);
    }
    const limit = 4294967296 - (4294967296 % n);
    for (;;) {
      const x = this.nextU32();
      if (x < limit) return x % n;
    }
  }

  /** Shuffles `array` in place (Fisher–Yates from the end) and returns it. */
  shuffle<T>(array: T[]): T[] {
    checkArrayLike(array, 'array');
    for (let i = array.length - 1; i > 0; i--) {
      const j = this.nextInt(i + 1);
      const tmp = array[i] as T;
      array[i] = array[j] as T;
      array[j] = tmp;
    }
    return array;
  }
}
