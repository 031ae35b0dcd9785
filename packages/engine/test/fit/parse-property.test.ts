// Property test of the delimited-text reader (issue 25): random CSV/TSV/semicolon tables, written
// here by an independent RFC 4180 writer with headers, quoted cells, empty cells, a byte-order mark
// and CRLF, must give exactly the rows the table holds, or a one-line error naming a line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePoints } from '@searchlab/engine/fit';

interface Table {
  delimiter: ',' | '\t' | ';';
  header: string[] | undefined;
  rows: (number | '')[][];
  quoteAll: boolean;
  bom: boolean;
  crlf: boolean;
}

const cellText = (v: number | string, quote: boolean): string => {
  const text = typeof v === 'number' ? String(v) : v;
  // Any of the three delimiters is quoted: the reader sniffs the delimiter from the first row.
  const needs = /[,;\t"\r\n]/.test(text) || text !== text.trim();
  return quote || needs ? `"${text.replaceAll('"', '""')}"` : text;
};

function write(t: Table): string {
  const eol = t.crlf ? '\r\n' : '\n';
  const lines = [...(t.header ? [t.header] : []), ...t.rows].map((r) => r.map((c) => cellText(c, t.quoteAll)).join(t.delimiter));
  return `${t.bom ? '\uFEFF' : ''}${lines.join(eol)}${eol}`;
}

/** What the reader should do, from the table alone: rows used, or the line of the first bad row. */
function expected(t: Table, text: string): { rows: number; header: boolean } | { errorLine: number } {
  const all: (number | string)[][] = [...(t.header ? [t.header] : []), ...t.rows];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  // A row's line: written rows take one line each unless a quoted cell holds line breaks.
  let line = 1;
  let header = false;
  let used = 0;
  for (const [i, r] of all.entries()) {
    const at = line;
    line += r.reduce<number>((k, c) => k + (typeof c === 'string' ? (c.match(/\r\n|\n|\r/g)?.length ?? 0) : 0), 0);
    line++;
    if (lines[at - 1]!.trim() === '') continue; // a row of empty TSV cells is a blank line
    if (i === 0 && r.every((c) => typeof c === 'string' && !/^[+-]?(\d|\.\d)/.test(c.trim()))) {
      header = true;
      continue;
    }
    if (r[0] === '' || r[1] === '') return { errorLine: at };
    used++;
  }
  return used === 0 ? { errorLine: 0 } : { rows: used, header };
}

const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,;"\t\n]{0,6}$/);
const number = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }), fc.integer());
const cell = fc.oneof({ weight: 6, arbitrary: number }, { weight: 1, arbitrary: fc.constant('' as const) });

const table: fc.Arbitrary<Table> = fc.integer({ min: 2, max: 4 }).chain((width) =>
  fc.record({
    delimiter: fc.constantFrom(',' as const, '\t' as const, ';' as const),
    header: fc.option(fc.array(name, { minLength: width, maxLength: width }), { nil: undefined }),
    rows: fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 8 }),
    quoteAll: fc.boolean(),
    bom: fc.boolean(),
    crlf: fc.boolean(),
  }),
);

describe('delimited text, random tables (issue 25)', () => {
  it('uses every data row, or fails with one line naming where', () => {
    fc.assert(
      fc.property(table, (t) => {
        const text = write(t);
        const want = expected(t, text);
        let got: ReturnType<typeof parsePoints> | Error;
        try {
          got = parsePoints(text, {}, 'in');
        } catch (e) {
          got = e as Error;
        }
        if ('errorLine' in want) {
          expect(got).toBeInstanceOf(Error);
          const message = (got as Error).message;
          expect(message).not.toContain('\n');
          expect(message).toMatch(want.errorLine === 0 ? /^in: no data rows/ : new RegExp(`^in:${want.errorLine}: column [12]\\b.* is empty$`));
        } else {
          expect(got).not.toBeInstanceOf(Error);
          const p = got as ReturnType<typeof parsePoints>;
          expect(p.n).toBe(want.rows);
          expect(p.headerLine !== undefined).toBe(want.header);
          const firstData = t.rows.filter((r) => r[0] !== '' || r[1] !== '')[0];
          if (firstData && typeof firstData[0] === 'number') expect(p.x[0] === firstData[0]).toBe(true);
        }
      }),
      { numRuns: 400, seed: 25 },
    );
  });
});
