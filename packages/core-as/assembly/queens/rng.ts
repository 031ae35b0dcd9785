// TEMPORARY: the queens kernels' view of the PRNG. The platform's twin of engine/src/core/rng.ts
// (assembly/common/rng.ts, class Xoshiro128, same API as below) is not on main yet; when it lands
// this whole file becomes `export { Xoshiro128 } from '../common/rng';` and nothing else changes.
// Until then: the minimum the queens kernels draw (seed, nextU32, nextInt, nextFloat), written from
// the spec in engine/src/core/rng.ts and checked by tests/differential/queens.test.ts.

@final @unmanaged
export class Xoshiro128 {
  s0: u32;
  s1: u32;
  s2: u32;
  s3: u32;

  static readonly SIZE: usize = 16;

  @inline static at(ptr: usize): Xoshiro128 {
    return changetype<Xoshiro128>(ptr);
  }

  @inline seed(seed: u32): void {
    let x = seed;
    x += 0x9e3779b9; this.s0 = mix(x);
    x += 0x9e3779b9; this.s1 = mix(x);
    x += 0x9e3779b9; this.s2 = mix(x);
    x += 0x9e3779b9; this.s3 = mix(x);
  }

  @inline nextU32(): u32 {
    const s0 = this.s0, s1 = this.s1;
    const s2 = this.s2 ^ s0, s3 = this.s3 ^ s1;
    const result = rotl<u32>(s1 * 5, 7) * 9;
    this.s0 = s0 ^ s3;
    this.s1 = s1 ^ s2;
    this.s2 = s2 ^ (s1 << 9);
    this.s3 = rotl<u32>(s3, 11);
    return result;
  }

  @inline nextFloat(): f64 {
    return <f64>this.nextU32() * (1.0 / 4294967296.0);
  }

  /** Uniform in [0, n) for 1 ≤ n < 2^32, the same draws as TS nextInt (rejection above the last whole bucket). */
  @inline nextInt(n: u32): u32 {
    const top = <u32>0 - n;
    let x: u32, r: u32;
    do {
      x = this.nextU32();
      r = x % n;
    } while (x - r > top);
    return r;
  }
}

@inline function mix(x: u32): u32 {
  let z = x;
  z = (z ^ (z >>> 16)) * 0x85ebca6b;
  z = (z ^ (z >>> 13)) * 0xc2b2ae35;
  return z ^ (z >>> 16);
}
