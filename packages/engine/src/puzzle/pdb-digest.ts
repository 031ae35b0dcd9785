/**
 * A fast checksum for pattern-database files (docs/contracts/pdb.md, "Cache"): it catches a file
 * that was truncated, overwritten or bit-flipped, at a fraction of the cost of reading it (SHA-256
 * took longer than the read). Not cryptographic. Four 32-bit lanes over 16-byte blocks (words
 * little-endian, the last block zero-padded): lane ← rotl(lane ^ word, 13) · 0x9e3779b1, a bijection
 * of the lane per word, so a change of any one word changes the digest; then the length is mixed
 * into every lane. 16 bytes.
 */
const PRIME = 0x9e3779b1 | 0;
const SEEDS = [0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344] as const;

const step = (lane: number, word: number): number => {
  const x = lane ^ word;
  return Math.imul((x << 13) | (x >>> 19), PRIME);
};

export const DIGEST_BYTES = 16;

export function tableDigest(data: Uint8Array): Uint8Array {
  const whole = data.length & ~15;
  // An aligned view when the bytes allow one (a table in WASM memory always does), else a copy.
  const aligned = data.byteOffset % 4 === 0 ? data : data.slice(0, whole);
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, whole >>> 2);
  let a = SEEDS[0] | 0,
    b = SEEDS[1] | 0,
    c = SEEDS[2] | 0,
    d = SEEDS[3] | 0;
  for (let i = 0; i < words.length; i += 4) {
    a = step(a, words[i]!);
    b = step(b, words[i + 1]!);
    c = step(c, words[i + 2]!);
    d = step(d, words[i + 3]!);
  }
  if (whole < data.length) {
    const tail = new Uint8Array(16);
    tail.set(data.subarray(whole));
    const t = new DataView(tail.buffer);
    a = step(a, t.getUint32(0, true));
    b = step(b, t.getUint32(4, true));
    c = step(c, t.getUint32(8, true));
    d = step(d, t.getUint32(12, true));
  }
  const n = data.length | 0;
  const hi = Math.floor(data.length / 2 ** 32) | 0;
  const out = new DataView(new ArrayBuffer(DIGEST_BYTES));
  [a, b, c, d].forEach((lane, i) => out.setUint32(4 * i, step(step(lane, n), hi) >>> 0, true));
  return new Uint8Array(out.buffer);
}
