// Monty Hall simulation: the WASM kernel (core-as/assembly/monty) against the TS reference
// (engine/src/monty/ts-kernel.ts), every counter equal for the same seed (docs/contracts/monty.md),
// over many seeds and games; plus chunking: any step budgets and any split of the chunks over
// tasks give the same counts.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKernels, Rng } from '@searchlab/engine';
import { createMontyRun, normalizeGame, createKernel, type MontyGame, type MontyKernel } from '@searchlab/engine/monty';
// Internals (the kernels, the chunking) from the engine's sources: not part of the public surface.
import { CHUNK_GAMES, type Counters } from '../../packages/engine/src/monty/model.js';
import { DoorSet, createTsKernel } from '../../packages/engine/src/monty/ts-kernel.js';
import { createWasmKernel } from '../../packages/engine/src/monty/wasm-kernel.js';
import { splitTasks, sumCounters, type MontyChunkTask } from '../../packages/engine/src/monty/run.js';
import { freshKernels } from '../../packages/engine/src/core/kernels.js';
import { hooks, loadTestingKernels } from '../support/kernels.js';

let kernels: Awaited<ReturnType<typeof loadKernels>>;
/** The testing build (its hook picks the loop of the 3-door games). */
let testing: typeof kernels;
beforeAll(async () => {
  kernels = await loadKernels();
  testing = await loadTestingKernels();
});

/** A kernel on a fresh instance of the testing build whose 3-door games take loop `mode` (0 SIMD, 1 scalar, 2 SIMD replayed on the scalar loop). */
function kernelWithLoop(mode: number, game: MontyGame, seed: number): MontyKernel {
  const k = freshKernels(testing);
  hooks(k).montyScalarOnly(mode);
  return createWasmKernel(k, game, seed); // an idle instance: the run leases k itself
}

/** A task's counters, run to its end in this thread. */
function runChunkTask(task: MontyChunkTask, withKernels?: typeof kernels): Counters {
  const run = createMontyRun(createKernel(task.backend, task.game, task.seed, withKernels), task.trials, task);
  try {
    for (;;) {
      const o = run.step(CHUNK_GAMES);
      if (o !== null) return o.counters;
    }
  } finally {
    run.dispose();
  }
}

/** Plays `games` of each chunk in `chunks` in slices of `slice` games. */
function play(kernel: MontyKernel, chunks: number[], games: number, slice: number): Counters {
  try {
    for (const c of chunks) {
      kernel.begin(c);
      for (let left = games; left > 0; left -= slice) kernel.play(Math.min(slice, left));
    }
    return kernel.counters();
  } finally {
    kernel.dispose();
  }
}

const hosts = ['standard', 'ignorant', 'biased'] as const;

describe('monty WASM vs TS', () => {
  it('agrees on the 3-door game for 300 seeds of every host (fast path)', () => {
    const rng = new Rng(2024);
    for (let i = 0; i < 300; i++) {
      const seed = i < 5 ? [0, 1, -1, 2 ** 31, 2 ** 32 - 1][i]! : rng.nextU32();
      const game = normalizeGame({ host: hosts[i % 3], bias: rng.nextInt(101) / 100, switchProbability: rng.nextInt(101) / 100 });
      const chunks = [0, 1 + rng.nextInt(1000)];
      const ts = play(createTsKernel(game, seed), chunks, 2000, 777);
      const wasm = play(createWasmKernel(kernels, game, seed), chunks, 2000, 2000);
      expect(wasm, `seed ${seed} ${JSON.stringify(game)}`).toEqual(ts);
    }
  });

  it('agrees on generalised games (n doors, k opened) for 300 random settings', () => {
    const rng = new Rng(77);
    for (let i = 0; i < 300; i++) {
      const doors = 3 + rng.nextInt(i % 10 === 0 ? 200 : 8);
      const game: MontyGame = normalizeGame({
        doors,
        open: 1 + rng.nextInt(doors - 2),
        host: hosts[i % 3],
        bias: [0, 1, 0.5, rng.nextFloat()][i % 4],
        switchProbability: [1, 0, rng.nextFloat()][i % 3],
      });
      const seed = rng.nextU32();
      const games = doors > 20 ? 100 : 1000;
      const chunks = [rng.nextInt(50)];
      expect(play(createWasmKernel(kernels, game, seed), chunks, games, games), `seed ${seed} ${JSON.stringify(game)}`).toEqual(
        play(createTsKernel(game, seed), chunks, games, 333),
      );
    }
  });

  it('agrees at 16,384 and 65,536 doors (the Fenwick tree of closed doors, issue 25), and matches a linear scan', () => {
    const rng = new Rng(2525);
    for (let i = 0; i < 12; i++) {
      const doors = i % 2 === 0 ? 16_384 : 65_536;
      const open = [1, doors - 2, 1 + rng.nextInt(doors - 2)][i % 3]!;
      const game: MontyGame = normalizeGame({ doors, open, host: hosts[i % 3], bias: rng.nextFloat(), switchProbability: rng.nextFloat() });
      const seed = rng.nextU32();
      const games = open > 1000 ? 3 : 200;
      expect(play(createWasmKernel(kernels, game, seed), [i], games, games), `${JSON.stringify(game)}`).toEqual(
        play(createTsKernel(game, seed), [i], games, 2),
      );
    }
  });

  it('the door set finds the h-th closed door other than a and b as a scan does', () => {
    const rng = new Rng(11);
    for (const n of [3, 4, 5, 17, 64, 1000]) {
      const set = new DoorSet(n);
      const open = new Uint8Array(n);
      for (let round = 0; round < 40; round++) {
        const a = rng.nextInt(n);
        const b = rng.nextInt(n);
        const closed = [...Array(n).keys()].filter((d) => open[d] === 0 && d !== a && d !== b);
        if (closed.length > 0) {
          const h = rng.nextInt(closed.length);
          expect(set.nth(h, a, b), `n ${n} h ${h} a ${a} b ${b}`).toBe(closed[h]);
          if (rng.nextInt(3) > 0) {
            set.open(closed[h]!);
            open[closed[h]!] = 1;
          }
        }
        if (rng.nextInt(8) === 0) {
          set.closeAll();
          open.fill(0);
        }
      }
    }
  });

  it('the SIMD 3-door blocks, the scalar loop and the SIMD fallback give the same counters', () => {
    const rng = new Rng(5);
    for (let i = 0; i < 60; i++) {
      // q and p at 0 and 1 too (coin thresholds 0 and 2^32); 4099 games: two SIMD batches of 256 blocks and a tail
      const bias = [0, 1, rng.nextFloat(), rng.nextFloat()][(i >> 2) % 4]!;
      const game = normalizeGame({ host: hosts[i % 3], bias, switchProbability: [0, 1, rng.nextFloat()][i % 3] });
      const seed = rng.nextU32();
      // odd slices: games start on every lane, blocks straddle the calls
      const [simd, scalar, fallback] = [0, 1, 2].map((mode) => play(kernelWithLoop(mode, game, seed), [3, 0], 4099, 1 + (i % 7) * 3));
      expect(scalar, `seed ${seed}`).toEqual(simd);
      expect(fallback).toEqual(simd);
      expect(simd).toEqual(play(createTsKernel(game, seed), [3, 0], 4099, 4099));
    }
  });

  it('counts every game once: games + excluded = played, wins ≤ games', () => {
    const game = normalizeGame({ doors: 5, open: 2, host: 'ignorant' });
    const c = play(createWasmKernel(kernels, game, 9), [0], 5000, 5000);
    expect(c[0]! + c[1]! + c[2]!).toBe(5000);
    for (let s = 0; s < 3; s++) {
      expect(c[3 + 2 * s]!).toBeLessThanOrEqual(c[1]!);
      expect(c[4 + 2 * s]!).toBeLessThanOrEqual(c[2]!);
    }
  });
});

describe('monty chunks', () => {
  const game = normalizeGame({ host: 'biased', bias: 0.3 });
  const trials = 2 * CHUNK_GAMES + 12345;

  it('gives the same counts for any step budgets, backends and task splits', () => {
    const base = { game, trials, seed: 42, backend: 'wasm' as const };
    const whole = runChunkTask({ ...base, first: 0, count: 3 }, kernels);
    expect(whole[1]! + whole[2]!).toBe(trials);
    for (const parts of [2, 3]) {
      const split = splitTasks(base, parts);
      expect(split.length).toBe(parts);
      expect(sumCounters(split.reverse().map((t) => runChunkTask(t, kernels)))).toEqual(whole);
    }
    // odd budgets crossing chunk boundaries
    const run = createMontyRun(createWasmKernel(kernels, game, 42), trials);
    let out = null;
    while ((out = run.step(999_983)) === null);
    run.dispose();
    expect(out.counters).toEqual(whole);
  });

  it('the TS reference gives the same counts over a chunk boundary', () => {
    const t = CHUNK_GAMES + 5000;
    const base = { game, trials: t, seed: -7, first: 0, count: 2 };
    expect(runChunkTask({ ...base, backend: 'ts' })).toEqual(runChunkTask({ ...base, backend: 'wasm' }, kernels));
  });
});
