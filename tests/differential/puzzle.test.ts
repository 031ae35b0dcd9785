// WASM kernels vs the TS reference on sliding-tile puzzles (docs/contracts/search.md): for every
// algorithm with a kernel and every heuristic, both backends must return the same outcome, moves
// and node counts (expanded, generated, unique, maxFrontier, iterations) — exactly, including
// Euclidean and weighted f, which both compute with the same f64 operations in the same order.
//
// Runs are capped with maxNodes so that BFS/UCS and weak heuristics stay cheap; a capped run still
// has to stop at the same counts on both sides. The WASM side is stepped with small budgets on
// some instances so that resuming a search from linear memory is exercised too.
// Instances: 160 + 140 + 60 + 34 here, 180 + 470 in puzzle-shapes.test.ts (walls, odd shapes).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKernels, type Kernels } from '../../packages/engine/src/core/kernels.js';
import { createWasmPuzzleRun } from '../../packages/engine/src/puzzle/wasm-run.js';
import { normalizeOptions } from '../../packages/engine/src/puzzle/options.js';
import { randomSolvable, randomWalk } from '../../packages/engine/src/puzzle/generate.js';
import { applyMoves, goalBoard } from '../../packages/engine/src/puzzle/board.js';
import { Rng } from '../../packages/engine/src/core/rng.js';
import type { Board } from '../../packages/engine/src/puzzle/types.js';
import { compareAll, drain, KERNEL_COMBOS, label, runBoth } from './helpers.js';

let kernels: Kernels;
beforeAll(async () => {
  kernels = await loadKernels();
});
const compare = (start: Board, goal: Board, seed: number, maxNodes: number): void => {
  compareAll(kernels, start, goal, seed, maxNodes);
};

function walkBoards(goal: Board, count: number, seed0: number, minLen: number, maxLen: number): Board[] {
  return Array.from({ length: count }, (_, i) => {
    const seed = seed0 + i;
    return randomWalk(goal, minLen + (seed % (maxLen - minLen + 1)), seed).board;
  });
}

describe('WASM kernels agree exactly with the TS reference', () => {
  it('3×3 random solvable boards', () => {
    const goal = goalBoard(3, 3);
    for (let s = 1; s <= 160; s++) compare(randomSolvable(goal, s), goal, s, 1200);
  });

  it('4×4 random walks of 10–40 moves', () => {
    const goal = goalBoard(4, 4);
    walkBoards(goal, 140, 100, 10, 40).forEach((b, i) => compare(b, goal, i, 1200));
  });

  it('other goals: blank-first and arbitrary boards as the goal', () => {
    for (let i = 0; i < 60; i++) {
      const [w, h] = i % 3 === 0 ? [3, 3] : i % 3 === 1 ? [4, 3] : [4, 4];
      const base = goalBoard(w, h, i % 2 === 0 ? 'blank-first' : 'blank-last');
      const goal = i % 4 < 2 ? base : randomSolvable(base, 9000 + i);
      const start = w * h === 9 ? randomSolvable(goal, 9100 + i) : randomWalk(goal, 12 + (i % 20), 9100 + i).board;
      compare(start, goal, i, 1000);
    }
  });

  it('large boards: 5×5 to 32×32 (multi-word packed states, straddling fields)', () => {
    const sizes: [number, number][] = [
      [5, 5],
      [6, 6],
      [7, 7],
      [8, 8],
      [5, 9],
      [16, 16],
      [20, 13],
      [32, 32],
    ];
    sizes.forEach(([w, h], k) => {
      const goal = goalBoard(w, h, k % 2 === 0 ? 'blank-last' : 'blank-first');
      for (let i = 0; i < (w * h > 256 ? 2 : 5); i++) {
        const seed = 11000 + 10 * k + i;
        const { board } = randomWalk(goal, 14 + 3 * i, seed);
        compare(board, goal, seed, w * h > 256 ? 60 : w * h > 64 ? 150 : 400);
      }
    });
  });
});

describe('limits and edge cases', () => {
  it('maxNodes stops both backends at the same counts', () => {
    const goal = goalBoard(4, 4);
    const start = randomSolvable(goal, 42); // far too hard for 1–200 expansions
    for (const c of KERNEL_COMBOS) {
      for (const maxNodes of [1, 2, 17, 200]) {
        const { ts, wasm } = runBoth(kernels, start, goal, { ...c, maxNodes }, 5);
        expect(ts.outcome, label(c)).toBe('node-limit');
        expect(ts.expanded).toBe(maxNodes);
        expect(wasm, label(c, ` maxNodes=${maxNodes}`)).toEqual(ts);
      }
    }
  });

  it('a start equal to the goal is found at once with the same counts', () => {
    for (const goal of [goalBoard(3, 3), goalBoard(4, 4, 'blank-first', [5])]) {
      for (const c of KERNEL_COMBOS) {
        const { ts, wasm } = runBoth(kernels, goal, goal, c, 1);
        expect(ts.outcome).toBe('found');
        expect(ts.length).toBe(0);
        expect(wasm, label(c)).toEqual(ts);
      }
    }
  });

  it('unsolvable boards exhaust the same state space (IDA*, which never exhausts, stops at maxNodes)', () => {
    const goal = goalBoard(3, 2);
    const swapped = [...goal.cells];
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    const rng = new Rng(5);
    for (let i = 0; i < 8; i++) {
      const start = randomWalk({ ...goal, cells: swapped }, 5 + rng.nextInt(20), 300 + i).board;
      for (const c of KERNEL_COMBOS) {
        const ida = c.algorithm === 'idastar' || c.algorithm === 'wida';
        const maxNodes = ida ? 3000 : undefined;
        const { ts, wasm } = runBoth(kernels, start, goal, { ...c, maxNodes }, 7);
        expect(ts.outcome).toBe(ida ? 'node-limit' : 'exhausted');
        if (c.algorithm === 'bfs') expect(ts.unique).toBe(360); // every state of the component
        expect(wasm, label(c)).toEqual(ts);
      }
    }
  });

  it('found paths are legal and reach the goal', () => {
    const goal = goalBoard(4, 4, 'blank-last', [6]);
    for (let s = 0; s < 10; s++) {
      const start = randomWalk(goal, 16, 500 + s).board;
      for (const algorithm of ['bfs', 'astar', 'idastar', 'greedy'] as const) {
        const out = drain(createWasmPuzzleRun(kernels, start, goal, normalizeOptions({ algorithm })), 1 << 30);
        expect(out.outcome).toBe('found');
        expect(applyMoves(start, out.moves!).cells).toEqual(goal.cells);
      }
    }
  });

  it('a memory limit ends the run with memory-limit and the counters so far; the kernels stay usable', () => {
    const goal = goalBoard(5, 5);
    const start = randomSolvable(goal, 77); // BFS would need billions of states
    for (const algorithm of ['bfs', 'astar'] as const) {
      const run = createWasmPuzzleRun(kernels, start, goal, normalizeOptions({ algorithm }), { memoryLimitBytes: 8 << 20 });
      let out = null;
      for (let i = 0; i < 10_000 && out === null; i++) out = run.step(50_000);
      expect(out).toEqual({ kind: 'memory-limit' });
      const s = run.stats();
      expect(s.expanded).toBeGreaterThan(10_000);
      expect(s.generated).toBeGreaterThan(s.expanded);
      expect(s.unique).toBeGreaterThan(s.expanded);
      expect(run.step(10)).toEqual({ kind: 'memory-limit' }); // the outcome sticks
      run.dispose();
    }
    // The trapped instance was thrown away: the same Kernels object still solves and agrees.
    const g3 = goalBoard(3, 3);
    const { ts, wasm } = runBoth(kernels, randomSolvable(g3, 3), g3, { algorithm: 'astar' }, 1 << 30);
    expect(wasm.outcome).toBe('found');
    expect(wasm).toEqual(ts);
  });

  it('concurrent runs on the same Kernels do not share state', () => {
    const goal = goalBoard(3, 3);
    const a = randomSolvable(goal, 1),
      b = randomSolvable(goal, 2);
    const o = normalizeOptions({ algorithm: 'astar' });
    const ra = createWasmPuzzleRun(kernels, a, goal, o);
    const rb = createWasmPuzzleRun(kernels, b, goal, o);
    let oa = null,
      ob = null;
    while (oa === null || ob === null) {
      oa ??= ra.step(3);
      ob ??= rb.step(3);
    }
    const sa = ra.stats(),
      sb = rb.stats();
    ra.dispose();
    rb.dispose();
    const ta = runBoth(kernels, a, goal, { algorithm: 'astar' }, 1 << 30).ts;
    const tb = runBoth(kernels, b, goal, { algorithm: 'astar' }, 1 << 30).ts;
    expect(oa).toEqual({ kind: 'found', moves: ta.moves });
    expect(ob).toEqual({ kind: 'found', moves: tb.moves });
    expect(sa.expanded).toBe(ta.expanded);
    expect(sb.expanded).toBe(tb.expanded);
  });
});
