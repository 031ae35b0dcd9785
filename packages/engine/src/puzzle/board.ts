// Boards: size limits, construction and validation, goals, moves, rendering and the one text form.
import { checkArray, checkString, describe, reading, shown } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { BLANK, INVERSE, MOVES, WALL } from './types.js';
import type { Board, GoalPreset, Move } from './types.js';

/**
 * Smallest and largest side accepted by the model (a 1×N board has no puzzle). Boards past
 * SEARCH_MAX_SIDE are for the constructive solver only: the searches refuse them (solve.ts).
 */
export const MIN_SIDE = 2;
/**
 * The largest side a board may have (the constructive solver's limit; searches stop at {@link SEARCH_MAX_SIDE}).
 */
export const MAX_SIDE = 128;
/** The largest side the search algorithms take (32×32 keeps their keys and tables sane). */
export const SEARCH_MAX_SIDE = 32;

/** "row 2, col 3" (1-based) for a row-major cell index. */
export function cellName(width: number, index: number): string {
  return `row ${Math.floor(index / width) + 1}, col ${(index % width) + 1}`;
}

/** "3×3" */
export function sizeName(width: number, height: number): string {
  return `${width}×${height}`;
}

/** Throws InvalidInputError unless width×height is a supported board size. */
export function checkSize(width: number, height: number): void {
  if (!Number.isInteger(width) || !Number.isInteger(height)) {
    throw new InvalidInputError(`board size must be whole numbers, got ${shown(width)}×${shown(height)}`);
  }
  if (width < MIN_SIDE || height < MIN_SIDE) {
    throw new InvalidInputError(`the board is ${sizeName(width, height)}; a board needs at least ${MIN_SIDE} rows and ${MIN_SIDE} columns`);
  }
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw new InvalidInputError(`the board is ${sizeName(width, height)}; the largest supported is ${sizeName(MAX_SIDE, MAX_SIDE)}`);
  }
}

function positions(width: number, idx: readonly number[]): string {
  const names = idx.slice(0, 2).map((i) => cellName(width, i));
  return idx.length > 2 ? `${names.join(', ')}, …` : names.join(' and ');
}

function times(n: number): string {
  return n === 2 ? 'twice' : `${n} times`;
}

/**
 * Checks every invariant of a Board (types.ts): size, cell values, exactly one blank, tiles exactly
 * 1..T, and a blank that can move. Throws InvalidInputError with a one-line message naming the cell.
 */
export function validateBoard(board: Board): void {
  if (reading('board', () => board === null || typeof board !== 'object' || Array.isArray(board))) {
    throw new InvalidInputError(`expected a board {width, height, cells}, got ${describe(board)}`);
  }
  // One read of each field (a Proxy or a getter that throws is named here).
  const { width, height, cells } = reading('board', () => ({ width: board.width, height: board.height, cells: board.cells }));
  if (typeof width !== 'number' || typeof height !== 'number') {
    throw new InvalidInputError(`width and height must be numbers, got ${describe(width)} and ${describe(height)}`);
  }
  checkSize(width, height);
  checkArray(cells, 'cells');
  if (cells.length !== width * height) {
    throw new InvalidInputError(`a ${sizeName(width, height)} board needs ${width * height} cells, got ${cells.length}`);
  }
  const blanks: number[] = [];
  let free = 0;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i] as number;
    if (!Number.isInteger(v) || v < WALL) {
      throw new InvalidInputError(`${cellName(width, i)}: ${shown(v)} is not a tile, blank (0) or wall (-1)`);
    }
    if (v === BLANK) blanks.push(i);
    if (v !== WALL) free++;
  }
  if (blanks.length === 0) throw new InvalidInputError('the board has no blank (0, _ or *)');
  if (blanks.length > 1) {
    throw new InvalidInputError(`the blank appears ${times(blanks.length)} (${positions(width, blanks)}); a board has exactly one`);
  }
  const tiles = free - 1;
  const where: number[][] = Array.from({ length: tiles + 1 }, () => []);
  let outOfRange = -1;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i] as number;
    if (v <= 0) continue;
    if (v > tiles) {
      if (outOfRange < 0) outOfRange = i;
    } else {
      (where[v] as number[]).push(i);
    }
  }
  for (let t = 1; t <= tiles; t++) {
    const at = where[t] as number[];
    if (at.length > 1) {
      throw new InvalidInputError(`tile ${t} appears ${times(at.length)} (${positions(width, at)})`);
    }
  }
  // With one blank and no duplicates, a tile is missing exactly when some tile is out of range.
  for (let t = 1; t <= tiles; t++) {
    if ((where[t] as number[]).length === 0) {
      const extra = outOfRange < 0 ? '' : `: ${cellName(width, outOfRange)} holds ${cells[outOfRange] as number}`;
      throw new InvalidInputError(`tile ${t} is missing (tiles must be ${tileRange(tiles)})${extra}`);
    }
  }
  // A walled-in blank is a valid board: it cannot move, so it is solvable only to itself
  // (solvability says so with its reason).
}

function tileRange(tiles: number): string {
  return tiles === 1 ? '1' : `1..${tiles}`;
}

/** validateBoard, with the argument's name in front of the message ("goal: the board has no blank"). */
export function checkBoard(board: Board, name = 'board'): void {
  try {
    validateBoard(board);
  } catch (e) {
    if (e instanceof InvalidInputError) throw new InvalidInputError(`${name}: ${e.message}`);
    throw e;
  }
}

/** A validated board (the cells are copied and frozen). */
export function makeBoard(width: number, height: number, cells: readonly number[]): Board {
  checkArray(cells, 'cells');
  const board: Board = { width, height, cells: Object.freeze(cells.slice()) };
  validateBoard(board);
  return Object.freeze(board);
}

/**
 * Whether two boards have the same size and the same cells (walls included); throws InvalidInputError when either is not a board.
 */
export function boardsEqual(a: Board, b: Board): boolean {
  checkBoard(a, 'a');
  checkBoard(b, 'b');
  if (a.width !== b.width || a.height !== b.height || a.cells.length !== b.cells.length) return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}

/** Index of the blank cell (row-major). */
export function blankIndex(board: Board): number {
  checkBoard(board);
  return board.cells.indexOf(BLANK);
}

/** Number of tiles T (non-wall, non-blank cells). */
export function tileCount(board: Board): number {
  checkBoard(board);
  let n = 0;
  for (const v of board.cells) if (v > 0) n++;
  return n;
}

/** Indices of the wall cells, ascending. */
export function wallIndices(board: Board): number[] {
  const out: number[] = [];
  board.cells.forEach((v, i) => {
    if (v === WALL) out.push(i);
  });
  return out;
}

/**
 * The goal board of a preset. blank-last: tiles 1..T in row-major order over the free cells and
 * the blank on the last free cell. blank-first: the blank on the first free cell, then 1..T (Korf).
 *
 * @param width - Columns, from {@link MIN_SIDE} to {@link MAX_SIDE}.
 * @param height - Rows, from {@link MIN_SIDE} to {@link MAX_SIDE}.
 * @param preset - `blank-last` (default) or `blank-first`.
 * @param walls - Wall cells as indices (row-major, 0-based); default none.
 * @returns The goal board.
 * @throws {InvalidInputError} On a side out of range, an unknown preset, or walls out of range or repeated.
 * @example
 * ```ts
 * import { goalBoard } from '@searchlab/engine/puzzle';
 * console.log(goalBoard(3, 2).cells.join(' ')); // 1 2 3 4 5 0
 * ```
 */
export function goalBoard(width: number, height: number, preset: GoalPreset = 'blank-last', walls: readonly number[] = []): Board {
  checkSize(width, height);
  checkArray(walls, 'walls');
  const n = width * height;
  const cells = new Array<number>(n).fill(0);
  for (const w of walls) {
    if (!Number.isInteger(w) || w < 0 || w >= n) {
      throw new InvalidInputError(`wall index ${w} is outside the ${sizeName(width, height)} board (0..${n - 1})`);
    }
    cells[w] = WALL;
  }
  const free: number[] = [];
  for (let i = 0; i < n; i++) if (cells[i] !== WALL) free.push(i);
  if (free.length < 2) throw new InvalidInputError(`the ${sizeName(width, height)} board has fewer than 2 free cells`);
  if (preset !== 'blank-last' && preset !== 'blank-first') {
    throw new InvalidInputError(`unknown goal preset '${shown(preset)}' (use blank-last or blank-first)`);
  }
  const last = free.length - 1;
  free.forEach((cell, k) => {
    cells[cell] = preset === 'blank-first' ? k : k === last ? BLANK : k + 1;
  });
  return makeBoard(width, height, cells);
}

/**
 * The goal of `preset` with the same size and walls as `start`.
 *
 * @param start - The board whose size and walls the goal takes.
 * @param preset - `'blank-last'` (1 2 … 0, the default) or `'blank-first'` (0 1 2 …, Korf's).
 * @returns The goal board.
 * @throws {InvalidInputError} When the preset's blank cell is walled in.
 * @example
 * ```ts
 * import { goalLike, parseBoard } from '@searchlab/engine/puzzle';
 * const goal = goalLike(parseBoard('4 2 1 3 6 7 5 8 0'), 'blank-first');
 * console.log(goal.cells.join(' ')); // 0 1 2 3 4 5 6 7 8
 * ```
 */
export function goalLike(start: Board, preset: GoalPreset = 'blank-last'): Board {
  checkBoard(start, 'start');
  return goalBoard(start.width, start.height, preset, wallIndices(start));
}

const DELTA: Readonly<Record<Move, readonly [number, number]>> = {
  up: [-1, 0],
  down: [1, 0],
  left: [0, -1],
  right: [0, 1],
};

/** The cell the blank at `from` reaches by `move`, or -1 if an edge or a wall blocks it. */
export function neighbour(board: Board, from: number, move: Move): number {
  const [dr, dc] = DELTA[move];
  const r = Math.floor(from / board.width) + dr;
  const c = (from % board.width) + dc;
  if (r < 0 || r >= board.height || c < 0 || c >= board.width) return -1;
  const to = r * board.width + c;
  return board.cells[to] === WALL ? -1 : to;
}

/** Legal moves of the blank, in the fixed order up, down, left, right. */
export function legalMoves(board: Board): Move[] {
  checkBoard(board);
  const b = blankIndex(board);
  return MOVES.filter((m) => neighbour(board, b, m) >= 0);
}

function illegal(board: Board, b: number, move: Move, label: string): InvalidInputError {
  const [dr, dc] = DELTA[move];
  const r = Math.floor(b / board.width) + dr;
  const c = (b % board.width) + dc;
  const onBoard = r >= 0 && r < board.height && c >= 0 && c < board.width;
  const why = onBoard ? ` and the cell ${SIDE[move]} is a wall` : `, on the ${edgeName(move)} edge`;
  return new InvalidInputError(`${label} is illegal: the blank is at ${cellName(board.width, b)}${why}`);
}

const SIDE: Readonly<Record<Move, string>> = {
  up: 'above it',
  down: 'below it',
  left: 'to its left',
  right: 'to its right',
};

function edgeName(move: Move): string {
  return move === 'up' ? 'top' : move === 'down' ? 'bottom' : move;
}

function step(board: Board, cells: number[], b: number, move: Move, label: string): number {
  if (!MOVES.includes(move)) throw new InvalidInputError(`${label}: ${describe(move)} is not a move`);
  const to = neighbour(board, b, move);
  if (to < 0) throw illegal({ ...board, cells }, b, move, label);
  cells[b] = cells[to] as number;
  cells[to] = BLANK;
  return to;
}

/** The board after the blank moves once; throws InvalidInputError if the move is illegal. */
export function applyMove(board: Board, move: Move): Board {
  checkBoard(board);
  const cells = board.cells.slice();
  step(board, cells, blankIndex(board), move, `move ${move}`);
  return Object.freeze({ width: board.width, height: board.height, cells: Object.freeze(cells) });
}

/**
 * The board after the blank makes `moves` in order (the input is not changed).
 *
 * @param board - The board to start from.
 * @param moves - The blank's moves (`up`, `down`, `left`, `right`).
 * @returns The new board.
 * @throws {InvalidInputError} Naming the first illegal move, e.g. "move 7 (left) is illegal: the blank
 *   is at row 2, col 1, on the left edge"; or on an invalid board.
 * @example
 * ```ts
 * import { applyMoves, goalBoard, parseMoves } from '@searchlab/engine/puzzle';
 * const b = applyMoves(goalBoard(3, 3), parseMoves('up left'));
 * console.log(b.cells.join(' ')); // 1 2 3 4 0 5 7 8 6
 * ```
 */
export function applyMoves(board: Board, moves: readonly Move[]): Board {
  checkBoard(board);
  checkArray(moves, 'moves');
  const cells = board.cells.slice();
  const view: Board = { width: board.width, height: board.height, cells };
  let b = blankIndex(board);
  moves.forEach((m, k) => {
    b = step(view, cells, b, m, `move ${k + 1} (${m})`);
  });
  return Object.freeze({ width: board.width, height: board.height, cells: Object.freeze(cells) });
}

const MOVE_WORDS: Readonly<Record<string, Move>> = {
  up: 'up',
  down: 'down',
  left: 'left',
  right: 'right',
  u: 'up',
  d: 'down',
  l: 'left',
  r: 'right',
};

/**
 * Moves from text: `up down left right` or `u d l r` in any case, separated by spaces and/or
 * commas. A token of only the letters u/d/l/r (e.g. `UULDR`) is read letter by letter.
 */
export function parseMoves(text: string): Move[] {
  checkString(text, 'moves');
  const out: Move[] = [];
  const tokens = text.split(/[\s,]+/).filter((t) => t.length > 0);
  tokens.forEach((tok, k) => {
    const low = tok.toLowerCase();
    const word = MOVE_WORDS[low];
    if (word) out.push(word);
    else if (/^[udlr]+$/.test(low)) for (const ch of low) out.push(MOVE_WORDS[ch] as Move);
    else throw new InvalidInputError(`token ${k + 1} '${tok}' is not a move (use up down left right or u d l r)`);
  });
  return out;
}

/** The inverse sequence: applying it after `moves` returns to the start. */
export function invertMoves(moves: readonly Move[]): Move[] {
  checkArray(moves, 'moves');
  return moves
    .map((m, k) => {
      if (!MOVES.includes(m)) throw new InvalidInputError(`moves[${k}]: ${describe(m)} is not a move`);
      return INVERSE[m];
    })
    .reverse();
}

function label(v: number): string {
  return v === BLANK ? '_' : v === WALL ? '#' : String(v);
}

/**
 * A terminal grid: one line per row, cells right-aligned to a common width (at least 2) and
 * separated by one space; the blank is `_`, a wall `#`. No trailing newline.
 *
 * @param board - The board to draw.
 * @returns The grid as text.
 * @throws {InvalidInputError} When `board` is not a valid board.
 * @example
 * ```ts
 * import { parseBoard, renderBoard } from '@searchlab/engine/puzzle';
 * console.log(JSON.stringify(renderBoard(parseBoard('1 2 3/4 0 5/6 7 8')).split('\n')[1])); // " 4  _  5"
 * ```
 */
export function renderBoard(board: Board): string {
  checkBoard(board);
  const labels = board.cells.map(label);
  const w = Math.max(2, ...labels.map((s) => s.length));
  const lines: string[] = [];
  for (let r = 0; r < board.height; r++) {
    lines.push(
      labels
        .slice(r * board.width, (r + 1) * board.width)
        .map((s) => s.padStart(w))
        .join(' '),
    );
  }
  return lines.join('\n');
}

/** One-line text `1 2 3/4 5 6/7 8 0` (walls `#`), read back by parseBoard. */
export function boardToText(board: Board): string {
  checkBoard(board);
  const rows: string[] = [];
  for (let r = 0; r < board.height; r++) {
    rows.push(
      board.cells
        .slice(r * board.width, (r + 1) * board.width)
        .map((v) => (v === WALL ? '#' : String(v)))
        .join(' '),
    );
  }
  return rows.join('/');
}
