// Parsing boards and sizes from user text (every client's one board syntax), with errors naming the row and cell.
import { checkOptionalObject, checkString } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { parseInteger } from '../core/numbers.js';
import { cellName, checkSize, makeBoard } from './board.js';
import { BLANK, WALL } from './types.js';
import type { Board } from './types.js';

/** Options of {@link parseBoard}. */
export interface ParseBoardOptions {
  /** "3" (3 wide; 3×3 for 9 cells, else the height follows from the count), "4x3" (W×H), or a number. */
  size?: string | number;
}

/** A cell as given in a board's text or array: a tile number, 0 or `_` for the blank, `#` for a wall. */
export type RawCell = number | string;

/**
 * A board size from user text: "4x3" / "4X3" / "4×3" is width 4, height 3; "3" or 3 gives only the
 * width (height undefined: the caller decides, usually square).
 */
export function parseSize(size: string | number): { width: number; height?: number } {
  if (typeof size === 'number') {
    if (!Number.isInteger(size)) throw new InvalidInputError(`--size ${size} is not a size (use e.g. 3 or 4x3)`);
    checkSize(size, size);
    return { width: size };
  }
  checkString(size, 'size');
  const s = size.trim();
  let m = /^(\d+)$/.exec(s);
  if (m) {
    const w = Number(m[1]);
    checkSize(w, w);
    return { width: w };
  }
  m = /^(\d+)\s*[xX×]\s*(\d+)$/.exec(s);
  if (m) {
    const w = Number(m[1]);
    const h = Number(m[2]);
    checkSize(w, h);
    return { width: w, height: h };
  }
  throw new InvalidInputError(`--size '${size}' is not a size (use e.g. 3 or 4x3)`);
}

const QUOTED = /^(["'])(.*)\1$/;

function splitTokens(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .filter((t) => t.length > 0)
    .map((t) => t.replace(QUOTED, '$2'));
}

/**
 * Bracketed rows, read strictly: `[[1,2,3],[4,5,6],[7,8,0]]` (JSON, cells may be quoted) or
 * numpy-style `[[1 2 3] [4 5 6] [7 8 0]]`, or one bracketed row `[1,2,3,…]`. Items are separated by
 * a comma or by white space; a missing or extra bracket, an empty item (`,,`, a leading or trailing
 * comma), brackets nested deeper than rows, or anything after the last bracket is refused.
 */
function bracketRows(text: string): string[][] {
  let i = 0;
  const bad = (what: string): never => {
    throw new InvalidInputError(`not a list of rows: ${what} at character ${i + 1}; write rows as [[1,2,3],[4,5,6],[7,8,0]]`);
  };
  const space = (): void => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  /** Items of one bracketed list (the '[' already read); `item` reads one at i. */
  const list = <T>(item: () => T): T[] => {
    const items: T[] = [];
    for (;;) {
      space();
      if (text[i] === ']') {
        if (items.length > 0 && text[i - 1] === ',') bad("a trailing ','");
        i++;
        return items;
      }
      if (i >= text.length) bad("a missing ']'");
      if (text[i] === ',') bad(items.length === 0 ? "a leading ','" : "an empty item (',,')");
      items.push(item());
      space();
      if (i >= text.length) bad("a missing ']'");
      if (text[i] === ',') i++;
      else if (text[i] !== ']' && text[i] !== '[' && i > 0 && !/\s/.test(text[i - 1]!)) bad(`'${text[i] ?? ''}'`);
    }
  };
  const cell = (): string => {
    const q = text[i];
    if (q === '"' || q === "'") {
      const end = text.indexOf(q, i + 1);
      if (end < 0) bad('an unclosed quote');
      const token = text.slice(i + 1, end);
      i = end + 1;
      return token;
    }
    if (text[i] === '[') bad('brackets nested deeper than rows');
    const start = i;
    while (i < text.length && !/[\s,[\]]/.test(text[i]!)) i++;
    return text.slice(start, i);
  };
  const row = (): string[] => {
    if (text[i] !== '[') bad(`'${text[i]}' where a row '[' was expected`);
    i++;
    return list(cell);
  };
  const outside = (): never => {
    const token = /^[^\s,[\]]+/.exec(text.slice(i))?.[0] ?? text[i];
    throw new InvalidInputError(`'${token}' is outside a row's brackets; write rows as [[1,2,3],[4,5,6],[7,8,0]]`);
  };
  space();
  if (text[i] !== '[') outside();
  i++;
  space();
  let rows: string[][];
  if (text[i] === '[') rows = list(row);
  else {
    // one row, or numpy's rows without outer brackets: [1 2 3] [4 5 6] [7 8 0]
    rows = [list(cell)];
    for (;;) {
      space();
      if (
        text[i] === ',' &&
        text
          .slice(i + 1)
          .trimStart()
          .startsWith('[')
      )
        i++;
      space();
      if (text[i] !== '[') break;
      rows.push(row());
    }
  }
  space();
  if (i < text.length) outside();
  return rows.filter((r) => r.length > 0);
}

/** Rows of raw tokens from text: bracketed (bracketRows) or `/`/newline rows. */
function textRows(text: string): string[][] {
  if (text.includes('[') || text.includes(']')) return bracketRows(text);
  return text
    .split(/\/|\r?\n/)
    .map(splitTokens)
    .filter((r) => r.length > 0);
}

function cellValue(raw: RawCell): number | undefined {
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= WALL ? raw : undefined;
  const t = raw.trim().replace(QUOTED, '$2');
  if (t === '0' || t === '_' || t === '*') return BLANK;
  if (t === '#' || t === '-1') return WALL;
  return parseInteger(t);
}

function showRaw(raw: RawCell): string {
  return typeof raw === 'number' ? String(raw) : `'${raw}'`;
}

function squareExample(n: number): string | undefined {
  for (let h = Math.floor(Math.sqrt(n)); h >= 2; h--) if (n % h === 0) return `${n / h}x${h}`;
  return undefined;
}

/** Width and height from the size option, the row structure, or a square count. */
function dimensions(rows: readonly (readonly RawCell[])[], count: number, size?: string | number): [number, number] {
  if (count === 0) throw new InvalidInputError('no cells given');
  const structured = rows.length > 1;
  const checkRows = (w: number): void => {
    rows.forEach((row, r) => {
      if (row.length !== w) throw new InvalidInputError(`row ${r + 1} has ${row.length} cells, expected ${w}`);
    });
  };
  if (size !== undefined) {
    const { width: w, height } = parseSize(size);
    let h: number;
    if (height !== undefined) {
      h = height;
      if (count !== w * h) throw new InvalidInputError(`--size ${w}x${h} needs ${w * h} cells, got ${count}`);
    } else if (count === w * w) {
      h = w;
    } else if (count % w === 0 && count / w >= 2) {
      h = count / w;
    } else {
      throw new InvalidInputError(`--size ${w} needs ${w * w} cells (or a multiple of ${w}), got ${count}`);
    }
    checkSize(w, h);
    if (structured) checkRows(w);
    return [w, h];
  }
  if (structured) {
    const w = (rows[0] as readonly RawCell[]).length;
    checkRows(w);
    checkSize(w, rows.length);
    return [w, rows.length];
  }
  const side = Math.round(Math.sqrt(count));
  if (side * side === count) {
    checkSize(side, side);
    return [side, side];
  }
  const ex = squareExample(count);
  throw new InvalidInputError(
    ex
      ? `${count} cells fit no square board; give the size, e.g. --size ${ex}`
      : `${count} cells fit no square board nor any W×H board with both sides at least 2`,
  );
}

/**
 * A validated Board from user input.
 *
 * Text: cells row-major, separated by spaces and/or commas; rows separated by `/` or new lines;
 * blank `0`, `_` or `*`; wall `#` or `-1`. Bracketed rows are read too: JSON (`[[1,2,3],[4,5,6],[7,8,0]]`,
 * cells may be quoted strings) and numpy-style prints (`[[1 2 3] [4 5 6] [7 8 0]]`). An array of
 * rows (numbers or the same tokens as strings) is accepted as a value.
 *
 * The size comes from `options.size`, else the rows, else a square count (9 → 3×3).
 * Every error is an InvalidInputError with one line naming what and where.
 *
 * @param input - The board as text, or as rows of cells.
 * @param options - `size` (`"4"`, `"4x3"`) when the text alone does not say it.
 * @returns The validated board.
 * @throws {InvalidInputError} On malformed text, a wrong cell count, a repeated or missing tile.
 * @example
 * ```ts
 * import { parseBoard } from '@searchlab/engine/puzzle';
 * const board = parseBoard('1 2 3/4 5 6/7 0 8'); // 3×3, blank at row 3, column 2
 * console.log(board.width, board.height, board.cells.indexOf(0)); // 3 3 7
 * ```
 */
export function parseBoard(input: string | readonly (readonly RawCell[])[] | readonly RawCell[], options: ParseBoardOptions = {}): Board {
  checkOptionalObject(options, 'options');
  let rows: (readonly RawCell[])[];
  if (typeof input === 'string') {
    rows = textRows(input.trim());
  } else if (Array.isArray(input)) {
    const items = input as readonly unknown[];
    if (items.every((x) => Array.isArray(x))) rows = (items as unknown as (readonly RawCell[])[]).filter((r) => r.length > 0);
    else if (items.every((x) => !Array.isArray(x))) rows = items.length > 0 ? [items as RawCell[]] : [];
    else throw new InvalidInputError('mixed rows and single cells; give an array of rows like [[1,2,3],[4,5,6],[7,8,0]]');
  } else {
    throw new InvalidInputError('a board must be text or an array of rows');
  }
  const flat = rows.flat();
  let dims: [number, number] | undefined;
  let dimsError: unknown;
  try {
    dims = dimensions(rows, flat.length, options.size);
  } catch (e) {
    dimsError = e;
  }
  // A bad token is the more specific error, so it is reported even when the size is wrong too.
  const values: number[] = [];
  const structured = rows.length > 1;
  rows.forEach((row, r) => {
    row.forEach((raw, c) => {
      const v = cellValue(raw);
      if (v === undefined) {
        const k = values.length;
        const where = structured ? `row ${r + 1}, col ${c + 1}` : dims ? cellName(dims[0], k) : `cell ${k + 1}`;
        throw new InvalidInputError(`${where}: ${showRaw(raw)} is not a tile, blank (0 _ *) or wall (# -1)`);
      }
      values.push(v);
    });
  });
  if (!dims) throw dimsError;
  return makeBoard(dims[0], dims[1], values);
}
