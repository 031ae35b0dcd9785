// The one number syntax (issue 6): board cells and every number option follow it.
import { describe, expect, test } from 'vitest';
import { parseDecimal, parseInteger } from '../../src/core/numbers.js';
import { parseBoard } from '../../src/puzzle/parse.js';

describe('parseDecimal / parseInteger', () => {
  test.each([
    ['12', 12],
    ['-1', -1],
    ['+3', 3],
    ['1e9', 1e9],
    ['1.5e3', 1500],
    ['1.0', 1],
    ['007', 7],
  ])('integer %s', (t, n) => {
    expect(parseInteger(t)).toBe(n);
  });
  test.each([
    ['1.2', 1.2],
    ['.5', 0.5],
    ['2.5e-3', 0.0025],
    ['3', 3],
  ])('decimal %s', (t, n) => {
    expect(parseDecimal(t)).toBe(n);
  });
  test.each(['', ' 1', '1 ', '0x10', '0b1', '0o7', 'NaN', 'Infinity', '-Infinity', '1e999', '1_000', '12abc', '1.2.3', 'e9', '.', '1e'])('refused: %j', (t) => {
    expect(parseDecimal(t)).toBeUndefined();
    expect(parseInteger(t)).toBeUndefined();
  });
  test.each(['1.5', '1e-3', '9007199254740993'])('not an integer: %s', (t) => expect(parseInteger(t)).toBeUndefined());
});

describe('board cells follow the same rules', () => {
  test('exact integer forms are cells; hex and garbage are not', () => {
    expect(parseBoard('1 2 3/4 5 6/7 8 0').cells).toEqual(parseBoard('1 2 3/4 5 6/7 8e0 0.0').cells);
    for (const bad of ['0x1', 'NaN', '1.5', 'Infinity', '8abc']) {
      expect(() => parseBoard(`1 2 3/4 5 6/7 ${bad} 0`)).toThrow(/is not a tile/);
    }
  });
});

describe('malformed JSON boards are refused', () => {
  test.each([
    ['[[1,2],[3,0]', /missing '\]'/],
    ['[[1,2],[3,0]]]', /outside a row's brackets/],
    ['[[1,2],,[3,0]]', /empty item/],
    ['[,[1,2],[3,0]]', /leading ','/],
    ['[[1,2],[3,0],]', /trailing ','/],
    ['[[1,,2],[3,0]]', /empty item/],
    ['[[[1,2],[3,0]]]', /nested deeper than rows/],
    [`${'['.repeat(100_000)}1${']'.repeat(100_000)}`, /nested deeper than rows/],
    ['[[1,2] x [3,0]]', /'x'/],
    ['[[1,2],[3,0]] junk', /'junk' is outside/],
  ])('%s', (text, message) => {
    expect(() => parseBoard(text)).toThrow(message);
  });

  test('valid JSON and numpy prints still read', () => {
    const b = parseBoard('1 2/3 0');
    for (const t of ['[[1,2],[3,0]]', ' [ [1, 2] , [3, 0] ] ', '[["1","2"],["3","0"]]', '[[1 2] [3 0]]', '[1 2] [3 0]', '[1,2,3,0]']) {
      expect(parseBoard(t), t).toEqual(b);
    }
  });
});
