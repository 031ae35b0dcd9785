// N-Queens, WASM vs the TS reference: thousands of seeded runs of every algorithm must end with the
// same status, the same board and the same counters (steps, moves, escapes, restarts, conflicts,
// hill-climbing's score history), whatever the step budgets; every solved board is also checked
// by a pairwise verifier written here. And every counting subproblem for N ≤ 11 gives the same
// solutions and nodes on both. Contract: docs/contracts/queens.md.
import { describe, expect, test } from 'vitest';
import { loadKernels, Rng } from '@searchlab/engine';
import {
  QUEENS_ALGORITHMS,
  construct,
  createTsQueensRun,
  normalizeQueensOptions,
  streamPositions,
  type QueensAlgorithm,
  type QueensRun,
} from '@searchlab/engine/queens';
// Internals (the counting split, the WASM runs, the format chunk) from the engine's sources.
import { countSubproblems, createTsCountRun, type CountTask } from '../../packages/engine/src/queens/count.js';
import { createWasmCountRun, createWasmQueensRun } from '../../packages/engine/src/queens/wasm-run.js';
import { FORMAT_CHUNK } from '../../packages/engine/src/queens/format.js';

function pairwiseOk(p: ArrayLike<number>): boolean {
  for (let i = 0; i < p.length; i++)
    for (let j = i + 1; j < p.length; j++) {
      if (p[i] === p[j] || Math.abs(p[i]! - p[j]!) === j - i) return false;
    }
  return true;
}

function drain(run: QueensRun, budget: () => number) {
  try {
    for (;;) {
      const out = run.step(budget());
      if (out !== null) return { outcome: out.kind, ...run.stats(), positions: Array.from(run.positions()), history: run.history() };
    }
  } finally {
    run.dispose();
  }
}

/** Step caps that keep the suite short: runs that hit them are compared too (status 'limit'). */
function maxStepsFor(algorithm: QueensAlgorithm, n: number): number {
  if (algorithm === 'hill-climbing' || algorithm === 'restart') return n <= 24 ? 20_000 : 30;
  return 30_000;
}

const SEEDS = [0, 1, -1, 2 ** 31, 2 ** 32 - 1, 42];

describe('queens: WASM agrees exactly with the TS reference', async () => {
  const kernels = await loadKernels();

  // Past one chunk (2^16 rows, columns or draws: the unit the set-up and the scans pause at), with
  // budgets of a few units, so that runs pause inside set-up passes and inside scans (issue 25).
  test.each(['hill-climbing', 'restart', 'annealing', 'min-conflicts'] as const)('%s: N = 150,000 pausing inside set-up and scans', (algorithm) => {
    const budgets = new Rng(25);
    const maxSteps = algorithm === 'hill-climbing' || algorithm === 'restart' ? 0 : algorithm === 'annealing' ? 5000 : 40;
    const o = normalizeQueensOptions(150_000, { algorithm, seed: 9, maxSteps });
    const ts = drain(createTsQueensRun(o), () => 1 + budgets.nextInt(3));
    const wasm = drain(createWasmQueensRun(kernels, o), () => 1 + budgets.nextInt(4));
    expect(wasm).toEqual(ts);
    expect(ts.steps).toBe(maxSteps);
  });

  // fast's phase-1 and phase-2 starts and construct's rows also pause between chunks (issue 25, round 3):
  // budgets of a few units stop them inside every pass, larger ones inside chunks of attempts.
  test.each(['fast', 'construct'] as const)('%s: N = 150,000 pausing inside set-up', (algorithm) => {
    const budgets = new Rng(26);
    const budget = () => (budgets.nextInt(2) === 0 ? 1 + budgets.nextInt(4) : 1 + budgets.nextInt(200_000));
    const o = normalizeQueensOptions(150_000, { algorithm, seed: 5 });
    const ts = drain(createTsQueensRun(o), budget);
    const wasm = drain(createWasmQueensRun(kernels, o), budget);
    expect(wasm).toEqual(ts);
    expect(ts.outcome).toBe('solved');
    if (algorithm === 'construct') expect(ts.positions).toEqual(Array.from(construct(150_000)));
  });
  for (const algorithm of QUEENS_ALGORITHMS) {
    test(`${algorithm}: N = 1..200 × seeds, random budgets`, () => {
      const budgets = new Rng(7);
      let solved = 0,
        cases = 0;
      for (let n = 1; n <= 200; n++) {
        const seeds = n <= 40 ? SEEDS : [SEEDS[n % SEEDS.length]!, n * 7919];
        for (const seed of seeds) {
          const o = normalizeQueensOptions(n, { algorithm, seed, maxSteps: maxStepsFor(algorithm, n), escapeMoves: n <= 8 ? n : undefined });
          const ts = drain(createTsQueensRun(o), () => 1 + budgets.nextInt(5000));
          const wasm = drain(createWasmQueensRun(kernels, o), () => 1 + budgets.nextInt(3) * budgets.nextInt(100_000));
          expect(wasm, `${algorithm} N=${n} seed=${seed}`).toEqual(ts);
          cases++;
          if (ts.outcome === 'solved') {
            solved++;
            expect(pairwiseOk(ts.positions), `${algorithm} N=${n} seed=${seed}`).toBe(true);
          }
        }
      }
      // The comparison means something only if most runs really solve.
      const floor = algorithm === 'hill-climbing' || algorithm === 'restart' ? 0.1 : algorithm === 'annealing' ? 0.4 : 0.9;
      expect(solved / cases).toBeGreaterThan(floor);
    });
  }

  test('annealing with other schedules and hill-climbing with other escapes', () => {
    for (let i = 0; i < 200; i++) {
      const n = 4 + (i % 30);
      for (const extra of [
        { algorithm: 'annealing' as const, t0: 0.5 + i / 50, alpha: 0.99 + i / 40_000, tMin: 0.01 + i / 1000 },
        { algorithm: 'hill-climbing' as const, escapeMoves: 1 + (i % 7) },
      ]) {
        const o = normalizeQueensOptions(n, { ...extra, seed: i, maxSteps: 5000 });
        expect(
          drain(createWasmQueensRun(kernels, o), () => 333),
          `${JSON.stringify(extra)} N=${n}`,
        ).toEqual(drain(createTsQueensRun(o), () => 1000));
      }
    }
  });

  test('fast at seeded larger N', () => {
    for (const [n, seed] of [
      [1000, 3],
      [5000, 4],
      [20_000, 5],
      [100_000, 6],
    ] as const) {
      const o = normalizeQueensOptions(n, { algorithm: 'fast', seed });
      const ts = drain(createTsQueensRun(o), () => 100_000);
      expect(ts.outcome).toBe('solved');
      expect(drain(createWasmQueensRun(kernels, o), () => 1 << 20)).toEqual(ts);
    }
  });

  const countBoth = (task: CountTask, wasmBudget: number, tsBudget: number) => {
    const run = (r: ReturnType<typeof createTsCountRun>, budget: number) => {
      try {
        for (;;) {
          const o = r.step(budget);
          if (o) return o;
        }
      } finally {
        r.dispose();
      }
    };
    expect(run(createWasmCountRun(kernels, task), wasmBudget), JSON.stringify(task)).toEqual(run(createTsCountRun(task), tsBudget));
  };

  test('counting on u16 lanes (N ≤ 17): every subproblem for N = 1..12 and the first ones of 13..16, same solutions and nodes, odd budgets', () => {
    let tasks = 0;
    for (let n = 1; n <= 16; n++) {
      // N ≥ 13: a few tasks, corner and side (side tasks keep rows 2..N−4 in the three u16 history fields).
      const all = countSubproblems(n);
      for (const task of n <= 12 ? all : [all[0]!, all.at(-1)!]) {
        countBoth(task, 1 + (tasks % 97), 1 + (tasks % 13) * 300);
        tasks++;
      }
    }
    expect(tasks).toBeGreaterThan(150);
  });

  const pick = (n: number, prefixes: number[][]) => countSubproblems(n).filter((t) => prefixes.some((p) => p.join() === t.prefix.join()));

  test('counting at N = 17 (u16 lanes, 16 packed columns) and 18 (u32 lanes): corner and side subproblems, same solutions and nodes', () => {
    // N = 17 side tasks fill every bit of the three u16 history fields (rows 2..13; row 14's column is the one left over);
    // B1 = 1..7 between them ([1, 16]: row B2 = 15 is the last but one). N = 18: the five u32 fields are dealt rows
    // 2..14 (bits 0, 5 and 10); rows up to 29 (N = 32) use the same code, but no task of that size counts in a test's time.
    // The rotation check reads row B2 from the history, from the last but one row ([1, 15]: a million solutions) or as
    // the column the others leave ([2, 15]: B2 = N − 3) before it decides whether the board is needed.
    const tasks = [
      ...pick(17, [
        [0, 15],
        [7, 10],
        [7, 9],
        [7, 15],
        [6, 8],
        [5, 7],
        [1, 16],
        [1, 15],
        [2, 15],
      ]),
      ...pick(18, [
        [8, 10],
        [7, 9],
      ]),
    ];
    expect(tasks).toHaveLength(11);
    for (const [i, task] of tasks.entries()) countBoth(task, 1 + i * 50_000, 1000);
  });

  test('positions formatter: the same bytes as Array.join on both backends, across chunk boundaries', async () => {
    const rng = new Rng(7);
    const edges = [
      0, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 12345678, 99999999, 100000000, 100000001, 999999999, 1000000000, 2147483647, -1, -10000, -2147483648,
    ];
    for (const length of [0, 1, 2, 37, FORMAT_CHUNK, FORMAT_CHUNK + 1, 2 * FORMAT_CHUNK + 12345]) {
      const p = new Int32Array(length);
      for (let i = 0; i < length; i++) {
        const kind = rng.nextInt(4);
        p[i] = kind === 0 ? edges[rng.nextInt(edges.length)]! : kind === 1 ? rng.nextInt(100000) : kind === 2 ? rng.nextInt(200000000) : rng.nextU32() | 0;
      }
      const expected = Buffer.from(Array.from(p).join(','), 'latin1');
      for (const backend of ['wasm', 'ts'] as const) {
        const parts: Buffer[] = [];
        await streamPositions(
          p,
          async (chunk) => {
            parts.push(Buffer.from(chunk));
          },
          backend,
        );
        expect(Buffer.concat(parts).equals(expected), `${backend}, ${length} values`).toBe(true);
      }
    }
  });
});
