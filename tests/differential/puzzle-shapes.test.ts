// WASM kernels vs the TS reference (see puzzle.test.ts) on boards with walls and on non-square
// shapes: 180 + 470 seeded instances, every kernel combo on each.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKernels, type Kernels } from '../../packages/engine/src/core/kernels.js';
import { randomSolvable, randomWalk } from '../../packages/engine/src/puzzle/generate.js';
import { goalBoard } from '../../packages/engine/src/puzzle/board.js';
import type { Board } from '../../packages/engine/src/puzzle/types.js';
import { KERNEL_COMBOS, compareAll } from './helpers.js';

let kernels: Kernels;
beforeAll(async () => {
  kernels = await loadKernels();
});
// Runs compared and runs that found the goal, per test: at least half must be real solutions (the
// rest hit the 1000-node cap, mostly bfs/ucs and weak heuristics on the larger boards; compared too).
let runs = 0;
let found = 0;
const compare = (start: Board, goal: Board, seed: number, maxNodes: number): void => {
  runs += KERNEL_COMBOS.length;
  found += compareAll(kernels, start, goal, seed, maxNodes);
};
const expectMostlySolved = (): void => {
  expect(found).toBeGreaterThan(runs * 0.5);
  runs = found = 0;
};

describe('WASM kernels agree exactly with the TS reference', () => {
  it('boards with walls (3×3, 4×4, 5×5)', () => {
    const layouts: [number, number, number[]][] = [
      [3, 3, [4]], // a ring: the blank's region is a cycle
      [3, 3, [0]],
      [4, 4, [5, 10]],
      [4, 4, [1, 2]],
      [5, 5, [6, 12, 18]], // a diagonal of walls
      [5, 5, [2, 7, 17, 22]], // a pillar with gaps
    ];
    layouts.forEach(([w, h, walls], k) => {
      const goal = goalBoard(w, h, 'blank-last', walls);
      for (let i = 0; i < 30; i++) {
        const seed = 1000 * (k + 1) + i;
        const start = i % 2 === 0 || w === 3 ? randomSolvable(goal, seed) : randomWalk(goal, 10 + (i % 30), seed).board;
        compare(start, goal, seed, 1000);
      }
    });
    expectMostlySolved();
  });

  it('odd shapes (2×3, 3×2, 2×5, 3×4, 4×3)', () => {
    const shapes: [number, number, number][] = [
      [2, 3, 150],
      [3, 2, 100],
      [2, 5, 80],
      [3, 4, 70],
      [4, 3, 70],
    ];
    for (const [w, h, count] of shapes) {
      const goal = goalBoard(w, h);
      for (let i = 0; i < count; i++) {
        const seed = 7000 + 131 * w + 17 * h + i;
        const start = w * h <= 10 || i % 2 === 0 ? randomSolvable(goal, seed) : randomWalk(goal, 8 + (i % 25), seed).board;
        compare(start, goal, seed, 1000);
      }
    }
    expectMostlySolved();
  });
});
