/**
 * The incremental state every local search of the TS reference shares: positions plus queens per
 * column and per diagonal, and the number of attacking pairs kept up to date on each move. The
 * AssemblyScript kernels (core-as/assembly/queens/board.ts) keep the same arrays and update them in
 * the same order (docs/contracts/queens.md).
 */
export class QueenBoard {
  readonly n: number;
  readonly pos: Int32Array;
  readonly col: Int32Array;
  /** "/" diagonals, index r + c. */
  readonly d1: Int32Array;
  /** "\" diagonals, index r − c + n − 1. */
  readonly d2: Int32Array;
  /** Attacking pairs (the standard score; the seed's score is twice this). */
  pairs = 0;

  /** `positionsOnly`: no line counters (construct needs none: 4 bytes per queen instead of 28). */
  constructor(n: number, positionsOnly = false) {
    this.n = n;
    this.pos = new Int32Array(n);
    const lines = positionsOnly ? 0 : n;
    this.col = new Int32Array(lines);
    this.d1 = new Int32Array(2 * lines);
    this.d2 = new Int32Array(2 * lines);
  }

  /** Empties the counters (positions keep their values but count for nothing until placed). */
  clear(): void {
    this.col.fill(0);
    this.d1.fill(0);
    this.d2.fill(0);
    this.pairs = 0;
  }

  /** Empties the counters of rows [a, b) (columns a..b−1, diagonals 2a..2b−1): `clear` in pieces. */
  clearRows(a: number, b: number): void {
    if (a === 0) this.pairs = 0;
    this.col.fill(0, a, b);
    this.d1.fill(0, 2 * a, 2 * b);
    this.d2.fill(0, 2 * a, 2 * b);
  }

  /** Puts the queen of row r on column c (row r must be lifted or not yet placed). */
  place(r: number, c: number): void {
    const a = r + c;
    const b = r - c + this.n - 1;
    this.pairs += this.col[c]! + this.d1[a]! + this.d2[b]!;
    this.col[c]!++;
    this.d1[a]!++;
    this.d2[b]!++;
    this.pos[r] = c;
  }

  /** Takes the queen of row r off the counters. */
  lift(r: number): void {
    const c = this.pos[r]!;
    const a = r + c;
    const b = r - c + this.n - 1;
    this.col[c]!--;
    this.d1[a]!--;
    this.d2[b]!--;
    this.pairs -= this.col[c]! + this.d1[a]! + this.d2[b]!;
  }

  moveTo(r: number, c: number): void {
    this.lift(r);
    this.place(r, c);
  }

  /** Other queens on the lines of square (r, x), for x ≠ pos[r]. */
  conflictsAt(r: number, x: number): number {
    return this.col[x]! + this.d1[r + x]! + this.d2[r - x + this.n - 1]!;
  }

  /** Other queens on the lines of row r's queen. */
  conflictsOf(r: number): number {
    const c = this.pos[r]!;
    return this.col[c]! + this.d1[r + c]! + this.d2[r - c + this.n - 1]! - 3;
  }

  /** Swaps the columns of rows i ≠ j; returns the change in attacking pairs. */
  swapRows(i: number, j: number): number {
    const before = this.pairs;
    const ci = this.pos[i]!;
    const cj = this.pos[j]!;
    this.lift(i);
    this.lift(j);
    this.place(i, cj);
    this.place(j, ci);
    return this.pairs - before;
  }
}
