// The pattern-database files' checksum (docs/contracts/pdb.md, "Cache"), the twin of
// engine/src/puzzle/pdb-digest.ts: four u32 lanes over 16-byte blocks, lane ← rotl(lane ^ word, 13)
// · 0x9e3779b1, the last block zero-padded, then the length (low, high 32 bits) mixed into each
// lane. Here the four lanes are one SIMD vector: a table is checked at memory speed where it lies.

import { SHARED, instanceData } from '../common/arena';

const PRIME: u32 = 0x9e3779b1;
const OUT = SHARED ? instanceData(16) : memory.data(16, 16);
const TAIL = SHARED ? instanceData(16) : memory.data(16, 16);

@inline function stepLane(lane: u32, word: u32): u32 {
  return rotl<u32>(lane ^ word, 13) * PRIME;
}

/** The 16-byte digest of `len` bytes at `ptr`, written at the returned address. */
export function digest(ptr: usize, len: f64): usize {
  const n = <usize>len;
  const whole = n & ~(<usize>15);
  let acc = i32x4(0x243f6a88, <i32>0x85a308d3, 0x13198a2e, 0x03707344);
  const prime = i32x4.splat(<i32>PRIME);
  for (let p: usize = 0; p < whole; p += 16) {
    const x = v128.xor(acc, v128.load(ptr + p));
    acc = i32x4.mul(v128.or(i32x4.shl(x, 13), i32x4.shr_u(x, 19)), prime);
  }
  if (whole < n) {
    v128.store(TAIL, i32x4.splat(0));
    memory.copy(TAIL, ptr + whole, n - whole);
    const x = v128.xor(acc, v128.load(TAIL));
    acc = i32x4.mul(v128.or(i32x4.shl(x, 13), i32x4.shr_u(x, 19)), prime);
  }
  v128.store(OUT, acc);
  const lo = <u32>(<u64>len), hi = <u32>(<u64>len >> 32);
  for (let i = 0; i < 4; i++) {
    const at = OUT + (<usize>i << 2);
    store<u32>(at, stepLane(stepLane(load<u32>(at), lo), hi));
  }
  return OUT;
}
