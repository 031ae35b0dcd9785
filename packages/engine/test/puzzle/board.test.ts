// Boards: the goal presets, the helpers (moves in the contract's order, walls and edges) and rendering.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/core/errors.js';
import {
  applyMove,
  applyMoves,
  blankIndex,
  boardsEqual,
  goalBoard,
  goalLike,
  invertMoves,
  legalMoves,
  makeBoard,
  parseMoves,
  renderBoard,
  tileCount,
} from '../../src/puzzle/board.js';
import { parseBoard } from '../../src/puzzle/parse.js';

describe('goals', () => {
  it('blank-last and blank-first over the free cells', () => {
    expect(goalBoard(3, 3).cells).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
    expect(goalBoard(3, 3, 'blank-first').cells).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(goalBoard(4, 2).cells).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
    // seed 004's 5×5 goal with four walls
    const g = goalBoard(5, 5, 'blank-last', [6, 8, 16, 18]);
    expect(g.cells).toEqual([1, 2, 3, 4, 5, 6, -1, 7, -1, 8, 9, 10, 11, 12, 13, 14, -1, 15, -1, 16, 17, 18, 19, 20, 0]);
    expect(goalBoard(3, 3, 'blank-last', [8]).cells).toEqual([1, 2, 3, 4, 5, 6, 7, 0, -1]);
    expect(goalBoard(3, 3, 'blank-first', [0]).cells).toEqual([-1, 0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('goalLike keeps size and walls', () => {
    const s = parseBoard('2 1 #/3 0 4');
    expect(goalLike(s).cells).toEqual([1, 2, -1, 3, 4, 0]);
    expect(goalLike(s, 'blank-first').cells).toEqual([0, 1, -1, 2, 3, 4]);
  });

  it('rejects bad goals', () => {
    expect(() => goalBoard(3, 3, 'blank-last', [9])).toThrow('wall index 9 is outside the 3×3 board (0..8)');
    expect(() => goalBoard(1, 3)).toThrow(InvalidInputError);
    // A walled-in blank is a board (solvable only to itself), not an error.
    expect(goalBoard(2, 2, 'blank-last', [1, 2]).cells).toEqual([1, -1, -1, 0]);
  });
});

describe('board helpers', () => {
  const b = parseBoard('1 2 3/4 0 5/# 7 6');

  it('blankIndex, tileCount, boardsEqual', () => {
    expect(blankIndex(b)).toBe(4);
    expect(tileCount(b)).toBe(7);
    expect(
      boardsEqual(
        b,
        parseBoard([
          [1, 2, 3],
          [4, 0, 5],
          [-1, 7, 6],
        ]),
      ),
    ).toBe(true);
    expect(boardsEqual(b, goalLike(b))).toBe(false);
    expect(boardsEqual(goalBoard(2, 3), goalBoard(3, 2))).toBe(false);
  });

  it('makeBoard validates and freezes', () => {
    expect(() => makeBoard(2, 2, [1, 2, 3])).toThrow('a 2×2 board needs 4 cells, got 3');
    const m = makeBoard(2, 2, [1, 2, 3, 0]);
    expect(Object.isFrozen(m.cells)).toBe(true);
  });

  it('legal moves in the order up, down, left, right; walls and edges block', () => {
    expect(legalMoves(b)).toEqual(['up', 'down', 'left', 'right']);
    expect(legalMoves(goalBoard(3, 3))).toEqual(['up', 'left']);
    expect(legalMoves(parseBoard('1 # 2/0 3 4'))).toEqual(['up', 'right']);
    expect(legalMoves(parseBoard('1 # 2/3 0 4'))).toEqual(['left', 'right']);
  });

  it('applyMove moves the blank; applyMoves names the illegal move', () => {
    expect(applyMove(b, 'up').cells).toEqual([1, 0, 3, 4, 2, 5, -1, 7, 6]);
    expect(applyMoves(b, ['down', 'right']).cells).toEqual([1, 2, 3, 4, 7, 5, -1, 6, 0]);
    expect(() => applyMoves(b, ['left', 'down'])).toThrow('move 2 (down) is illegal: the blank is at row 2, col 1 and the cell below it is a wall');
    expect(() => applyMoves(b, ['up', 'up', 'left', 'down', 'right', 'right', 'right'])).toThrow(
      'move 2 (up) is illegal: the blank is at row 1, col 2, on the top edge',
    );
    expect(() => applyMoves(goalBoard(3, 3), ['up', 'left', 'left', 'left'])).toThrow(
      'move 4 (left) is illegal: the blank is at row 2, col 1, on the left edge',
    );
    expect(() => applyMove(goalBoard(3, 3), 'right')).toThrow('move right is illegal: the blank is at row 3, col 3, on the right edge');
    expect(b.cells).toEqual([1, 2, 3, 4, 0, 5, -1, 7, 6]); // inputs are not modified
    const moves = parseMoves('u l l u r d');
    expect(applyMoves(applyMoves(goalBoard(3, 4), moves), invertMoves(moves))).toEqual(goalBoard(3, 4));
  });

  it('parseMoves reads words, letters, any case, commas and spaces', () => {
    expect(parseMoves('up down left right')).toEqual(['up', 'down', 'left', 'right']);
    expect(parseMoves('u,d, l r')).toEqual(['up', 'down', 'left', 'right']);
    expect(parseMoves('U D L R Up DOWN')).toEqual(['up', 'down', 'left', 'right', 'up', 'down']);
    expect(parseMoves('UULDR')).toEqual(['up', 'up', 'left', 'down', 'right']);
    expect(parseMoves('  ')).toEqual([]);
    expect(() => parseMoves('up down sideways left')).toThrow("token 3 'sideways' is not a move (use up down left right or u d l r)");
  });

  it('renders a readable grid', () => {
    expect(renderBoard(goalBoard(3, 3))).toBe(' 1  2  3\n 4  5  6\n 7  8  _');
    expect(renderBoard(parseBoard('1 2 3 4/5 # 6 7/8 9 10 11/12 13 14 0'))).toBe(' 1  2  3  4\n 5  #  6  7\n 8  9 10 11\n12 13 14  _');
    const big = goalBoard(11, 10);
    expect(renderBoard(big).split('\n')[9]).toBe(' 100 101 102 103 104 105 106 107 108 109   _'.slice(1));
  });
});
