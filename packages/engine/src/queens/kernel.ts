/** The N-Queens kernels' raw exports (core-as/assembly/queens/api.ts): numbers and pointers only. */
export interface QueensExports {
  /** Prepares a local search; returns a codes.queens.status value (running, or unsolvable for N = 2, 3). */
  queensInit(
    n: number,
    algorithm: number,
    seed: number,
    maxSteps: number,
    escapeMoves: number,
    t0: number,
    alpha: number,
    tMin: number,
    historyLimit: number,
  ): number;
  /** At most `budget` steps; returns a codes.queens.status value. */
  queensStep(budget: number): number;
  queensStatus(): number;
  queensSteps(): number;
  queensMoves(): number;
  queensEscapes(): number;
  queensRestarts(): number;
  queensConflicts(): number;
  /** Address of the positions (i32 per row; an i32 from the raw bindings: use `>>> 0`). */
  queensPositions(): number;
  /** hill-climbing's history of seed scores (f64 each). */
  queensHistoryPointer(): number;
  queensHistoryLength(): number;
  /** Where to write the prefix columns (i32 each) before queensCountInit. */
  queensCountPrefix(): number;
  /** 0 ok, 1 out of range. */
  queensCountInit(n: number, prefixLength: number): number;
  /** 1 when the subproblem is counted, else 0. */
  queensCountStep(budget: number): number;
  /** Address of two u64: solutions, nodes. */
  queensCountResult(): number;
  /** Room for `count` values and two output chunks (resets the arena); the values' address (chunks at +4·count, +16·count). */
  queensFormatInit(count: number): number;
  /** The `count` i32 at `src` as comma-separated decimals at `dst` (a comma first when lead = 1); bytes written. */
  queensFormat(src: number, count: number, dst: number, lead: number): number;
}
