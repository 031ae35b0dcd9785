// The constructive solver and its post-pass against independent truths: every list is applied to
// its board (applyMoves) and must reach the goal; 2×2 and 2×3 lists are compared with BFS optima;
// 20×20 lists against the Manhattan lower bound;
// the post-pass removes loops whose net effect is known; boards up to 100×100 pass through the
// model (generate, parse, render, solvability) and are solved; searches refuse them.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadKernels } from '../../src/core/kernels.js';
import { InvalidInputError } from '../../src/core/errors.js';
import { MAX_SIDE, SEARCH_MAX_SIDE, applyMoves, boardToText, goalBoard, renderBoard } from '../../src/puzzle/board.js';
import { parseBoard } from '../../src/puzzle/parse.js';
import { checkSolvable } from '../../src/puzzle/solvability.js';
import { randomSolvable } from '../../src/puzzle/generate.js';
import { solvePuzzle, solvePuzzleSync } from '../../src/puzzle/solve.js';
import { cancelPairs, postPass } from '../../src/puzzle/postpass.js';
import { DOWN, LEFT, RIGHT, UP, constructMoves } from '../../src/puzzle/construct.js';
import { MOVES, type Board, type GoalPreset } from '../../src/puzzle/types.js';

beforeAll(async () => {
  await loadKernels();
});

const reaches = (start: Board, goal: Board, moves: readonly string[] | Uint8Array): boolean => {
  const list = moves instanceof Uint8Array ? Array.from(moves, (m) => MOVES[m]!) : (moves as (typeof MOVES)[number][]);
  return applyMoves(start, list).cells.every((v, i) => v === goal.cells[i]);
};

describe('construct solves every board it is given', () => {
  test('a 100×100 board (two seeds, both goals, WASM) reaches the goal', async () => {
    for (const [seed, preset] of [
      [1, 'blank-last'],
      [2, 'blank-first'],
    ] as [number, GoalPreset][]) {
      const goal = goalBoard(100, 100, preset);
      const start = randomSolvable(goal, seed);
      const r = await solvePuzzle(start, goal, { algorithm: 'construct' });
      expect(r.status).toBe('solved');
      expect(r.backend).toBe('wasm');
      expect(reaches(start, goal, r.moves!)).toBe(true);
      expect(r.construct!.lengthAfter).toBe(r.length);
      expect(r.construct!.lengthAfter).toBeLessThan(r.construct!.lengthBefore);
    }
  }, 60_000);

  test('blank routes carry tiles home: under 3.1 moves per unit of Manhattan distance on 20×20 (shortest routes alone: 3.75)', () => {
    // single-tile moves cost 3 per diagonal step and 5 per straight one (about 3.8 per unit on
    // random boards) plus the blank's walks to each tile; only the tiles other routes move home pay below that
    const goal = goalBoard(20, 20);
    const home = new Int32Array(400);
    goal.cells.forEach((v, i) => {
      home[v] = i;
    });
    let moves = 0;
    let manhattan = 0;
    for (let seed = 0; seed < 10; seed++) {
      const start = randomSolvable(goal, seed);
      const raw = constructMoves(20, 20, start.cells, goal.cells)!;
      expect(reaches(start, goal, raw)).toBe(true);
      moves += raw.length;
      start.cells.forEach((v, i) => {
        if (v !== 0) manhattan += Math.abs(Math.floor(i / 20) - Math.floor(home[v]! / 20)) + Math.abs((i % 20) - (home[v]! % 20));
      });
    }
    expect(moves / manhattan).toBeLessThan(3.1);
  });

  test('2×2 lists are optimal (BFS), 2×3 and 3×2 lists reach the goal', async () => {
    for (const [w, h] of [
      [2, 2],
      [3, 2],
      [2, 3],
    ] as const) {
      for (const preset of ['blank-last', 'blank-first'] as GoalPreset[]) {
        const goal = goalBoard(w, h, preset);
        for (let seed = 0; seed < 20; seed++) {
          const start = randomSolvable(goal, seed);
          const c = solvePuzzleSync(start, goal, { algorithm: 'construct', backend: 'ts' });
          const bfs = solvePuzzleSync(start, goal, { algorithm: 'bfs', backend: 'ts' });
          expect(reaches(start, goal, c.moves!)).toBe(true);
          if (w === 2 && h === 2) expect(c.length).toBe(bfs.length);
          else expect(c.length!).toBeGreaterThanOrEqual(bfs.length!);
        }
      }
    }
  });

  test('the start is the goal: no moves; an unsolvable board: unsolvable', async () => {
    const goal = goalBoard(5, 3);
    expect((await solvePuzzle(goal, goal, { algorithm: 'construct' })).length).toBe(0);
    const swapped = goal.cells.slice();
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    const r = await solvePuzzle({ ...goal, cells: swapped }, goal, { algorithm: 'construct' });
    expect(r.status).toBe('unsolvable');
    // the kernel itself, without the solvability check in front: no list for a board of the wrong parity
    expect(constructMoves(5, 3, swapped, goal.cells)).toBeNull();
  });

  test('a memory limit too small for the move list: status limit, not a throw', async () => {
    const goal = goalBoard(60, 60);
    const r = await solvePuzzle(randomSolvable(goal, 4), goal, { algorithm: 'construct', maxMemoryBytes: 2 ** 20 });
    expect(r.status).toBe('limit');
    expect(r.reason).toMatch(/^memory limit: the move list needs more than 1 MiB/);
    // the instance was dropped; the next solve gets a fresh one and succeeds
    expect((await solvePuzzle(randomSolvable(goal, 4), goal, { algorithm: 'construct' })).status).toBe('solved');
  });

  test('walls are refused with the cell named', async () => {
    const start = parseBoard('1 2 3/4 # 5/6 7 0');
    await expect(solvePuzzle(start, goalBoard(3, 3, 'blank-last', [4]), { algorithm: 'construct' })).rejects.toThrow(
      /construct solves boards without walls; the board has a wall at row 2, col 2/,
    );
  });
});

describe('the post-pass', () => {
  test('cancelPairs matches a brute-force rewrite to a fixed point', () => {
    let x = 12345;
    for (let trial = 0; trial < 200; trial++) {
      const list: number[] = [];
      for (let k = 0; k < 30; k++) {
        x = (x * 1103515245 + 12345) % 2 ** 31;
        list.push(x % 4);
      }
      const brute = list.slice();
      for (let changed = true; changed; ) {
        changed = false;
        for (let k = 0; k + 1 < brute.length; k++) {
          if ((brute[k]! ^ 1) === brute[k + 1]) {
            brute.splice(k, 2);
            changed = true;
            break;
          }
        }
      }
      expect(Array.from(cancelPairs(Uint8Array.from(list)))).toEqual(brute);
    }
  });

  test('three loops of the blank round a 2×2 block (identity, 12 moves) disappear', () => {
    // a start with the blank at row 2, col 2
    const s: Board = applyMoves(goalBoard(4, 4), ['up', 'up', 'left', 'left']);
    const loop = [RIGHT, DOWN, LEFT, UP];
    const list = Uint8Array.from([...loop, ...loop, ...loop]);
    expect(Array.from(postPass(4, 4, s.cells, list))).toEqual([]);
  });

  test('on lists of many shapes the post-pass never lengthens and keeps the end state', () => {
    for (const [w, h] of [
      [6, 6],
      [3, 7],
      [7, 3],
      [9, 9],
      [13, 5],
      [5, 13],
      [20, 20],
    ]) {
      const goal = goalBoard(w!, h!);
      for (let seed = 0; seed < 10; seed++) {
        const start = randomSolvable(goal, seed);
        const raw = constructMoves(w!, h!, start.cells, goal.cells)!;
        const post = postPass(w!, h!, start.cells, raw);
        expect(post.length, `${w}x${h} seed ${seed}`).toBeLessThanOrEqual(raw.length);
        expect(reaches(start, goal, post), `${w}x${h} seed ${seed}`).toBe(true);
      }
    }
  });
});

describe('boards past 32×32', () => {
  test('the model takes sides up to MAX_SIDE: generate, text round trip, render, solvability', () => {
    expect(MAX_SIDE).toBeGreaterThanOrEqual(100);
    const goal = goalBoard(100, 100, 'blank-first');
    const start = randomSolvable(goal, 7);
    expect(parseBoard(boardToText(start)).cells).toEqual(start.cells);
    expect(parseBoard(JSON.stringify(Array.from({ length: 100 }, (_, r) => start.cells.slice(r * 100, r * 100 + 100)))).cells).toEqual(start.cells);
    expect(renderBoard(start).split('\n')).toHaveLength(100);
    expect(checkSolvable(start, goal).solvable).toBe(true);
    expect(() => goalBoard(MAX_SIDE + 1, 2)).toThrow(InvalidInputError);
  });

  test('the searches refuse them with one line naming the algorithm and the limit', async () => {
    const goal = goalBoard(SEARCH_MAX_SIDE + 1, 3);
    for (const algorithm of ['astar', 'idastar', 'bfs'] as const) {
      await expect(solvePuzzle(randomSolvable(goal, 1), goal, { algorithm })).rejects.toThrow(
        `${algorithm} handles boards up to 32×32; this one is 33×3 (use --algorithm construct)`,
      );
    }
  });
});
