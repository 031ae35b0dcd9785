// Board generation: seeded random walks (reference sequences the WASM port must match) and uniformly
// random solvable boards, walls included.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/core/errors.js';
import { applyMoves, boardsEqual, goalBoard, invertMoves, makeBoard, validateBoard } from '../../src/puzzle/board.js';
import { randomSolvable, randomWalk } from '../../src/puzzle/generate.js';
import { blankRegion, checkSolvable } from '../../src/puzzle/solvability.js';
import { exhaustiveSolvable } from '../support/solvability-oracle.js';
import { INVERSE } from '../../src/puzzle/types.js';
import type { Board } from '../../src/puzzle/types.js';

describe('randomWalk', () => {
  it('is deterministic per seed and its moves lead from the goal to the board', () => {
    const goal = goalBoard(4, 4);
    const a = randomWalk(goal, 40, 7);
    expect(randomWalk(goal, 40, 7)).toEqual(a);
    expect(randomWalk(goal, 40, 8).board).not.toEqual(a.board);
    expect(a.moves).toHaveLength(40);
    expect(applyMoves(goal, a.moves)).toEqual(a.board);
    expect(applyMoves(a.board, invertMoves(a.moves))).toEqual(goal);
  });

  it('never undoes the previous move unless it is the only legal one', () => {
    // a 2×3 with one wall leaves a dead end where undoing is forced
    const corridor = goalBoard(3, 2, 'blank-last', [1]);
    for (const goal of [goalBoard(3, 3), corridor, goalBoard(4, 4, 'blank-first', [5, 10])]) {
      const { moves } = randomWalk(goal, 200, 3);
      let board = goal;
      for (let i = 0; i < moves.length; i++) {
        const m = moves[i]!;
        if (i > 0 && m === INVERSE[moves[i - 1]!]) {
          // forced: the undo was the only legal move
          const before = board;
          expect(
            ['up', 'down', 'left', 'right'].filter((x) => {
              try {
                applyMoves(before, [x as never]);
                return true;
              } catch {
                return false;
              }
            }),
          ).toEqual([m]);
        }
        board = applyMoves(board, [m]);
      }
    }
  });

  // Expected values from an independent Python implementation of the documented Rng and walk rule.
  it('reproduces the reference sequences (the WASM port must too)', () => {
    expect(randomWalk(goalBoard(3, 3), 12, 1).moves.join(' ')).toBe('up left up right down down left up left down right right');
    const w = randomWalk(goalBoard(4, 4, 'blank-last', [5, 10]), 30, 123456);
    expect(w.moves.join(' ')).toBe(
      'up up up left left left down down down right right right up up up left down right up left left left down down right down left up right down',
    );
    expect(w.board.cells).toEqual([8, 5, 1, 6, 11, -1, 3, 2, 13, 12, -1, 4, 9, 0, 10, 7]);
  });

  it('validates its arguments', () => {
    expect(() => randomWalk(goalBoard(3, 3), -1, 1)).toThrow(InvalidInputError);
    expect(() => randomWalk(goalBoard(3, 3), 2.5, 1)).toThrow('the walk length must be a whole number of moves ≥ 0, got 2.5');
    expect(() => randomWalk(goalBoard(3, 3), 3, 0.5)).toThrow('seed must be an integer, got 0.5');
    expect(randomWalk(goalBoard(3, 3), 0, 1)).toEqual({ board: goalBoard(3, 3), moves: [] });
  });
});

describe('randomSolvable', () => {
  it('is deterministic per seed and always solvable', () => {
    for (const goal of [goalBoard(3, 3), goalBoard(4, 4, 'blank-first'), goalBoard(5, 3), goalBoard(2, 2), goalBoard(5, 5, 'blank-last', [6, 8, 16, 18])]) {
      for (let seed = 0; seed < 200; seed++) {
        const b = randomSolvable(goal, seed);
        validateBoard(b);
        expect(checkSolvable(b, goal).solvable).toBe(true);
      }
      expect(randomSolvable(goal, 42)).toEqual(randomSolvable(goal, 42));
    }
  });

  it('handles cycles, cut cells and walled-off tiles', () => {
    const cycle = goalBoard(3, 3, 'blank-last', [4]); // 8·7 = 56 reachable boards
    const deadEnd = goalBoard(3, 3, 'blank-last', [1]); // cell 0 hangs off cell 3
    const corridor = goalBoard(4, 3, 'blank-last', [1, 5, 6, 7]); // a 6-cell path (6 boards) plus a walled-off pair
    expect(blankRegion(cycle).kind).toBe('cycle');
    expect(blankRegion(deadEnd).kind).toBe('other');
    expect(blankRegion(corridor).kind).toBe('other');
    for (const [goal, distinct] of [
      [deadEnd, 50],
      [corridor, 6],
    ] as const) {
      const seen = new Set<string>();
      for (let seed = 0; seed < 60; seed++) {
        const b = randomSolvable(goal, seed);
        expect(exhaustiveSolvable(b, goal)?.solvable).toBe(true);
        seen.add(b.cells.join(','));
      }
      expect(seen.size).toBeGreaterThanOrEqual(distinct);
    }
    const counts = new Map<string, number>();
    for (let seed = 0; seed < 2800; seed++) {
      const k = randomSolvable(cycle, seed).cells.join(',');
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect(counts.size).toBe(56);
    for (const [k, c] of counts) {
      expect(checkSolvable(makeBoard(3, 3, k.split(',').map(Number)), cycle).solvable).toBe(true);
      expect(Math.abs(c - 50)).toBeLessThan(30);
    }
  });

  it('is uniform over the solvable boards of a 2×3 (360 states)', () => {
    const goal = goalBoard(3, 2);
    const counts = new Map<string, number>();
    const draws = 36000;
    for (let seed = 0; seed < draws; seed++) {
      const k = randomSolvable(goal, seed).cells.join(',');
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect(counts.size).toBe(360);
    // chi-square with 359 degrees of freedom: mean 359, sd ≈ 26.8; 500 is > 5 sd
    let chi = 0;
    for (const c of counts.values()) chi += (c - 100) ** 2 / 100;
    expect(chi).toBeLessThan(500);
  });

  it('different seeds give different boards', () => {
    const goal = goalBoard(4, 4);
    const boards: Board[] = [0, 1, 2, 3].map((s) => randomSolvable(goal, s));
    expect(boardsEqual(boards[0]!, boards[1]!)).toBe(false);
    expect(boardsEqual(boards[2]!, boards[3]!)).toBe(false);
  });
});
