// Reading points for `searchlab fit`: CSV/TSV (header optional, columns by name or 1-based number)
// or JSON / JSON Lines, streamed line by line into growable Float64Arrays, so that a million rows
// never sit in memory as text (only a whole-file JSON array is read at once: JSON.parse needs it).
// Every error is one line naming the file, line and column.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { InvalidInputError } from '@searchlab/engine';

export interface Columns {
  x?: string | undefined;
  y?: string | undefined;
  weights?: string | undefined;
}

export interface Points {
  x: Float64Array;
  y: Float64Array;
  w?: Float64Array | undefined;
  n: number;
  /** What the columns were called (for tables and plots). */
  names: { x: string; y: string; w?: string };
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
    return this.data.subarray(0, this.n);
  }
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const NON_FINITE = /^[+-]?(nan|inf|infinity)$/i;

/** A cell as a finite number, or a one-line error naming where. */
function cellNumber(text: string, where: string, column: string): number {
  const t = text.trim().replace(/^"(.*)"$/, '$1').trim();
  if (NUMBER.test(t)) {
    const v = Number(t);
    if (Number.isFinite(v)) return v;
  }
  if (t === '') throw new InvalidInputError(`${where}: column ${column} is empty`);
  if (NON_FINITE.test(t)) throw new InvalidInputError(`${where}: column ${column} is ${t}, not a finite number`);
  throw new InvalidInputError(`${where}: column ${column} is not a number: ${JSON.stringify(t.length > 40 ? `${t.slice(0, 40)}…` : t)}`);
}

function splitter(line: string): (s: string) => string[] {
  if (line.includes('\t')) return (s) => s.split('\t');
  if (line.includes(',')) return (s) => s.split(',');
  if (line.includes(';')) return (s) => s.split(';');
  return (s) => s.trim().split(/\s+/);
}

/** Resolves a column spec (header name, or 1-based number) to a 0-based index. */
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
  throw new InvalidInputError(`${option} ${spec}: ${source} has no such column${header ? ` (header: ${header.join(', ')})` : ' (no header: use a column number from 1)'}`);
}

/** Lines of a file or stdin, streamed. */
function lines(path: string): AsyncIterable<string> {
  const input = path === '-' ? process.stdin : createReadStream(path);
  return createInterface({ input, crlfDelay: Infinity });
}

async function openCheck(path: string): Promise<void> {
  if (path === '-') return;
  const { stat } = await import('node:fs/promises');
  try {
    const s = await stat(path);
    if (s.isDirectory()) throw new InvalidInputError(`${path}: is a directory`);
  } catch (e) {
    if (e instanceof InvalidInputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new InvalidInputError(`cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code ?? String(e)}`);
  }
}

/** Reads the points of `path` ('-' = stdin). */
export async function readPoints(path: string, columns: Columns): Promise<Points> {
  await openCheck(path);
  const source = path === '-' ? 'stdin' : path;
  const xs = new Column();
  const ys = new Column();
  const ws = columns.weights !== undefined ? new Column() : undefined;
  let lineNo = 0;
  let split: ((s: string) => string[]) | undefined;
  let header: string[] | undefined;
  let width = 0;
  let ix = 0;
  let iy = 1;
  let iw = -1;
  let jsonText: string[] | undefined;
  let jsonl = false;
  const names = { x: columns.x ?? '1', y: columns.y ?? '2', ...(columns.weights ? { w: columns.weights } : {}) };

  for await (const raw of lines(path)) {
    lineNo++;
    if (jsonText) {
      jsonText.push(raw);
      continue;
    }
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const where = `${source}:${lineNo}`;
    if (split === undefined && !jsonl && (line.startsWith('[') || line.startsWith('{'))) {
      // JSON Lines when this line alone is one value (and not a whole-file array of numbers); else one JSON document.
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        value = undefined;
      }
      if (value !== undefined && (Array.isArray(value) ? value.every((v) => typeof v === 'number' || typeof v === 'string') : typeof value === 'object')) {
        if (Array.isArray(value) || !Object.values(value as object).some(Array.isArray)) jsonl = true;
      }
      if (!jsonl) {
        jsonText = [raw];
        continue;
      }
    }
    if (jsonl) {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (e) {
        throw new InvalidInputError(`${where}: not valid JSON (${(e as Error).message})`);
      }
      addRecord(value, where, columns, xs, ys, ws);
      continue;
    }
    if (split === undefined) {
      split = splitter(line);
      const cells = split(line).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
      width = cells.length;
      const numeric = cells.every((c) => NUMBER.test(c) || NON_FINITE.test(c));
      if (!numeric) header = cells;
      ix = resolve(columns.x ?? '1', header, width, '--x', source);
      iy = resolve(columns.y ?? '2', header, width, '--y', source);
      if (columns.weights !== undefined) iw = resolve(columns.weights, header, width, '--weights', source);
      if (header) {
        names.x = header[ix]!;
        names.y = header[iy]!;
        if (iw >= 0) (names as { w?: string }).w = header[iw]!;
        continue;
      }
    }
    const cells = split(line);
    if (cells.length !== width) throw new InvalidInputError(`${where}: ${cells.length} cell${cells.length === 1 ? '' : 's'}, expected ${width}${header ? ' (as the header)' : ' (as the first row)'}`);
    const col = (i: number) => (header ? `${i + 1} (${header[i]})` : String(i + 1));
    xs.push(cellNumber(cells[ix]!, where, col(ix)));
    ys.push(cellNumber(cells[iy]!, where, col(iy)));
    if (ws) ws.push(cellNumber(cells[iw]!, where, col(iw)));
  }
  if (jsonText) readJsonDocument(jsonText.join('\n'), source, columns, xs, ys, ws);
  if (xs.n === 0) throw new InvalidInputError(`${source}: no data rows`);
  return { x: xs.done(), y: ys.done(), ...(ws ? { w: ws.done() } : {}), n: xs.n, names };
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
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidInputError(`${where}: column ${label} is not a finite number: ${JSON.stringify(v)}`);
  return v;
}

function addRecord(record: unknown, where: string, columns: Columns, xs: Column, ys: Column, ws: Column | undefined): void {
  xs.push(field(record, columns.x, 'x', 0, where, '--x'));
  ys.push(field(record, columns.y, 'y', 1, where, '--y'));
  if (ws) ws.push(field(record, columns.weights, 'w', 2, where, '--weights'));
}

/** A whole JSON document: [[x, y], …], [{x, y}, …], or {"x": […], "y": […]}. */
function readJsonDocument(text: string, source: string, columns: Columns, xs: Column, ys: Column, ws: Column | undefined): void {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new InvalidInputError(`${source}: not valid JSON (${(e as Error).message})`);
  }
  if (Array.isArray(doc)) {
    doc.forEach((record, i) => addRecord(record, `${source}: element ${i + 1}`, columns, xs, ys, ws));
    return;
  }
  if (doc !== null && typeof doc === 'object') {
    const obj = doc as Record<string, unknown>;
    const get = (spec: string | undefined, name: string, option: string): unknown[] => {
      const key = spec ?? name;
      const v = obj[key];
      if (!Array.isArray(v)) throw new InvalidInputError(`${source}: ${option} ${key}: expected an array "${key}" in the JSON object`);
      return v;
    };
    const cx = get(columns.x, 'x', '--x');
    const cy = get(columns.y, 'y', '--y');
    const cw = ws ? get(columns.weights, 'w', '--weights') : undefined;
    if (cy.length !== cx.length || (cw && cw.length !== cx.length)) {
      throw new InvalidInputError(`${source}: the arrays have different lengths (x ${cx.length}, y ${cy.length}${cw ? `, w ${cw.length}` : ''})`);
    }
    const keys = { x: columns.x ?? 'x', y: columns.y ?? 'y', weights: columns.weights ?? 'w' };
    cx.forEach((_, i) => addRecord({ [keys.x]: cx[i], [keys.y]: cy[i], [keys.weights]: cw?.[i] }, `${source}: element ${i + 1}`, keys, xs, ys, ws));
    return;
  }
  throw new InvalidInputError(`${source}: expected a JSON array or object`);
}
