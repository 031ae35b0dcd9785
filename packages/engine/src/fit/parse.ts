/**
 * Points for fitting from text: CSV/TSV/semicolon/whitespace (header optional, columns by header
 * name or 1-based number) or JSON / JSON Lines. A line-at-a-time reader, so that the CLI can stream a
 * file of a million rows into growable Float64Arrays without holding its text, and the web view can
 * feed pasted text. Only a whole-file JSON document is kept as text (JSON.parse needs all of it).
 * Every error is one line naming the source, line (or element) and column.
 */
import { DECIMAL } from '../core/numbers.js';
import { checkObject, checkString } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { MAX_TERMS } from './reference.js';

/**
 * Which columns hold x, y and the weights (header names, JSON keys or 1-based numbers); default: the first two columns (JSON: keys `x` and `y`), no weights.
 */
export interface Columns {
  x?: string | undefined;
  y?: string | undefined;
  weights?: string | undefined;
}

/**
 * Points read from text (CSV, TSV, whitespace or JSON): x, y, optional weights, their count and the columns' names.
 */
export interface Points {
  x: Float64Array;
  y: Float64Array;
  w?: Float64Array | undefined;
  n: number;
  /** What the columns are called (header names, JSON keys, or numbers). */
  names: { x: string; y: string; w?: string };
  /** The line of the header row, when the text had one (delimited text only). */
  headerLine?: number;
}

/** A column of doubles that grows by doubling. */
class Column {
  data = new Float64Array(1024);
  n = 0;
  push(v: number): void {
    if (this.n === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.n++] = v;
  }
  done(): Float64Array {
    return this.data.slice(0, this.n);
  }
}

const NUMBER = DECIMAL; // the one number syntax (core/numbers.ts)
const NON_FINITE = /^[+-]?(nan|inf|infinity)$/i;
/** A header name inside a one-line message: line breaks and tabs as escapes. */
const oneLineName = (name: string): string => name.replace(/[\r\n\t]/g, (c) => JSON.stringify(c).slice(1, -1));
const isNumberLike = (cell: string): boolean => NUMBER.test(cell) || NON_FINITE.test(cell);

/** A cell as a finite number, or a one-line error naming where. */
function cellNumber(text: string, where: string, column: string): number {
  const t = text.trim();
  if (NUMBER.test(t)) {
    const v = Number(t);
    if (Number.isFinite(v)) return v;
    throw new InvalidInputError(`${where}: column ${column} is ${t}, which overflows a double (its magnitude is past 1.8e308)`);
  }
  if (t === '') throw new InvalidInputError(`${where}: column ${column} is empty`);
  if (NON_FINITE.test(t)) throw new InvalidInputError(`${where}: column ${column} is ${t}, not a finite number`);
  throw new InvalidInputError(`${where}: column ${column} is not a number: ${JSON.stringify(t.length > 40 ? `${t.slice(0, 40)}…` : t)}`);
}

/** How the cells of a delimited row are separated: one character, or any run of blanks. */
type Delimiter = string | 'blanks';

/** The delimiter of a first row: tab, comma or semicolon outside quotes (in that order), else blanks. */
function sniffDelimiter(line: string): Delimiter {
  const bare = line.replace(/"(?:[^"]|"")*"?/g, '');
  for (const d of ['\t', ',', ';']) if (bare.includes(d)) return d;
  return 'blanks';
}

const isBlank = (c: string): boolean => c === ' ' || c === '\t';

/**
 * Rows of delimited text by RFC 4180: a field in double quotes may hold the delimiter, a line break
 * and `""` (one quote); a quote elsewhere in a field is an error. Fed one line at a time (lines are
 * split at CRLF or LF by the caller), it returns a row when one ends, undefined while a quoted
 * field runs on past the line. Blanks around an unquoted cell are trimmed.
 */
class DelimitedRows {
  private cells: string[] = [];
  private field = '';
  private quoted = false;
  private inQuotes = false;
  /** The line a row that spans lines started on (errors name it). */
  startLine = 0;

  constructor(private readonly delimiter: Delimiter) {}

  get pending(): boolean {
    return this.inQuotes;
  }

  feed(line: string, lineNo: number, where: () => string): string[] | undefined {
    if (!this.inQuotes) {
      this.startLine = lineNo;
      this.cells = [];
      this.field = '';
      this.quoted = false;
    } else this.field += '\n';
    const blanks = this.delimiter === 'blanks';
    const text = blanks && !this.inQuotes ? line.trim() : line;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (this.inQuotes) {
        if (c !== '"') this.field += c;
        else if (text[i + 1] === '"') {
          this.field += '"';
          i++;
        } else this.inQuotes = false;
      } else if (blanks ? isBlank(c) : c === this.delimiter) {
        this.endField();
        if (blanks) while (i + 1 < text.length && isBlank(text[i + 1]!)) i++;
      } else if (c === '"' && !this.quoted && this.field.trim() === '') {
        this.inQuotes = true;
        this.quoted = true;
        this.field = '';
      } else if (this.quoted) {
        if (!isBlank(c)) throw new InvalidInputError(`${where()}: column ${this.cells.length + 1} has text after its closing quote`);
      } else if (c === '"') {
        throw new InvalidInputError(
          `${where()}: column ${this.cells.length + 1} has a quote inside an unquoted cell (quote the whole cell and double the quote)`,
        );
      } else this.field += c;
    }
    if (this.inQuotes) return undefined;
    this.endField();
    return this.cells;
  }

  private endField(): void {
    this.cells.push(this.quoted ? this.field : this.field.trim());
    this.field = '';
    this.quoted = false;
  }
}

/** A column spec (header name, or number from 1) as a 0-based index. */
function resolve(spec: string, header: string[] | undefined, cells: number, option: string, source: string): number {
  if (header) {
    const exact = header.indexOf(spec);
    if (exact >= 0) return exact;
    const folded = header.findIndex((h) => h.toLowerCase() === spec.toLowerCase());
    if (folded >= 0) return folded;
  }
  if (/^\d+$/.test(spec)) {
    const i = Number(spec) - 1;
    if (i >= 0 && i < cells) return i;
    throw new InvalidInputError(`${option} ${spec}: ${source} has ${cells} column${cells === 1 ? '' : 's'} (numbered from 1)`);
  }
  throw new InvalidInputError(
    `${option} ${spec}: ${source} has no such column${header ? ` (header: ${header.map(oneLineName).join(', ')})` : ' (no header: use a column number from 1)'}`,
  );
}

function field(record: unknown, spec: string | undefined, fallbackName: string, fallbackIndex: number, where: string, option: string): number {
  let v: unknown;
  let label: string;
  if (Array.isArray(record)) {
    const i = spec !== undefined && /^\d+$/.test(spec) ? Number(spec) - 1 : spec === undefined ? fallbackIndex : -1;
    if (i < 0) throw new InvalidInputError(`${where}: ${option} ${spec} must be a column number (from 1) for array rows`);
    v = record[i];
    label = String(i + 1);
  } else if (record !== null && typeof record === 'object') {
    label = spec ?? fallbackName;
    v = (record as Record<string, unknown>)[label];
  } else {
    throw new InvalidInputError(`${where}: expected an array or an object, got ${JSON.stringify(record)?.slice(0, 40)}`);
  }
  if (v === undefined) throw new InvalidInputError(`${where}: no column ${label}`);
  if (typeof v === 'string') return cellNumber(v, where, label);
  // JSON has no Infinity: a non-finite number came from a literal past the largest double (1e400).
  if (typeof v === 'number' && !Number.isFinite(v)) throw new InvalidInputError(`${where}: column ${label} overflows a double (its magnitude is past 1.8e308)`);
  if (typeof v !== 'number') throw new InvalidInputError(`${where}: column ${label} is not a finite number: ${JSON.stringify(v)}`);
  return v;
}

/** One line alone is a JSON Lines record (a row array of numbers, or an object without arrays). */
function isJsonLine(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  if (Array.isArray(value)) return value.every((v) => typeof v === 'number' || typeof v === 'string');
  return value !== null && typeof value === 'object' && !Object.values(value).some(Array.isArray);
}

/**
 * A line-at-a-time reader: feed every line (streamed or split) to `line`, then call `finish`.
 * `source` names the text in errors ("data.csv:12: …", "stdin:3: …").
 */
export function pointsReader(
  columns: Columns,
  source: string,
): {
  /** Reads one line of the text (a header, a comment, a blank or a point). */
  line(raw: string): void;
  /** Ends the text and returns the points read; throws InvalidInputError when there are none. */
  finish(): Points;
} {
  checkObject(columns, 'columns');
  for (const key of ['x', 'y', 'weights'] as const) if (columns[key] !== undefined) checkString(columns[key], `columns.${key}`);
  checkString(source, 'source');
  const xs = new Column();
  const ys = new Column();
  const ws = columns.weights !== undefined ? new Column() : undefined;
  const names: Points['names'] = { x: columns.x ?? '1', y: columns.y ?? '2', ...(columns.weights ? { w: columns.weights } : {}) };
  let lineNo = 0;
  let rows: DelimitedRows | undefined;
  let header: string[] | undefined;
  let headerLine = 0;
  const firstRow: string[] = [];
  let width = 0;
  let ix = 0;
  let iy = 1;
  let iw = -1;
  let jsonText: string[] | undefined;
  let jsonl = false;

  const addRecord = (record: unknown, where: string, cols: Columns): void => {
    xs.push(field(record, cols.x, 'x', 0, where, '--x'));
    ys.push(field(record, cols.y, 'y', 1, where, '--y'));
    if (ws) ws.push(field(record, cols.weights, 'w', 2, where, '--weights'));
  };

  const line = (input: string): void => {
    lineNo++;
    // A byte-order mark (as spreadsheets write) is not part of the first cell.
    const raw = lineNo === 1 && input.startsWith('\uFEFF') ? input.slice(1) : input;
    if (jsonText) {
      jsonText.push(raw);
      return;
    }
    const text = raw.trim();
    const inRow = rows?.pending === true || firstRow.length > 0;
    if (!inRow && (text === '' || text.startsWith('#'))) return;
    const where = `${source}:${lineNo}`;
    if (rows === undefined && !jsonl && (text.startsWith('[') || text.startsWith('{'))) {
      if (isJsonLine(text)) jsonl = true;
      else {
        jsonText = [raw];
        return;
      }
    }
    if (jsonl) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (e) {
        throw new InvalidInputError(`${where}: not valid JSON (${(e as Error).message})`);
      }
      if (jsonl && names.x === '1' && !Array.isArray(value)) Object.assign(names, { x: columns.x ?? 'x', y: columns.y ?? 'y' });
      addRecord(value, where, columns);
      return;
    }
    if (rows === undefined) {
      // The delimiter is sniffed from the whole first row, which may run over lines inside quotes.
      firstRow.push(raw);
      const joined = firstRow.join('\n');
      if ((joined.match(/"/g)?.length ?? 0) % 2 === 1) return;
      rows = new DelimitedRows(sniffDelimiter(joined));
      const first = lineNo - firstRow.length + 1;
      let cells: string[] | undefined;
      for (const [k, l] of firstRow.entries()) cells = rows.feed(l, first + k, () => `${source}:${first + k}`);
      firstRow.length = 0;
      delimitedRow(cells!);
      return;
    }
    const cells = rows.feed(raw, lineNo, () => `${source}:${lineNo}`);
    if (cells !== undefined) delimitedRow(cells);
  };

  const delimitedRow = (cells: string[]): void => {
    const rows_ = rows!;
    const rowWhere = `${source}:${rows_.startLine}`;
    if (width === 0) {
      width = cells.length;
      // A first row none of whose cells is a number is a header; one with any number is data (so
      // a typo there is an error, as on any later row).
      if (!cells.some(isNumberLike)) {
        header = cells;
        headerLine = rows_.startLine;
      }
      ix = resolve(columns.x ?? '1', header, width, '--x', source);
      iy = resolve(columns.y ?? '2', header, width, '--y', source);
      if (columns.weights !== undefined) iw = resolve(columns.weights, header, width, '--weights', source);
      if (header) {
        names.x = header[ix]!;
        names.y = header[iy]!;
        if (iw >= 0) names.w = header[iw]!;
        return;
      }
    }
    if (cells.length !== width) {
      throw new InvalidInputError(
        `${rowWhere}: ${cells.length} cell${cells.length === 1 ? '' : 's'}, expected ${width}${header ? ` (as the header on line ${headerLine})` : ' (as the first row)'}`,
      );
    }
    const col = (i: number) => (header ? `${i + 1} (${oneLineName(header[i]!)})` : String(i + 1));
    xs.push(cellNumber(cells[ix]!, rowWhere, col(ix)));
    ys.push(cellNumber(cells[iy]!, rowWhere, col(iy)));
    if (ws) ws.push(cellNumber(cells[iw]!, rowWhere, col(iw)));
  };

  /** A whole JSON document: [[x, y], …], [{x, y}, …], or {"x": […], "y": […]}. */
  const jsonDocument = (text: string): void => {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      throw new InvalidInputError(`${source}: not valid JSON (${(e as Error).message})`);
    }
    if (Array.isArray(doc)) {
      if (doc.length > 0 && !Array.isArray(doc[0])) Object.assign(names, { x: columns.x ?? 'x', y: columns.y ?? 'y' });
      doc.forEach((record, i) => addRecord(record, `${source}: element ${i + 1}`, columns));
      return;
    }
    if (doc === null || typeof doc !== 'object') throw new InvalidInputError(`${source}: expected a JSON array or object`);
    const obj = doc as Record<string, unknown>;
    const keys = { x: columns.x ?? 'x', y: columns.y ?? 'y', weights: columns.weights ?? 'w' };
    Object.assign(names, { x: keys.x, y: keys.y });
    const get = (key: string, option: string): unknown[] => {
      const v = obj[key];
      if (!Array.isArray(v)) throw new InvalidInputError(`${source}: ${option} ${key}: expected an array "${key}" in the JSON object`);
      return v;
    };
    const cx = get(keys.x, '--x');
    const cy = get(keys.y, '--y');
    const cw = ws ? get(keys.weights, '--weights') : undefined;
    if (cy.length !== cx.length || (cw && cw.length !== cx.length)) {
      throw new InvalidInputError(`${source}: the arrays have different lengths (x ${cx.length}, y ${cy.length}${cw ? `, w ${cw.length}` : ''})`);
    }
    cx.forEach((_, i) => addRecord({ [keys.x]: cx[i], [keys.y]: cy[i], [keys.weights]: cw?.[i] }, `${source}: element ${i + 1}`, keys));
  };

  return {
    line,
    finish(): Points {
      if (jsonText) jsonDocument(jsonText.join('\n'));
      const open = rows?.pending === true ? rows.startLine : firstRow.length > 0 ? lineNo - firstRow.length + 1 : 0;
      if (open > 0) throw new InvalidInputError(`${source}:${open}: a quoted cell is not closed before the end of the text`);
      if (xs.n === 0) throw new InvalidInputError(`${source}: no data rows${header ? ` after the header on line ${headerLine}` : ''}`);
      return { x: xs.done(), y: ys.done(), ...(ws ? { w: ws.done() } : {}), n: xs.n, names, ...(header ? { headerLine } : {}) };
    },
  };
}

/** Points from a whole text (pasted, or a file read in the browser). */
export function parsePoints(text: string, columns: Columns = {}, source = 'input'): Points {
  checkString(text, 'text');
  const reader = pointsReader(columns, source);
  for (const l of text.split(/\r?\n/)) reader.line(l);
  return reader.finish();
}

/** A list of degrees like "1,2,5,8" or "1-6" (sorted, without repeats); InvalidInputError otherwise. */
export function parseDegrees(text: string): number[] {
  checkString(text, 'degrees');
  const out: number[] = [];
  // A degree past the largest a fit takes is refused here (before a range of 10⁸ is spelled out).
  const degree = (d: string): number => {
    if (Number(d) > MAX_TERMS - 1) throw new InvalidInputError(`degrees: ${d} is past the largest degree, ${MAX_TERMS - 1}`);
    return Number(d);
  };
  for (const part of text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)) {
    const range = /^(\d+)\s*-\s*(\d+)$/.exec(part);
    if (range && Number(range[1]) <= Number(range[2])) for (let d = degree(range[1]!), last = degree(range[2]!); d <= last; d++) out.push(d);
    else if (/^\d+$/.test(part)) out.push(degree(part));
    else throw new InvalidInputError(`degrees: "${part}" is not a degree or a range (e.g. 1,2,5,8 or 1-6)`);
  }
  if (out.length === 0) throw new InvalidInputError('degrees: give at least one, e.g. 1,2,5,8');
  return [...new Set(out)].sort((a, b) => a - b);
}
