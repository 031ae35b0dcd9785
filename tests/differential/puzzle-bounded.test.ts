// Bounded-suboptimal search, WASM against the TS reference (docs/contracts/search.md "wida",
// "anytime"): weighted IDA* with an incumbent, and the anytime sequence of wida runs, must agree
// node for node (counts, paths, thresholds, every improvement and lower bound). wida without an
// incumbent is also in every KERNEL_COMBOS suite (helpers.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKernels, type Kernels } from '../../packages/engine/src/core/kernels.js';
import { createAnytimeRun, createWidaRun } from '../../packages/engine/src/puzzle/optimistic.js';
import { goalBoard, goalLike } from '../../packages/engine/src/puzzle/board.js';
import { randomSolvable, randomWalk } from '../../packages/engine/src/puzzle/generate.js';
import { normalizeOptions, weightFraction, type HeuristicName, type NormalizedSolveOptions } from '../../packages/engine/src/puzzle/options.js';
import { PDB_SPECS } from '../../packages/engine/src/puzzle/pdb.js';
import { loadPdb } from '../../packages/engine/src/puzzle/pdb-store.js';
import { createTsPuzzleRun } from '../../packages/engine/src/puzzle/ts-run.js';
import { createWasmPuzzleRun } from '../../packages/engine/src/puzzle/wasm-run.js';
import type { Board } from '../../packages/engine/src/puzzle/types.js';
import { drain } from './helpers.js';
import { readFileSync } from 'node:fs';
import { applyMoves, boardsEqual } from '../../packages/engine/src/puzzle/board.js';
import { parseBoard } from '../../packages/engine/src/puzzle/parse.js';
import { solvePuzzle } from '../../packages/engine/src/puzzle/solve.js';

let kernels: Kernels;
beforeAll(async () => {
  kernels = await loadKernels();
});

const HEURISTICS: HeuristicName[] = ['misplaced', 'manhattan', 'euclidean', 'linear-conflict'];
const WEIGHTS = [1, 1.1, 1.2, 1.25, 1.5, 2, 3, 1.337];
const BUDGETS = [1 << 30, 1, 5, 97];

/** One wida run (given incumbent) on both backends: outcome, counts, path and final threshold. */
function widaBoth(start: Board, goal: Board, o: NormalizedSolveOptions, budget: number) {
  const observe = (run: ReturnType<typeof createTsPuzzleRun>) => {
    const threshold = () => run.threshold?.();
    const out = drain({ ...run, dispose: () => {} }, budget);
    const t = threshold();
    run.dispose();
    return { ...out, threshold: t };
  };
  return { ts: observe(createTsPuzzleRun(start, goal, o)), wasm: observe(createWasmPuzzleRun(kernels, start, goal, o)) };
}

/** A wida or anytime sequence on both backends: improvements and lower bounds as streamed (times left out), outcome, final state. */
function sequenceBoth(start: Board, goal: Board, o: NormalizedSolveOptions, budget: number) {
  const observe = (single: (x: NormalizedSolveOptions) => ReturnType<typeof createTsPuzzleRun>) => {
    const seen: unknown[] = [];
    const run = (o.algorithm === 'anytime' ? createAnytimeRun : createWidaRun)(o, single, {
      onImprovement: ({ stats: { timeMs: _t, ...stats }, ...i }) => seen.push({ ...i, stats }),
      onLowerBound: (lowerBound, { timeMs: _t, ...stats }) => seen.push({ lowerBound, stats }),
    });
    const out = drain(run, budget);
    const { improvements: _i, ...state } = run.state;
    return { out, seen, state };
  };
  return {
    ts: observe((x) => createTsPuzzleRun(start, goal, x)),
    wasm: observe((x) => createWasmPuzzleRun(kernels, start, goal, x)),
  };
}

describe('wida with an incumbent: WASM = TS', () => {
  it('3×3 and 4×3 boards, every heuristic, weights and incumbents, small step budgets', () => {
    let found = 0,
      pruned = 0;
    for (let s = 0; s < 60; s++) {
      const w = s % 3 === 2 ? 4 : 3;
      const goal = goalBoard(w, 3, s % 2 === 0 ? 'blank-last' : 'blank-first');
      const start = w === 3 ? randomSolvable(goal, 700 + s) : randomWalk(goal, 16 + (s % 16), 700 + s).board;
      const heuristic = HEURISTICS[s % HEURISTICS.length]!;
      const weight = WEIGHTS[s % WEIGHTS.length]!;
      // Incumbents around the optimum (A* manhattan gives it): above, equal, below (then exhausted).
      const opt = drain(createWasmPuzzleRun(kernels, start, goal, normalizeOptions({ algorithm: 'astar', heuristic: 'linear-conflict' })), 1 << 30).length!;
      for (const incumbent of [Infinity, opt + 4, opt + 1, opt]) {
        const o = { ...normalizeOptions({ algorithm: 'wida', heuristic, weight, maxNodes: 4000 }), incumbent };
        const { ts, wasm } = widaBoth(start, goal, o, BUDGETS[s % BUDGETS.length]!);
        expect(wasm, `${heuristic} w=${weight} incumbent ${incumbent} on ${start.cells.join(' ')}`).toEqual(ts);
        if (ts.outcome === 'found') {
          found++;
          expect(ts.length!).toBeLessThan(incumbent);
        }
        if (incumbent === opt) {
          expect(ts.outcome === 'exhausted' || ts.outcome === 'node-limit').toBe(true);
          if (ts.outcome === 'exhausted') pruned++;
        }
      }
    }
    expect(found).toBeGreaterThan(80);
    expect(pruned).toBeGreaterThan(20);
  });

  it('wida at w = 1 is IDA* (integer heuristics; euclidean thresholds are raised to integers): the same counts and path', () => {
    const goal = goalBoard(4, 4);
    const integer = HEURISTICS.filter((h) => h !== 'euclidean');
    for (let s = 0; s < 16; s++) {
      const start = randomWalk(goal, 16 + s, 900 + s).board;
      const heuristic = integer[s % integer.length]!;
      const ida = drain(createWasmPuzzleRun(kernels, start, goal, normalizeOptions({ algorithm: 'idastar', heuristic })), 1 << 30);
      const { ts, wasm } = widaBoth(start, goal, normalizeOptions({ algorithm: 'wida', heuristic, weight: 1 }), 1 << 30);
      expect(wasm).toEqual(ts);
      const { threshold: _t, ...rest } = wasm;
      expect(rest).toEqual(ida);
    }
  });
});

describe("wida runs with a threshold range (the prover's single iterations): WASM = TS", () => {
  it('first = last = T: one iteration at max(h, T), then exhausted with the next threshold, or found optimal', () => {
    let stopped = 0,
      optimal = 0;
    for (let s = 0; s < 30; s++) {
      const goal = goalBoard(s % 3 === 2 ? 4 : 3, 3);
      const start = randomWalk(goal, 12 + (s % 14), 2100 + s).board;
      const heuristic = (['manhattan', 'linear-conflict', 'misplaced'] as const)[s % 3];
      const opt = drain(createWasmPuzzleRun(kernels, start, goal, normalizeOptions({ algorithm: 'astar', heuristic: 'linear-conflict' })), 1 << 30).length!;
      for (const t of [0, opt - 4, opt - 2, opt - 1, opt]) {
        const o = { ...normalizeOptions({ algorithm: 'wida', heuristic, weight: 1 }), firstThreshold: t, lastThreshold: t };
        const { ts, wasm } = widaBoth(start, goal, o, BUDGETS[s % BUDGETS.length]!);
        expect(wasm, `${heuristic} T=${t} on ${start.cells.join(' ')}`).toEqual(ts);
        expect(ts.iterations).toBe(1);
        if (ts.outcome === 'found') {
          expect(ts.length).toBe(opt); // IDA* at a threshold ≤ the optimum finds only optimal paths
          optimal++;
        } else {
          expect(ts.outcome).toBe('exhausted');
          expect(ts.threshold!).toBeGreaterThan(Math.max(t, 0));
          expect(ts.threshold!).toBeLessThanOrEqual(opt); // the next threshold is a lower bound
          stopped++;
        }
      }
    }
    expect(stopped).toBeGreaterThan(40);
    expect(optimal).toBeGreaterThan(10);
  });
});

describe('wida (optimistic): WASM = TS, and the bound holds', () => {
  it('3×3 and 4×4 boards, every heuristic, weights 1 to 3, small step budgets and node limits', () => {
    let solved = 0,
      limited = 0;
    for (let s = 0; s < 40; s++) {
      const big = s % 4 === 0;
      const goal = goalBoard(big ? 4 : 3, big ? 4 : 3, s % 2 ? 'blank-first' : 'blank-last');
      const start = big ? randomWalk(goal, 24 + (s % 12), 2300 + s).board : randomSolvable(goal, 2300 + s);
      const heuristic = HEURISTICS[s % HEURISTICS.length]!;
      const weight = WEIGHTS[s % WEIGHTS.length]!;
      const maxNodes = s % 5 === 4 ? 300 : 200_000;
      const o = normalizeOptions({ algorithm: 'wida', heuristic, weight, maxNodes });
      const { ts, wasm } = sequenceBoth(start, goal, o, BUDGETS[s % BUDGETS.length]!);
      expect(wasm, `${heuristic} w=${weight} on ${start.cells.join(' ')}`).toEqual(ts);
      const opt = drain(createWasmPuzzleRun(kernels, start, goal, normalizeOptions({ algorithm: 'astar', heuristic: 'linear-conflict' })), 1 << 30).length!;
      expect(ts.state.lowerBound).toBeLessThanOrEqual(opt);
      if (ts.out.outcome === 'found') {
        const { num, den } = weightFraction(weight);
        expect(den * ts.out.length!).toBeLessThanOrEqual(num * ts.state.lowerBound); // proven: length ≤ w × lower bound
        expect(den * ts.out.length!).toBeLessThanOrEqual(num * opt); // and so ≤ w × optimal
        solved++;
      } else {
        expect(ts.out.outcome).toBe('node-limit');
        limited++;
      }
    }
    expect(solved).toBeGreaterThan(25);
    expect(limited).toBeGreaterThan(3);
  });
});

/** Korf's instances (data/): id, published optimum, board. */
function korf(file: string, size: number) {
  return readFileSync(new URL(`../../data/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => /^\d/.test(l))
    .map((l) => {
      const [id, optimal, tiles] = l.split('\t');
      const start = parseBoard(tiles!, { size });
      return { id: +id!, optimal: +optimal!, start, goal: goalLike(start, 'blank-first') };
    });
}

describe('wida on published instances: every length within w × the published optimum', () => {
  it.each([
    ['15-puzzle, Korf 100 (cheap ones), pdb555', 'korf100.tsv', 4, 'pdb555', [1, 3, 6, 12, 16, 21, 28, 37, 42, 48]],
    ['24-puzzle, Korf 50 (cheap ones), pdb55554', 'korf24-50.tsv', 5, 'pdb55554', [5, 22, 28, 32, 40]],
  ] as const)(
    '%s',
    async (_label, file, size, heuristic, ids) => {
      for (const k of korf(file, size).filter((x) => (ids as readonly number[]).includes(x.id))) {
        for (const weight of [1.2, 1.5]) {
          const r = await solvePuzzle(k.start, k.goal, { algorithm: 'wida', weight, heuristic, maxNodes: 50_000_000 });
          expect(r.status, `#${k.id} w=${weight}`).toBe('solved');
          expect(boardsEqual(applyMoves(k.start, r.moves!), k.goal)).toBe(true);
          const { num, den } = weightFraction(weight);
          expect(den * r.length!, `#${k.id} w=${weight}: ${r.length} vs optimal ${k.optimal}`).toBeLessThanOrEqual(num * k.optimal);
          expect(r.lowerBound!).toBeLessThanOrEqual(k.optimal);
          expect(den * r.length!).toBeLessThanOrEqual(num * r.lowerBound!);
          expect(r.bound).toBe(weight);
        }
      }
    },
    120_000,
  );
});

describe('anytime: WASM = TS, improvement for improvement', () => {
  it('3×3 and 4×4 boards, every heuristic, start weights 1 to 5, small step budgets', () => {
    let improvements = 0,
      optimal = 0;
    for (let s = 0; s < 36; s++) {
      const big = s % 4 === 0;
      const goal = goalBoard(big ? 4 : 3, big ? 4 : 3);
      const start = big ? randomWalk(goal, 18 + (s % 10), 1200 + s).board : randomSolvable(goal, 1200 + s);
      const heuristic = HEURISTICS[s % HEURISTICS.length]!;
      const weight = [5, 3, 2, 1.5, 1][s % 5]!;
      const o = normalizeOptions({ algorithm: 'anytime', heuristic, weight, maxNodes: 40_000 });
      const { ts, wasm } = sequenceBoth(start, goal, o, BUDGETS[s % BUDGETS.length]!);
      expect(wasm, `${heuristic} w=${weight} on ${start.cells.join(' ')}`).toEqual(ts);
      improvements += ts.seen.length;
      if (ts.state.optimal) optimal++;
    }
    expect(improvements).toBeGreaterThan(50);
    expect(optimal).toBeGreaterThan(20);
  });

  it('countBlank (inadmissible): the same improvements, no bound claimed', () => {
    const goal = goalBoard(3, 3);
    for (let s = 0; s < 10; s++) {
      const start = randomSolvable(goal, 1400 + s);
      const o = normalizeOptions({ algorithm: 'anytime', heuristic: 'manhattan', countBlank: true, weight: 3, maxNodes: 20_000 });
      const { ts, wasm } = sequenceBoth(start, goal, o, BUDGETS[s % BUDGETS.length]!);
      expect(wasm).toEqual(ts);
      expect(ts.state.optimal).toBe(false);
      expect(ts.state.lowerBound).toBe(0);
      for (const i of ts.seen as { bound?: number }[]) expect(i.bound).toBeUndefined();
    }
  });
});

describe('bounded methods with the 5-5-5 pattern databases: WASM = TS', () => {
  it('wida runs (with incumbents), the wida sequence and anytime on 15-puzzle random walks', async () => {
    await loadPdb(PDB_SPECS.pdb555); // the runs look the tables up by the heuristic's name
    const goal = goalBoard(4, 4, 'blank-first');
    for (let s = 0; s < 4; s++) {
      const start = randomWalk(goal, 30 + 3 * s, 1500 + s).board;
      const reflect = s % 2 === 0;
      const base = normalizeOptions({ algorithm: 'wida', heuristic: 'pdb555', pdbReflect: reflect, weight: WEIGHTS[s % WEIGHTS.length]!, maxNodes: 10_000 });
      for (const incumbent of [Infinity, 30]) {
        const { ts, wasm } = widaBoth(start, goal, { ...base, incumbent }, BUDGETS[s % BUDGETS.length]!);
        expect(wasm).toEqual(ts);
      }
      const any = sequenceBoth(start, goal, { ...base, algorithm: 'anytime', weight: 2 }, 997);
      expect(any.wasm).toEqual(any.ts);
      expect(any.ts.seen.length).toBeGreaterThan(0);
      const wida = sequenceBoth(start, goal, { ...base, weight: 1.2, maxNodes: 200_000 }, 997);
      expect(wida.wasm).toEqual(wida.ts);
      expect(wida.ts.out.outcome).toBe('found');
    }
  });
});
