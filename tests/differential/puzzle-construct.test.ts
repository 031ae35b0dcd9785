// The constructive solver and its post-pass: WASM kernel (core-as/assembly/construct) vs the TS
// reference (engine/src/puzzle/construct.ts, postpass.ts) must give the same move lists, move for
// move, and both lists must take the start to the goal. Every shape from 2×2 to 12×12 (square and
// not), both goal presets, several seeds: 121 × 2 × 3 = 726 boards.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKernels, type Kernels } from '../../packages/engine/src/core/kernels.js';
import { constructOutcome, type ConstructOutcome } from '../../packages/engine/src/puzzle/solve-construct.js';
import { randomSolvable } from '../../packages/engine/src/puzzle/generate.js';
import { applyMoves, goalBoard } from '../../packages/engine/src/puzzle/board.js';
import { MOVES, type Board, type GoalPreset } from '../../packages/engine/src/puzzle/types.js';

let kernels: Kernels;
beforeAll(async () => {
  kernels = await loadKernels();
});

/** Both lists of one backend (the board is solvable and fits the default memory). */
function lists(start: Board, goal: Board, backend: 'wasm' | 'ts'): ConstructOutcome {
  const out = constructOutcome(start, goal, backend, kernels);
  if (out === null || typeof out === 'symbol') throw new Error(`construct ${backend}: no list`);
  return out;
}

const reaches = (start: Board, goal: Board, moves: Uint8Array): boolean =>
  applyMoves(
    start,
    Array.from(moves, (m) => MOVES[m]!),
  ).cells.every((v, i) => v === goal.cells[i]);

describe('construct: WASM and TS give the same lists, and both solve the board', () => {
  for (const preset of ['blank-last', 'blank-first'] as GoalPreset[]) {
    it(`every W×H from 2×2 to 12×12, ${preset}`, () => {
      let boards = 0;
      for (let w = 2; w <= 12; w++) {
        for (let h = 2; h <= 12; h++) {
          const goal = goalBoard(w, h, preset);
          for (let seed = 0; seed < 3; seed++) {
            const start = randomSolvable(goal, 1000 * w + 10 * h + seed);
            const ts = lists(start, goal, 'ts');
            const wasm = lists(start, goal, 'wasm');
            const where = `${w}x${h} ${preset} seed ${seed}`;
            expect(Buffer.from(wasm.raw).equals(Buffer.from(ts.raw)), where).toBe(true);
            expect(Buffer.from(wasm.moves).equals(Buffer.from(ts.moves)), where).toBe(true);
            expect(reaches(start, goal, ts.raw), where).toBe(true);
            expect(reaches(start, goal, ts.moves), where).toBe(true);
            expect(ts.moves.length, where).toBeLessThanOrEqual(ts.raw.length);
            boards++;
          }
        }
      }
      expect(boards).toBe(363);
    });
  }

  it('a goal with the blank in the middle, 30×17 / 17×30, the thin extremes 128×2 / 2×128 / 3×128, 20×20, 41×23', () => {
    const cells = goalBoard(5, 4).cells.slice();
    [cells[7], cells[19]] = [0, cells[7]!]; // blank at row 2, col 3
    const goal: Board = { width: 5, height: 4, cells };
    const shapes = [
      goal,
      goalBoard(30, 17),
      goalBoard(17, 30, 'blank-first'),
      goalBoard(128, 2),
      goalBoard(2, 128, 'blank-first'),
      goalBoard(3, 128),
      goalBoard(20, 20),
      goalBoard(41, 23, 'blank-first'),
    ];
    for (const g of shapes) {
      for (let seed = 0; seed < 4; seed++) {
        const start = randomSolvable(g, seed);
        const ts = lists(start, g, 'ts');
        const wasm = lists(start, g, 'wasm');
        expect(Buffer.from(wasm.raw).equals(Buffer.from(ts.raw))).toBe(true);
        expect(Buffer.from(wasm.moves).equals(Buffer.from(ts.moves))).toBe(true);
        expect(reaches(start, g, wasm.moves)).toBe(true);
        expect(wasm.moves.length).toBeLessThanOrEqual(wasm.raw.length);
      }
    }
  });
});
