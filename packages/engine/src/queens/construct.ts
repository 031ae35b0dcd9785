/**
 * An explicit solution for any N ≥ 4 (no search): the classic closed form (Hoffman, Loessi & Moore
 * 1969; the "explicit solutions" rule). With 1-based columns, rows take the even columns 2, 4, …
 * then the odd ones 1, 3, …, with two fixes: when N mod 6 = 2, swap 1 and 3 and move 5 to the end
 * of the odd list; when N mod 6 = 3, move 2 to the end of the even list and 1, 3 to the end of the
 * odd list. O(N), checked by the linear-time checker `checkSolution` in the tests.
 */
import { InvalidInputError } from '../core/errors.js';

/**
 * Writes the closed-form solution for `n` queens into `out` (row i's queen in column out[i], 0-based)
 * and returns it: any n ≥ 4, and n = 1, in O(n) with no search. Throws InvalidInputError for n = 2, 3
 * (no solution).
 */
export function construct(n: number, out: Int32Array = new Int32Array(n)): Int32Array {
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
