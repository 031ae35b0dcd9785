/**
 * An explicit solution for any N ≥ 4 (no search): the classic closed form (Hoffman, Loessi & Moore
 * 1969; the "explicit solutions" rule). With 1-based columns, rows take the even columns 2, 4, …
 * then the odd ones 1, 3, …, with two fixes: when N mod 6 = 2, swap 1 and 3 and move 5 to the end
 * of the odd list; when N mod 6 = 3, move 2 to the end of the even list and 1, 3 to the end of the
 * odd list. O(N), checked by the linear-time checker `checkSolution` in the tests.
 */
import { describe, reading } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { validateN } from './model.js';

/** Row k's 1-based column (0 ≤ k < n, n ≥ 4): the lists above read by index, so any rows can be written alone. */
export function constructColumn(n: number, k: number): number {
  const rem = n % 6;
  const evens = n >>> 1;
  const odds = n - evens;
  if (k < evens) {
    if (rem === 3) return k < evens - 1 ? 4 + 2 * k : 2;
    return 2 + 2 * k;
  }
  const j = k - evens;
  if (rem === 2) return j === 0 ? 3 : j === 1 ? 1 : j < odds - 1 ? 7 + 2 * (j - 2) : 5;
  if (rem === 3) return j < odds - 2 ? 5 + 2 * j : j === odds - 2 ? 1 : 3;
  return 1 + 2 * j;
}

/** Rows [from, to) of the solution into `out` (0-based columns), for N = 1 or N ≥ 4. */
export function constructRows(n: number, out: Int32Array, from: number, to: number): void {
  if (n === 1) {
    out[0] = 0;
    return;
  }
  for (let k = from; k < to; k++) out[k] = constructColumn(n, k) - 1;
}

/**
 * Writes the closed-form solution for `n` queens into `out` (row i's queen in column out[i], 0-based)
 * and returns it: any n ≥ 4, and n = 1, in O(n) with no search (the lists built in order: the
 * reference the per-row form is tested against). Throws InvalidInputError for n = 2, 3 (no solution).
 */
export function construct(n: number, out?: Int32Array): Int32Array {
  validateN(n);
  if (out !== undefined && !(reading('out', () => out instanceof Int32Array) && out.length >= n)) {
    throw new InvalidInputError(`out must be an Int32Array of at least ${n} elements, got ${describe(out)}`);
  }
  out ??= new Int32Array(n);
  if (n === 1) {
    out[0] = 0;
    return out;
  }
  if (n < 4) throw new InvalidInputError(`N = ${n} has no solution`);
  const rem = n % 6;
  let k = 0;
  const put = (col1: number) => void (out[k++] = col1 - 1);
  // Evens.
  if (rem === 3) {
    for (let c = 4; c <= n; c += 2) put(c);
    put(2);
  } else {
    for (let c = 2; c <= n; c += 2) put(c);
  }
  // Odds.
  if (rem === 2) {
    put(3);
    put(1);
    for (let c = 7; c <= n; c += 2) put(c);
    put(5);
  } else if (rem === 3) {
    for (let c = 5; c <= n; c += 2) put(c);
    put(1);
    put(3);
  } else {
    for (let c = 1; c <= n; c += 2) put(c);
  }
  return out;
}
