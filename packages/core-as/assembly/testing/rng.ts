// Test exports of the PRNG twin (raw bindings: numbers and pointers only), for
// tests/differential/rng.test.ts; in the testing build only (assembly/testing.ts). One test stream
// in static memory; results go to a fixed static buffer, so these never touch the arena (a kernel
// run on the same instance is left intact).

import { Xoshiro128, shuffle } from '../common/rng';

const BUF_BYTES: i32 = 65536;
const BUF: usize = memory.data(BUF_BYTES, 16);
const STREAM = Xoshiro128.at(memory.data(<i32>Xoshiro128.SIZE, 16));

/** Seeds the test stream like TS `new Rng(seed)` (seed mod 2^32). */
export function rngSeed(seed: u32): void {
  STREAM.seed(seed);
}

/** Seeds the test stream like TS `Rng.forStream(seed, index)`. */
export function rngSeedStream(seed: u32, index: u32): void {
  STREAM.seedStream(seed, index);
}

/** Sets the raw state like TS `Rng.fromState`. */
export function rngSetState(s0: u32, s1: u32, s2: u32, s3: u32): void {
  STREAM.setState(s0, s1, s2, s3);
}

/** Address of the test stream's state: s0..s3 as u32. */
export function rngStatePointer(): usize {
  return changetype<usize>(STREAM);
}

/** Capacity of the result buffer in bytes (8192 floats, 16384 u32). */
export function rngBufferBytes(): i32 {
  return BUF_BYTES;
}

/**
 * Continues the test stream with `count` draws of `kind` (0 nextU32 → u32, 1 nextFloat → f64,
 * 2 nextInt(n) → u32, n = 1 … 2^32) into the buffer and returns its address; count is clamped to
 * the capacity. -1 (as the address) for an unknown kind or n out of range.
 */
export function rngFill(kind: i32, n: f64, count: i32): usize {
  if (kind == 1) {
    const c = min(count, BUF_BYTES >> 3);
    for (let i = 0; i < c; i++) store<f64>(BUF + (<usize>i << 3), STREAM.nextFloat());
    return BUF;
  }
  const c = min(count, BUF_BYTES >> 2);
  if (kind == 0) {
    for (let i = 0; i < c; i++) store<u32>(BUF + (<usize>i << 2), STREAM.nextU32());
    return BUF;
  }
  if (kind == 2 && n >= 1 && n <= 4294967296.0 && n == Math.floor(n)) {
    const m: u32 = n == 4294967296.0 ? 0 : <u32>n;
    for (let i = 0; i < c; i++) store<u32>(BUF + (<usize>i << 2), STREAM.nextInt(m));
    return BUF;
  }
  return <usize>-1;
}

/** Shuffles 0, 1, …, len−1 (i32) with the test stream; returns the address (len ≤ 16384). */
export function rngShuffle(len: i32): usize {
  const c = min(len, BUF_BYTES >> 2);
  for (let i = 0; i < c; i++) store<i32>(BUF + (<usize>i << 2), i);
  shuffle<i32>(STREAM, BUF, c);
  return BUF;
}
