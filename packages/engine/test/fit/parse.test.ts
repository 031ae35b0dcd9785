// parsePoints / pointsReader: the text formats the CLI streams and the web view pastes.
import { describe, expect, it } from 'vitest';
import { parseDegrees, parsePoints } from '@searchlab/engine/fit';

const xy = (p: ReturnType<typeof parsePoints>) => [Array.from(p.x), Array.from(p.y)];

describe('parsePoints', () => {
  it('reads CSV, TSV, semicolons and whitespace, with or without a header, skipping comments and blank lines', () => {
    expect(xy(parsePoints('x,y\n1,2\n\n# note\n3,4\n'))).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(xy(parsePoints('1\t2\n3\t4'))).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(xy(parsePoints('a;b;c\n1;2;3\n4;5;6', { x: 'c', y: 'A' }))).toEqual([
      [3, 6],
      [1, 4],
    ]);
    expect(xy(parsePoints('  1   2\n 3 4  \r\n'))).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(parsePoints('t,v,w\n1,2,0.5', { x: 't', y: 'v', weights: 'w' }).w).toEqual(new Float64Array([0.5]));
    expect(parsePoints('"t","v"\n"1","2"').names).toEqual({ x: 't', y: 'v' });
  });

  it('reads JSON documents and JSON Lines', () => {
    expect(xy(parsePoints('[[1, 2], [3, 4]]'))).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(xy(parsePoints('[{"x": 1, "y": 2},\n {"x": 3, "y": 4}]'))).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(xy(parsePoints('{"x": [1, 3], "y": [2, 4]}'))).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(xy(parsePoints('{"a": 1, "b": 2}\n{"a": 3, "b": 4}', { x: 'a', y: 'b' }))).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(xy(parsePoints('[1, 2]\n[3, "4"]'))).toEqual([
      [1, 3],
      [2, 4],
    ]);
  });

  it('names the line and column of what is wrong', () => {
    expect(() => parsePoints('x,y\n1,2\n3,', {}, 'f.csv')).toThrow('f.csv:3: column 2 (y) is empty');
    expect(() => parsePoints('1 2\n3 4 5', {}, 'f')).toThrow('f:2: 3 cells, expected 2 (as the first row)');
    expect(() => parsePoints('1,inf', {}, 'f')).toThrow('f:1: column 2 is inf, not a finite number');
    expect(() => parsePoints('1,2\n1,0x1f', {}, 'f')).toThrow('f:2: column 2 is not a number: "0x1f"');
    expect(() => parsePoints('1,0x1f', {}, 'f')).toThrow('f:1: column 2 is not a number: "0x1f"'); // a number in row 1: data, not a header
    expect(() => parsePoints('x,y', {}, 'f')).toThrow('f: no data rows after the header on line 1');
    expect(() => parsePoints('# only a comment', {}, 'f')).toThrow('f: no data rows');
    expect(() => parsePoints('[1, 2]\n[3, null]', {}, 'f')).toThrow('f:2: column 2 is not a finite number: null');
    expect(() => parsePoints('{"x": [1, 2], "y": [1]}', {}, 'f')).toThrow('f: the arrays have different lengths (x 2, y 1)');
    expect(() => parsePoints('[[1, 2], [3', {}, 'f')).toThrow(/^f: not valid JSON/);
    expect(() => parsePoints('a,b\n1,2', { y: '3' }, 'f')).toThrow('--y 3: f has 2 columns (numbered from 1)');
  });
});

describe('the header rule and RFC 4180 (issue 25)', () => {
  it('keeps a first row with an empty trailing cell as data (all four rows fitted)', () => {
    const p = parsePoints('1,2,\n2,3,\n3,5,\n4,9,\n', {}, 'stdin');
    expect(p.n).toBe(4);
    expect(p.headerLine).toBeUndefined();
  });

  it('reports a typo in row 1 as it does in row 2, and a header only when no cell is a number', () => {
    expect(() => parsePoints('1,2e\n2,3\n', {}, 'f')).toThrow('f:1: column 2 is not a number: "2e"');
    expect(() => parsePoints('1,2\n2,3e\n', {}, 'f')).toThrow('f:2: column 2 is not a number: "3e"');
    expect(parsePoints('x,y\n1,2\n', {}, 'f').headerLine).toBe(1);
    expect(() => parsePoints('x,y\nx2,y2\n', {}, 'f')).toThrow('f:2: column 1 (x) is not a number: "x2"');
  });

  it('reads quoted cells holding delimiters, doubled quotes and line breaks; refuses broken quoting', () => {
    const p = parsePoints('"a, b","say ""hi""\nthere"\n1,2\n"3",4\n', { x: 'a, b' }, 'f');
    expect(p.names).toEqual({ x: 'a, b', y: 'say "hi"\nthere' });
    expect(Array.from(p.x)).toEqual([1, 3]);
    expect(() => parsePoints('x,y\n1,"2"3\n', {}, 'f')).toThrow('f:2: column 2 has text after its closing quote');
    expect(() => parsePoints('x,y\n1,2"\n', {}, 'f')).toThrow('f:2: column 2 has a quote inside an unquoted cell');
    expect(() => parsePoints('x,y\n1,"2\n3,4\n', {}, 'f')).toThrow('f:2: a quoted cell is not closed before the end of the text');
  });

  it('skips a byte-order mark and reads CRLF lines', () => {
    const p = parsePoints('\uFEFFx,y\r\n1,2\r\n3,4\r\n', {}, 'f');
    expect(p.names).toEqual({ x: 'x', y: 'y' });
    expect(p.n).toBe(2);
  });

  it('names a number that overflows a double (CSV and JSON)', () => {
    expect(() => parsePoints('1,1e400', {}, 'f')).toThrow('f:1: column 2 is 1e400, which overflows a double');
    expect(() => parsePoints('[[1, 1e400]]', {}, 'f')).toThrow('f: element 1: column 2 overflows a double');
  });
});

describe('parseDegrees', () => {
  it('takes lists and ranges, sorted without repeats, and refuses anything else', () => {
    expect(parseDegrees('1,2,5,8')).toEqual([1, 2, 5, 8]);
    expect(parseDegrees('8, 1-3 ,2')).toEqual([1, 2, 3, 8]);
    expect(() => parseDegrees('1,x')).toThrow('degrees: "x" is not a degree or a range (e.g. 1,2,5,8 or 1-6)');
    expect(() => parseDegrees('3-1')).toThrow(/"3-1" is not a degree or a range/);
    expect(() => parseDegrees(' , ')).toThrow('degrees: give at least one, e.g. 1,2,5,8');
  });
});
