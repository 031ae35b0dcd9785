// The PRNG twin (docs/contracts/rng.md): the WASM generator (core-as/assembly/common/rng.ts, via
// the testing build's exports of assembly/testing/rng.ts) against the TS `Rng` (engine rng.ts), bit
// for bit and draw for draw — every output compared and the states compared after each batch, so both sides must
// also consume the same number of raw draws (nextInt's rejections included). About 6 million
// draws per side. Known-answer vectors pin both to the published xoshiro128** algorithm.
import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, Rng } from '@searchlab/engine';
import { hooks, loadTestingKernels, type TestingExports } from '../support/kernels.js';

const U32 = 0;
const FLOAT = 1;
const INT = 2;

let wasm: TestingExports;
beforeAll(async () => {
  wasm = hooks(await loadTestingKernels());
});

function wasmState(): number[] {
  return Array.from(new Uint32Array(wasm.memory.buffer, wasm.rngStatePointer() >>> 0, 4));
}

/** `count` more draws of the WASM test stream. */
function wasmDraws(kind: number, n: number, count: number): Uint32Array | Float64Array {
  const out = kind === FLOAT ? new Float64Array(count) : new Uint32Array(count);
  const batch = wasm.rngBufferBytes() / out.BYTES_PER_ELEMENT;
  for (let done = 0; done < count; ) {
    const c = Math.min(batch, count - done);
    const ptr = wasm.rngFill(kind, n, c);
    expect(ptr).not.toBe(-1);
    const view = kind === FLOAT ? new Float64Array(wasm.memory.buffer, ptr >>> 0, c) : new Uint32Array(wasm.memory.buffer, ptr >>> 0, c);
    out.set(view, done);
    done += c;
  }
  return out;
}

/** `count` more draws of `rng`, the same way. */
function tsDraws(rng: Rng, kind: number, n: number, count: number): number[] {
  const out = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    out[i] = kind === U32 ? rng.nextU32() : kind === FLOAT ? rng.nextFloat() : rng.nextInt(n);
  }
  return out;
}

/** Compares all draws (Object.is: bit-identical floats) and then the states. */
function compareDraws(what: string, rng: Rng, kind: number, n: number, count: number): void {
  const w = wasmDraws(kind, n, count);
  const t = tsDraws(rng, kind, n, count);
  let bad = -1;
  for (let i = 0; i < count && bad < 0; i++) if (!Object.is(w[i], t[i])) bad = i;
  expect(bad < 0 ? 'all equal' : `${what}: draw ${bad}: wasm ${w[bad]} ts ${t[bad]}`).toBe('all equal');
  expect(wasmState(), `${what}: state after ${count} draws`).toEqual(rng.state());
}

const SEEDS = [0, 1, -1, 2 ** 31, 0xffffffff, 42, 123456789, -987654321, 2 ** 53 - 1];

describe('known answers from the reference C code', () => {
  // Produced by tests/differential/rng-reference.c (the published xoshiro128**, Blackman & Vigna,
  // https://prng.di.unimi.it/xoshiro128starstar.c, plus splitmix32 seeding as written in rng.ts):
  //   gcc -O2 -o ref rng-reference.c && ./ref
  // Independent of both implementations under test.
  const RAW: { state: number[]; draws: number[]; after: number[] }[] = [
    {
      state: [1, 2, 3, 4],
      draws: [0x00002d00, 0x00000000, 0x005a7080, 0x04389d80, 0x79199d9b, 0x61963b24, 0x4cb9b57a, 0xde9d7431, 0xde458f35, 0xfdce1a54, 0x1422dcbd, 0x7fb4d43b],
      after: [0x2bac0831, 0xe580f136, 0x41765cc8, 0x5bf4ff83],
    },
    {
      state: [0x01234567, 0x89abcdef, 0xdeadbeef, 0xcafef00d],
      draws: [0x99998498, 0x4548108f, 0x3070d136, 0x16f7fa34, 0x738e0af0, 0x57a0a023, 0xe89aa15b, 0x8b97a845],
      after: [0x1a18ca03, 0x8e26d8b8, 0x9f4aec0a, 0x54626e88],
    },
  ];
  const DRAW_1000_FROM_1234 = 0xbcfd424b;
  const SEEDED: { seed: number; state: number[]; draws: number[] }[] = [
    { seed: 0, state: [0x92ca2f0e, 0x3cd6e3f3, 0x1b147dcc, 0x4c081dbf], draws: [0xe308dc58, 0x4392d0e4, 0x03318f97, 0xac593a63] },
    { seed: 1, state: [0x96a0f96b, 0x12bc8390, 0x971e9964, 0x79adc7e7], draws: [0x9190299e, 0xc1017b27, 0xe3af522f, 0x7d71fb05] },
    { seed: 0xffffffff, state: [0x36deb503, 0xfc2fb9b6, 0x2994c1b5, 0x6a06e134], draws: [0x31d28326, 0x728481f8, 0x8c70d5d1, 0x7066baf4] },
    { seed: 0x80000000, state: [0xbd12a56a, 0x122c23bd, 0x0c46d892, 0xbdb23649], draws: [0xe1241e15, 0x14491158, 0x61fd96ce, 0x078d5e9e] },
    { seed: 42, state: [0x3805ea2c, 0xeb5cd984, 0x1327aacb, 0xc5ba443d], draws: [0xa91e1cac, 0x207b36e9, 0x1c987ffa, 0xd09fde9e] },
  ];
  // Rng.forStream(seed, index): the derived seed and the first draws.
  const STREAMS: { seed: number; index: number; derived: number; draws: number[] }[] = [
    { seed: 0, index: 0, derived: 0xd3d29f24, draws: [0x2bcbb1b0, 0x55b4cbda, 0x8adc1cab, 0xb0340c68] },
    { seed: 0, index: 1, derived: 0x4be8e82c, draws: [0xf05d6d3e, 0x09d16651, 0x3ba97d09, 0xe02b5603] },
    { seed: 1, index: 0, derived: 0x8b789307, draws: [0x6cb4befc, 0x1e580e82, 0xcc1c9b43, 0x2c5d83b7] },
    { seed: 42, index: 7, derived: 0xc95030a2, draws: [0x69c6e262, 0x5f820c21, 0xe205066e, 0x4675f082] },
    { seed: 0xffffffff, index: 0xffffffff, derived: 0x42248043, draws: [0x200876cb, 0x0048d74e, 0x88b79706, 0x16c6fd68] },
  ];

  it('raw states: both sides give the reference outputs and end in the reference state', () => {
    for (const { state, draws, after } of RAW) {
      const [a, b, c, d] = state as [number, number, number, number];
      const rng = Rng.fromState(a, b, c, d);
      expect(tsDraws(rng, U32, 0, draws.length)).toEqual(draws);
      expect(rng.state()).toEqual(after);
      wasm.rngSetState(a, b, c, d);
      expect(Array.from(wasmDraws(U32, 0, draws.length))).toEqual(draws);
      expect(wasmState()).toEqual(after);
    }
    const rng = Rng.fromState(1, 2, 3, 4);
    wasm.rngSetState(1, 2, 3, 4);
    expect(tsDraws(rng, U32, 0, 1000)[999]).toBe(DRAW_1000_FROM_1234);
    expect(wasmDraws(U32, 0, 1000)[999]).toBe(DRAW_1000_FROM_1234);
  });

  it('splitmix32 seeding', () => {
    for (const { seed, state, draws } of SEEDED) {
      const rng = new Rng(seed);
      expect(rng.state()).toEqual(state);
      expect(tsDraws(rng, U32, 0, 4)).toEqual(draws);
      wasm.rngSeed(seed);
      expect(wasmState()).toEqual(state);
      expect(Array.from(wasmDraws(U32, 0, 4))).toEqual(draws);
    }
  });

  it('stream derivation (Rng.forStream)', () => {
    for (const { seed, index, derived, draws } of STREAMS) {
      const rng = Rng.forStream(seed, index);
      expect(rng.state()).toEqual(new Rng(derived).state());
      expect(tsDraws(rng, U32, 0, 4)).toEqual(draws);
      wasm.rngSeedStream(seed, index);
      expect(wasmState()).toEqual(new Rng(derived).state());
      expect(Array.from(wasmDraws(U32, 0, 4))).toEqual(draws);
    }
  });
});

describe('WASM and TS draw for draw', () => {
  it('nextU32: 2.25 M draws over 9 seeds (0, 1, -1, 2^31, 2^32-1, …), in batches', () => {
    for (const seed of SEEDS) {
      const rng = new Rng(seed);
      wasm.rngSeed(seed); // ToInt32 on the way in = seed mod 2^32, like `seed >>> 0`
      expect(wasmState(), `seed ${seed}`).toEqual(rng.state());
      for (const count of [1, 7, 16384, 50000, 183608]) compareDraws(`u32 seed ${seed}`, rng, U32, 0, count);
    }
    expect(new Rng(-1).state()).toEqual(new Rng(0xffffffff).state());
  });

  it('nextFloat: 0.9 M draws, bit-identical f64', () => {
    for (const seed of SEEDS) {
      const rng = new Rng(seed);
      wasm.rngSeed(seed);
      compareDraws(`float seed ${seed}`, rng, FLOAT, 0, 100_000);
    }
  });

  // Rejection rate (2^32 mod n) / 2^32: 0 for powers of two and 2^32, ~1/2 for 2^31+1, 1/4 for
  // 3·2^30, 1/3 for 0xaaaaaaab, 2^-32 for 2^32-1 (the edge cases below force those).
  const BOUNDS = [1, 2, 3, 6, 7, 1000, 2 ** 31, 2 ** 31 + 1, 3 * 2 ** 30, 0xaaaaaaab, 2 ** 32 - 1, 2 ** 32];
  const HEAVY = new Set([2 ** 31 + 1, 3 * 2 ** 30, 0xaaaaaaab]);

  it('nextInt(n): 2.7 M draws over 12 bounds × 3 seeds, same rejections', () => {
    for (const seed of [0, 7, 0xffffffff]) {
      for (const n of BOUNDS) {
        const rng = new Rng(seed);
        wasm.rngSeed(seed);
        compareDraws(`nextInt(${n}) seed ${seed}`, rng, INT, n, 75_000);
        // Rejection really happened where expected: more raw draws consumed than values returned.
        const raw = new Rng(seed);
        tsDraws(raw, U32, 0, 75_000);
        if (HEAVY.has(n)) expect(raw.state()).not.toEqual(rng.state());
        if (n === 1 || n === 2 || n === 2 ** 31 || n === 2 ** 32) expect(raw.state()).toEqual(rng.state());
      }
    }
  });

  /** A state whose next nextU32() is exactly x (s1 inverted through the ** scrambler). */
  function stateYielding(x: number): [number, number, number, number] {
    const inv = (a: bigint): bigint => {
      // a^-1 mod 2^32 by Newton iteration (a odd)
      let y = a;
      for (let i = 0; i < 5; i++) y = (y * (2n - a * y)) & 0xffffffffn;
      return y;
    };
    const y = Number((BigInt(x >>> 0) * inv(9n)) & 0xffffffffn);
    const m = ((y >>> 7) | (y << 25)) >>> 0;
    const s1 = Number((BigInt(m) * inv(5n)) & 0xffffffffn);
    return [0x12345678, s1, 0x9abcdef0, 0x0fedcba9];
  }

  it('nextInt(n) at the rejection limit: x = limit-1 is kept, x = limit is redrawn', () => {
    for (const n of BOUNDS) {
      const limit = 2 ** 32 - (2 ** 32 % n);
      for (const x of [limit - 1, limit, 2 ** 32 - 1, 0].filter((v) => v < 2 ** 32)) {
        const st = stateYielding(x);
        const rng = Rng.fromState(...st);
        expect(rng.clone().nextU32()).toBe(x);
        const v = rng.nextInt(n);
        const raw = Rng.fromState(...st);
        raw.nextU32();
        if (x < limit) {
          expect(v, `n ${n} x ${x}`).toBe(x % n);
          expect(rng.state()).toEqual(raw.state());
        } else {
          expect(rng.state(), `n ${n} x ${x} must redraw`).not.toEqual(raw.state());
        }
        wasm.rngSetState(...st);
        expect(wasmDraws(INT, n, 1)[0], `n ${n} x ${x}`).toBe(v);
        expect(wasmState()).toEqual(rng.state());
      }
    }
  });

  it('bad bounds are refused (TS throws, the test export returns -1)', () => {
    for (const n of [0, 1.5, 2 ** 32 + 1, -3]) {
      expect(() => new Rng(1).nextInt(n)).toThrow(InvalidInputError);
      expect(wasm.rngFill(INT, n, 1)).toBe(-1);
    }
  });

  it('shuffle: Fisher–Yates from the end, same permutations and states', () => {
    for (const seed of [0, 1, 0xffffffff, 99]) {
      const rng = new Rng(seed);
      wasm.rngSeed(seed);
      for (const len of [0, 1, 2, 3, 10, 52, 1000, 16384]) {
        const ts = rng.shuffle(Array.from({ length: len }, (_, i) => i));
        const ptr = wasm.rngShuffle(len) >>> 0;
        expect(Array.from(new Int32Array(wasm.memory.buffer, ptr, len)), `seed ${seed} len ${len}`).toEqual(ts);
        expect(wasmState()).toEqual(rng.state());
      }
    }
  });

  it('streams: 3 seeds × 2000 chunk indices, distinct states, same draws on both sides', () => {
    for (const seed of [0, 2024, 0xffffffff]) {
      const seen = new Set<string>([new Rng(seed).state().join()]);
      for (let index = 0; index < 2000; index++) {
        const rng = Rng.forStream(seed, index);
        const key = rng.state().join();
        expect(seen.has(key), `seed ${seed} index ${index}`).toBe(false);
        seen.add(key);
        wasm.rngSeedStream(seed, index);
        expect(wasmState()).toEqual(rng.state());
        compareDraws(`stream ${seed}/${index}`, rng, index % 2 === 0 ? U32 : INT, 6, 64);
      }
    }
    expect(Rng.forStream(-1, 5).state()).toEqual(Rng.forStream(0xffffffff, 5).state());
    for (const index of [-1, 2 ** 32, 0.5, NaN]) expect(() => Rng.forStream(1, index)).toThrow(InvalidInputError);
  });
});
