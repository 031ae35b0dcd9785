// The WebAssembly twin of packages/engine/src/rng.ts: xoshiro128** seeded by splitmix32, with the
// same derived draws (nextFloat, nextInt by rejection, shuffle, per-stream seeding), bit for bit.
// That file's header comment is the spec; docs/contracts/rng.md the contract;
// tests/differential/rng.test.ts the check (millions of draws against the TS Rng).
//
// A generator is 16 bytes of linear memory (s0..s3, u32), viewed as an unmanaged class: no
// runtime, no allocation, as many independent streams as blocks. Give it a home with
// `Xoshiro128.at(memory.data(Xoshiro128.SIZE, 16))` (static, one per kernel) or
// `Xoshiro128.at(alloc(Xoshiro128.SIZE))` (arena, per run), never `new` (the stub runtime's
// allocator would collide with the arena). Every method is inlined into the caller's loop.
//
// Usage:
//   const RNG = Xoshiro128.at(memory.data(Xoshiro128.SIZE, 16));
//   RNG.seedStream(seed, chunk);      // or RNG.seed(seed)
//   const door = RNG.nextInt(3);      // 1 ≤ n ≤ 2^32−1; n = 0 means 2^32
//   shuffle<i32>(RNG, ptr, len);

/** The splitmix32 increment (golden ratio). */
const GOLDEN: u32 = 0x9e3779b9;

/** splitmix32's output function: a bijection of u32. */
@inline export function mix32(x: u32): u32 {
  let z = x;
  z = (z ^ (z >>> 16)) * 0x85ebca6b;
  z = (z ^ (z >>> 13)) * 0xc2b2ae35;
  return z ^ (z >>> 16);
}

/** The first output of splitmix32 started at x (a u32 → u32 hash; a bijection). */
@inline export function splitmix32(x: u32): u32 {
  return mix32(x + GOLDEN);
}

/** The seed of stream `index` under `seed` (TS `Rng.forStream`): splitmix32(splitmix32(seed) ^ index). */
@inline export function streamSeed(seed: u32, index: u32): u32 {
  return splitmix32(splitmix32(seed) ^ index);
}

@final @unmanaged
export class Xoshiro128 {
  s0: u32;
  s1: u32;
  s2: u32;
  s3: u32;

  /** Bytes a generator occupies (alignment 4; 16 keeps it on one cache line). */
  static readonly SIZE: usize = 16;

  /** The generator whose state lives at `ptr` (SIZE bytes). */
  @inline static at(ptr: usize): Xoshiro128 {
    return changetype<Xoshiro128>(ptr);
  }

  /** TS `new Rng(seed)`: four splitmix32 outputs from x = seed. Never the all-zero state. */
  @inline seed(seed: u32): void {
    let x = seed + GOLDEN;
    this.s0 = mix32(x);
    x += GOLDEN;
    this.s1 = mix32(x);
    x += GOLDEN;
    this.s2 = mix32(x);
    x += GOLDEN;
    this.s3 = mix32(x);
  }

  /** TS `Rng.forStream(seed, index)`: an independent stream per (seed, chunk/worker index). */
  @inline seedStream(seed: u32, index: u32): void {
    this.seed(streamSeed(seed, index));
  }

  /** TS `Rng.fromState`: the raw state (must not be all zero; not checked). */
  @inline setState(s0: u32, s1: u32, s2: u32, s3: u32): void {
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
  }

  /** Copies the state of `other` here (TS `clone`): this continues other's sequence independently. */
  @inline copyFrom(other: Xoshiro128): void {
    this.setState(other.s0, other.s1, other.s2, other.s3);
  }

  /** xoshiro128**: 32 random bits. */
  @inline nextU32(): u32 {
    const s0 = this.s0;
    const s1 = this.s1;
    const s2 = this.s2 ^ s0;
    const s3 = this.s3 ^ s1;
    const result = rotl<u32>(s1 * 5, 7) * 9;
    this.s0 = s0 ^ s3;
    this.s1 = s1 ^ s2;
    this.s2 = s2 ^ (s1 << 9);
    this.s3 = rotl<u32>(s3, 11);
    return result;
  }

  /** Uniform in [0, 1): nextU32() / 2^32 (exact in f64). */
  @inline nextFloat(): f64 {
    return <f64>this.nextU32() * (1.0 / 4294967296.0);
  }

  /**
   * Uniform in [0, n), unbiased, consuming the same draws as TS `nextInt`: n = 1 … 2^32−1, and
   * n = 0 stands for 2^32 (one draw, returned as is). TS rejects x ≥ 2^32 − (2^32 mod n); here the
   * same test costs no extra division: with r = x mod n, x is rejected exactly when its bucket
   * [x − r, x − r + n) does not fit below 2^32, i.e. x − r > 2^32 − n.
   */
  @inline nextInt(n: u32): u32 {
    if (n == 0) return this.nextU32();
    const top = <u32>0 - n;
    let x: u32, r: u32;
    do {
      x = this.nextU32();
      r = x % n;
    } while (x - r > top);
    return r;
  }
}

/** TS `shuffle`: Fisher–Yates from the end over `len` values of T at `ptr`; j = nextInt(i + 1). */
@inline export function shuffle<T>(rng: Xoshiro128, ptr: usize, len: i32): void {
  for (let i = len - 1; i > 0; i--) {
    const j = <i32>rng.nextInt(<u32>(i + 1));
    const a = ptr + (<usize>i << alignof<T>());
    const b = ptr + (<usize>j << alignof<T>());
    const t = load<T>(a);
    store<T>(a, load<T>(b));
    store<T>(b, t);
  }
}
