/**
 * N-Queens model: N queens, one per row; `positions[r]` is the 0-based column of the queen in row r.
 * Scores, validation of user placements, parsing and rendering. Everything here is O(N) or O(N²)
 * only where said.
 */
import { checkArrayLike, shown } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';

/** A placement: one column per row (Int32Array for large N, any number array for small). */
export type Positions = ArrayLike<number>;

/** The largest N the engine accepts (positions are i32; 10⁸ queens are ~400 MB per array). */
export const MAX_N = 100_000_000;

/** Throws InvalidInputError unless `n` is an integer 1 ≤ n ≤ MAX_N. `what` names it in the message. */
export function validateN(n: number, what = 'N'): number {
  what = shown(what);
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new InvalidInputError(`${what} must be an integer, got ${shown(n)}`);
  if (n < 1) throw new InvalidInputError(`${what} must be at least 1, got ${n}`);
  if (n > MAX_N) throw new InvalidInputError(`${what} must be at most ${MAX_N}, got ${n}`);
  return n;
}

/** Throws InvalidInputError naming the first row whose column is not an integer in 0..N-1. */
export function validatePositions(positions: Positions): void {
  checkArrayLike(positions, 'positions');
  const n = positions.length;
  if (n === 0) throw new InvalidInputError('the placement is empty: expected one column per row');
  validateN(n, 'the number of queens');
  for (let r = 0; r < n; r++) {
    const c = positions[r] as number;
    if (!Number.isInteger(c) || c < 0 || c >= n) {
      throw new InvalidInputError(`row ${r + 1} has column ${shown(c)}, expected an integer 0..${n - 1}`);
    }
  }
}

/** Queens per line: columns (N), "/" diagonals r+c (2N−1), "\" diagonals r−c+N−1 (2N−1). */
export function lineCounts(positions: Positions): { col: Int32Array; d1: Int32Array; d2: Int32Array } {
  checkArrayLike(positions, 'positions');
  const n = positions.length;
  const col = new Int32Array(n);
  const d1 = new Int32Array(2 * n);
  const d2 = new Int32Array(2 * n);
  for (let r = 0; r < n; r++) {
    const c = positions[r] as number;
    col[c]!++;
    d1[r + c]!++;
    d2[r - c + n - 1]!++;
  }
  return { col, d1, d2 };
}

/** The standard score: pairs of queens sharing a column or a diagonal (rows are distinct by construction). O(N). */
export function attackingPairs(positions: Positions): number {
  const { col, d1, d2 } = lineCounts(positions);
  let pairs = 0;
  for (const lines of [col, d1, d2]) for (let i = 0; i < lines.length; i++) pairs += (lines[i]! * (lines[i]! - 1)) / 2;
  return pairs;
}

/**
 * Seed 004's score: for every queen, the other queens on its column, its row and its two diagonals
 * (each line counted as max(count − 1, 0)), summed over the queens. Each attacking pair is counted
 * once from each end, so it equals 2 × attackingPairs; all N on one diagonal scores N·(N−1).
 */
export function seedScore(positions: Positions): number {
  checkArrayLike(positions, 'positions');
  const n = positions.length;
  const { col, d1, d2 } = lineCounts(positions);
  let score = 0;
  for (let r = 0; r < n; r++) {
    const c = positions[r] as number;
    // Its row holds only itself (one queen per row): max(1 − 1, 0) = 0.
    score += col[c]! - 1 + (d1[r + c]! - 1) + (d2[r - c + n - 1]! - 1);
  }
  return score;
}

/** For each row, whether another queen attacks its queen. */
export function attackedRows(positions: Positions): Uint8Array {
  checkArrayLike(positions, 'positions');
  const n = positions.length;
  const { col, d1, d2 } = lineCounts(positions);
  const out = new Uint8Array(n);
  for (let r = 0; r < n; r++) {
    const c = positions[r] as number;
    out[r] = col[c]! > 1 || d1[r + c]! > 1 || d2[r - c + n - 1]! > 1 ? 1 : 0;
  }
  return out;
}

/**
 * The linear-time checker: null when `positions` is a solution, else a one-line reason naming the
 * first offending row. Independent of every solver (it only counts lines).
 *
 * @param positions - Row i's queen in column positions[i] (0-based), one per row.
 * @returns null for a solution, else why not.
 * @throws {InvalidInputError} When a column is out of range or not an integer, or N is out of range.
 * @example
 * ```ts
 * import { checkSolution } from '@searchlab/engine/queens';
 * console.log(checkSolution([1, 3, 0, 2])); // null
 * ```
 */
export function checkSolution(positions: Positions): string | null {
  checkArrayLike(positions, 'positions');
  const n = positions.length;
  if (n === 0) return 'the placement is empty';
  const col = new Uint8Array(n);
  const d1 = new Uint8Array(2 * n);
  const d2 = new Uint8Array(2 * n);
  for (let r = 0; r < n; r++) {
    const c = positions[r] as number;
    if (!Number.isInteger(c) || c < 0 || c >= n) return `row ${r + 1} has column ${String(c)}, expected 0..${n - 1}`;
    if (col[c] === 1) return `row ${r + 1}: column ${c} already holds a queen`;
    if (d1[r + c] === 1) return `row ${r + 1}: the queen at column ${c} shares a / diagonal with an earlier queen`;
    if (d2[r - c + n - 1] === 1) return `row ${r + 1}: the queen at column ${c} shares a \\ diagonal with an earlier queen`;
    col[c] = 1;
    d1[r + c] = 1;
    d2[r - c + n - 1] = 1;
  }
  return null;
}

/**
 * Whether `positions` (row i's queen in column positions[i]) places every queen with no two attacking.
 */
export const isSolution = (positions: Positions): boolean => checkSolution(positions) === null;

/** Largest N rendered as a board. */
export const MAX_RENDER = 64;

/** The board as text, one row per line: 'Q' a safe queen, 'X' an attacked one, '.' empty. */
export function renderBoard(positions: Positions): string {
  checkArrayLike(positions, 'positions');
  const n = positions.length;
  if (n > MAX_RENDER) throw new InvalidInputError(`boards are rendered up to N = ${MAX_RENDER}; this one has N = ${n}`);
  const attacked = attackedRows(positions);
  const lines: string[] = [];
  for (let r = 0; r < n; r++) {
    const row = new Array<string>(n).fill('.');
    row[positions[r] as number] = attacked[r] === 1 ? 'X' : 'Q';
    lines.push(row.join(' '));
  }
  return lines.join('\n');
}

/**
 * The numbers steepest descent chooses from: for every square (r, x), how many other queens would
 * attack row r's queen if it stood on column x (row-major, N × N; on its own square: its conflicts
 * now). Moving row r to x changes the attacking pairs by map[r·N + x] − map[r·N + pos[r]]. O(N²).
 */
export function conflictMap(positions: Positions): Int32Array {
  validatePositions(positions);
  const n = positions.length;
  const { col, d1, d2 } = lineCounts(positions);
  const map = new Int32Array(n * n);
  for (let r = 0; r < n; r++) {
    const c = positions[r] as number;
    for (let x = 0; x < n; x++) {
      // Row r's own queen sits on all three of its lines when x = c, on none of x's lines otherwise.
      const own = x === c ? 3 : 0;
      map[r * n + x] = col[x]! + d1[r + x]! + d2[r - x + n - 1]! - own;
    }
  }
  return map;
}
