// The pattern-database files' checksum: the kernel's SIMD digest (core-as pdb/digest.ts) equals the
// TypeScript twin (engine/src/puzzle/pdb-digest.ts) byte for byte, on every tail length and on
// seeded random data; and any one changed byte, or a missing last byte, changes it.
import { describe, expect, it } from 'vitest';
import { loadKernels } from '@searchlab/engine';
import { domainExports } from '../../src/core/kernels.js';
import { tableDigest } from '../../src/puzzle/pdb-digest.js';
import type { PdbExports } from '../../src/puzzle/kernel.js';

/** xorshift32 bytes: a fixed stream for the cases. */
function bytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed | 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 255;
  }
  return out;
}

describe('table digest', () => {
  it('the kernel and the TypeScript twin agree (lengths 0..80, 1 MB, unaligned views)', async () => {
    const k = await loadKernels();
    const ex = domainExports<PdbExports>(k);
    const base = 1 << 20; // scratch far above the kernels' static data, below the instance's initial memory
    if (k.memory.buffer.byteLength < base + (1 << 20) + 64) k.memory.grow(32);
    const kernel = (data: Uint8Array): Uint8Array => {
      new Uint8Array(k.memory.buffer, base, data.length).set(data);
      return new Uint8Array(k.memory.buffer, ex.pdbDigest(base, data.length) >>> 0, 16).slice();
    };
    for (let n = 0; n <= 80; n++) {
      const data = bytes(n, 7 + n);
      expect(Array.from(kernel(data)), `length ${n}`).toEqual(Array.from(tableDigest(data)));
    }
    const big = bytes(1 << 20, 99);
    expect(Array.from(kernel(big))).toEqual(Array.from(tableDigest(big)));
    const odd = bytes(1001, 5);
    const unaligned = new Uint8Array(odd.length + 3);
    unaligned.set(odd, 3);
    expect(Array.from(tableDigest(unaligned.subarray(3)))).toEqual(Array.from(tableDigest(odd)));
  });

  it('changes with any one byte, and with the length', () => {
    const data = bytes(4099, 3);
    const d0 = Array.from(tableDigest(data));
    for (const at of [0, 1, 15, 16, 2048, 4095, 4096, 4098]) {
      const changed = data.slice();
      changed[at]! ^= 0x40;
      expect(Array.from(tableDigest(changed)), `byte ${at}`).not.toEqual(d0);
    }
    expect(Array.from(tableDigest(data.subarray(0, 4098)))).not.toEqual(d0);
    const zeros = new Uint8Array(32);
    expect(Array.from(tableDigest(zeros.subarray(0, 31)))).not.toEqual(Array.from(tableDigest(zeros)));
  });
});
