// The streaming placement parser: the same columns and the same one-line errors whatever the chunk
// boundaries, against JSON.parse / String.split as independent readers of the same text.
import { describe, expect, test } from 'vitest';
import { Rng } from '@searchlab/engine';
import { PositionsParser, parsePositions } from '@searchlab/engine/queens';

/** The text fed in chunks cut at the given sizes (cycled). */
function parseChunked(text: string, sizes: number[]): Int32Array {
  const bytes = new TextEncoder().encode(text);
  const parser = new PositionsParser();
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const size = sizes[k % sizes.length]!;
    parser.push(bytes.subarray(at, at + size));
    at += size;
  }
  return parser.end();
}

const outcome = (f: () => Int32Array): string => {
  try {
    return `ok ${Array.from(f()).join(',')}`;
  } catch (e) {
    return `error ${(e as Error).message}`;
  }
};

describe('PositionsParser', () => {
  const rng = new Rng(11);
  const perm = (n: number): number[] => {
    const a = Array.from({ length: n }, (_, i) => i);
    rng.shuffle(a);
    return a;
  };

  test('text, arrays and solve --json objects, any chunking: the columns JSON.parse and split find', () => {
    for (let trial = 0; trial < 300; trial++) {
      const cols = perm(1 + rng.nextInt(40));
      const texts = [
        cols.join(rng.nextInt(2) === 0 ? ' ' : ',\n'),
        JSON.stringify(cols),
        JSON.stringify({
          n: cols.length,
          algorithm: 'min-conflicts',
          history: [600, [1, { x: 'a"]' }]],
          note: 'q\\"positions\\"',
          positions: cols,
          timeMs: 1.5e-3,
          ok: true,
          none: null,
        }),
        JSON.stringify({ positions: cols, nested: { positions: [0] } }, null, 2),
      ];
      for (const text of texts) {
        const sizes = [1 + rng.nextInt(7), 1 + rng.nextInt(50), 1];
        const expected = text.startsWith('{') ? JSON.parse(text).positions : text.startsWith('[') ? JSON.parse(text) : text.split(/[\s,]+/).map(Number);
        expect(Array.from(parseChunked(text, sizes)), text).toEqual(expected);
      }
    }
  });

  test('one-line errors naming the row or the byte, the same for every chunking', () => {
    const cases: [string, RegExp][] = [
      ['1 x 0', /^error row 2 has column "x", expected an integer 0..2$/],
      ['1 3 9 2', /^error row 3 has column "9", expected an integer 0..3$/],
      ['[1,3,-1,2]', /^error row 3 has column -1, expected an integer 0..3$/],
      ['{"positions":[1,3,1.5,2]}', /^error row 3 has column 1.5, expected an integer 0..3$/],
      ['[1,3,0,2', /not valid JSON: it ends inside an array or object \(byte 8\)/],
      ['[1,3,0,,2]', /not valid JSON: unexpected "," at byte 7/],
      ['{"positions":[1,3,0,2]} x', /unexpected "x" at byte 24/],
      ['[1,3,0,tru]', /unexpected "tru" at byte 7/],
      ['{"n":4}', /no "positions" array/],
      ['   ', /the placement is empty/],
    ];
    for (const [text, message] of cases) {
      const whole = outcome(() => parsePositions(text));
      expect(whole, text).toMatch(message);
      expect(whole.split('\n')).toHaveLength(1);
      for (const size of [1, 2, 3, 5])
        expect(
          outcome(() => parseChunked(text, [size])),
          `${text} in chunks of ${size}`,
        ).toBe(whole);
    }
  });
});

describe('a stated n and a byte-order mark (issue 25)', () => {
  test('a file that states n is checked against it', () => {
    expect(() => parsePositions('{"n":8,"positions":[1,3,0,2]}')).toThrow('the file says n = 8 but its positions hold 4 columns');
    expect(Array.from(parsePositions('{"n":4,"positions":[1,3,0,2]}'))).toEqual([1, 3, 0, 2]);
    expect(Array.from(parsePositions('{"positions":[1,3,0,2],"n":4}'))).toEqual([1, 3, 0, 2]);
    expect(() => parsePositions('{"n":-4,"positions":[1,3,0,2]}')).toThrow('the file\'s "n" is -4, expected the number of queens');
    // A nested "n" is not the file's.
    expect(Array.from(parsePositions('{"meta":{"n":9},"positions":[1,3,0,2]}'))).toEqual([1, 3, 0, 2]);
  });

  test('a byte-order mark before JSON or plain columns is skipped', () => {
    expect(Array.from(parsePositions('\uFEFF{"n":4,"positions":[1,3,0,2]}'))).toEqual([1, 3, 0, 2]);
    expect(Array.from(parsePositions('\uFEFF1 3 0 2\n'))).toEqual([1, 3, 0, 2]);
  });
});
