// parseBoard: every board format the seeds and the CLI use, and errors that name what and where.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/core/errors.js';
import { boardToText, makeBoard } from '../../src/puzzle/board.js';
import { parseBoard, parseSize } from '../../src/puzzle/parse.js';

const EIGHT = [1, 2, 3, 4, 5, 6, 7, 8, 0];

function err(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidInputError);
    return (e as Error).message;
  }
  throw new Error('expected an InvalidInputError');
}

describe('parseBoard formats', () => {
  it.each([
    ['slash rows', '1 2 3/4 5 6/7 8 0'],
    ['new-line rows', '1 2 3\n4 5 6\n7 8 0\n'],
    ['CRLF rows', '1 2 3\r\n4 5 6\r\n7 8 0'],
    ['commas', '1,2,3,4,5,6,7,8,0'],
    ['commas and spaces in rows', '1, 2, 3 / 4, 5, 6 / 7, 8, _'],
    ['flat square count', '1 2 3 4 5 6 7 8 *'],
    ['JSON text', '[[1,2,3],[4,5,6],[7,8,0]]'],
    ['JSON flat', '[1,2,3,4,5,6,7,8,0]'],
    ['JSON strings', '[["1","2","3"],["4","5","6"],["7","8","_"]]'],
    ['numpy print', '[[1 2 3]\n [4 5 6]\n [7 8 0]]'],
  ])('%s', (_name, text) => {
    const b = parseBoard(text);
    expect([b.width, b.height]).toEqual([3, 3]);
    expect(b.cells).toEqual(EIGHT);
  });

  it('accepts arrays of rows as values, with walls and blanks as numbers or strings', () => {
    expect(
      parseBoard([
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 0],
      ]).cells,
    ).toEqual(EIGHT);
    const b = parseBoard([
      [1, '#', 2],
      [3, 4, '_'],
    ]);
    expect([b.width, b.height]).toEqual([3, 2]);
    expect(b.cells).toEqual([1, -1, 2, 3, 4, 0]);
    expect(
      parseBoard([
        [1, -1, 2],
        [3, 4, 0],
      ]).cells,
    ).toEqual([1, -1, 2, 3, 4, 0]);
  });

  it("reads seed 002's `-s 3 -p '4 2 1 3 6 7 5 8 0'` and its 15-puzzle", () => {
    const b = parseBoard('4 2 1 3 6 7 5 8 0', { size: '3' });
    expect(b.cells).toEqual([4, 2, 1, 3, 6, 7, 5, 8, 0]);
    expect(parseBoard('4 2 1 3 6 7 5 8 0', { size: 3 }).width).toBe(3);
    const f = parseBoard('1 2 4 8/9 0 3 12/7 11 14 10/5 13 6 15');
    expect([f.width, f.height]).toEqual([4, 4]);
  });

  it('reads seed 004 walls (-1 and #) and its numpy-style print', () => {
    const text = '[ 0 2 3 4 5] [ 1 -1 7 -1 8] [ 6 10 11 12 15] [ 9 -1 14 -1 20] [13 16 17 18 19]';
    const b = parseBoard(text);
    expect([b.width, b.height]).toEqual([5, 5]);
    expect(b.cells.filter((v) => v === -1)).toHaveLength(4);
    expect(parseBoard('0 2 3 4 5/1 # 7 # 8/6 10 11 12 15/9 # 14 # 20/13 16 17 18 19')).toEqual(b);
  });

  it('takes the size from --size: N (square or N wide), WxH, WXH, W×H', () => {
    const cells12 = '1 2 3 4 5 6 7 8 9 10 11 0';
    expect(parseBoard(cells12, { size: '4x3' })).toMatchObject({ width: 4, height: 3 });
    expect(parseBoard(cells12, { size: '4X3' })).toMatchObject({ width: 4, height: 3 });
    expect(parseBoard(cells12, { size: '3×4' })).toMatchObject({ width: 3, height: 4 });
    expect(parseBoard(cells12, { size: '4' })).toMatchObject({ width: 4, height: 3 });
    expect(parseBoard('1 2 3 4/5 6 7 0')).toMatchObject({ width: 4, height: 2 });
    expect(parseSize('5x2')).toEqual({ width: 5, height: 2 });
    expect(parseSize(4)).toEqual({ width: 4 });
  });

  it('accepts tiles in any order and boards up to 32×32', () => {
    const n = 32 * 32;
    const cells = Array.from({ length: n }, (_, i) => (i + 1) % n);
    const b = parseBoard(cells.join(' '));
    expect([b.width, b.height]).toEqual([32, 32]);
    expect(parseBoard('3 1 2 0').cells).toEqual([3, 1, 2, 0]);
  });

  it('boardToText round-trips through parseBoard', () => {
    const b = makeBoard(4, 3, [1, 2, -1, 3, 4, 5, 6, 7, 8, 9, -1, 0]);
    expect(boardToText(b)).toBe('1 2 # 3/4 5 6 7/8 9 # 0');
    expect(parseBoard(boardToText(b))).toEqual(b);
  });
});

describe('parseBoard errors name what and where', () => {
  it.each([
    ['1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0 1', undefined, 'row 4 has 5 cells, expected 4'],
    ['1 2 3/4 5 x/7 8 0', undefined, "row 2, col 3: 'x' is not a tile, blank (0 _ *) or wall (# -1)"],
    ['1 2 3 4 5 x 7 8 0', undefined, "row 2, col 3: 'x' is not a tile, blank (0 _ *) or wall (# -1)"],
    ['1 2 3 4 5 x 7 8', undefined, "cell 6: 'x' is not a tile, blank (0 _ *) or wall (# -1)"],
    ['1 7 3/4 5 6/7 8 0', undefined, 'tile 7 appears twice (row 1, col 2 and row 3, col 1)'],
    ['1 2 3/4 6 6/7 8 0', undefined, 'tile 6 appears twice (row 2, col 2 and row 2, col 3)'],
    ['1 2 3/4 9 6/7 8 0', undefined, 'tile 5 is missing (tiles must be 1..8): row 2, col 2 holds 9'],
    ['1 2 3/4 -1 6/7 8 0', undefined, 'tile 5 is missing (tiles must be 1..7): row 3, col 2 holds 8'],
    ['9 9 3/4 5 6/7 8 0', undefined, 'tile 1 is missing (tiles must be 1..8): row 1, col 1 holds 9'],
    ['1 2 3/4 5 6/7 8 9', undefined, 'the board has no blank (0, _ or *)'],
    ['1 2 3/4 0 6/7 8 0', undefined, 'the blank appears twice (row 2, col 2 and row 3, col 3); a board has exactly one'],
    ['1 2 3 4 5 6 7 8 9 10 11 12 13 14 0', '4x4', '--size 4x4 needs 16 cells, got 15'],
    ['1 2 3 4 5 6 7 8 0', '4', '--size 4 needs 16 cells (or a multiple of 4), got 9'],
    ['1 2 3 4 5 6 7 8 9 10 11 0', undefined, '12 cells fit no square board; give the size, e.g. --size 4x3'],
    ['1 2 3 4 5 6 0', undefined, '7 cells fit no square board nor any W×H board with both sides at least 2'],
    ['1 2 0', '3x1', 'the board is 3×1; a board needs at least 2 rows and 2 columns'],
    ['1/2/0', undefined, 'the board is 1×3; a board needs at least 2 rows and 2 columns'],
    ['1 2 3 0', '1x4', 'the board is 1×4; a board needs at least 2 rows and 2 columns'],
    ['1 0', undefined, '2 cells fit no square board nor any W×H board with both sides at least 2'],
    ['', undefined, 'no cells given'],
    ['1 2 3 0', 'big', "--size 'big' is not a size (use e.g. 3 or 4x3)"],
    ['[[1,2],[3,0]] junk', undefined, "'junk' is outside a row's brackets; write rows as [[1,2,3],[4,5,6],[7,8,0]]"],
  ])('%j (size %s) → %s', (text, size, message) => {
    expect(err(() => parseBoard(text, size === undefined ? {} : { size }))).toBe(message);
  });

  it('rejects boards past 128×128 and bad cell values', () => {
    const n = 129 * 129;
    const cells = Array.from({ length: n }, (_, i) => (i + 1) % n);
    expect(err(() => parseBoard(cells.join(' ')))).toBe('the board is 129×129; the largest supported is 128×128');
    expect(
      err(() =>
        parseBoard([
          [1, 2.5],
          [3, 0],
        ]),
      ),
    ).toBe('row 1, col 2: 2.5 is not a tile, blank (0 _ *) or wall (# -1)');
    expect(
      err(() =>
        parseBoard([
          [1, -2],
          [3, 0],
        ]),
      ),
    ).toBe('row 1, col 2: -2 is not a tile, blank (0 _ *) or wall (# -1)');
  });
});
