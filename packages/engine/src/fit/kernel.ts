/** The fit kernel's raw exports (core-as/assembly/fit/api.ts): numbers and pointers only. */
export interface FitExports {
  /** Address of the input area: x[CHUNK] f64, y[CHUNK], w[CHUNK]. */
  fitInput(): number;
  fitChunkRows(): number;
  /** codes.fit.init: ok, or terms out of range. Resets the instance's arena. */
  fitInit(terms: number, offset: number, scale: number): number;
  fitStep(count: number, weighted: number): void;
  /** Returns the rank; results at fitOutput(). */
  fitSolve(rcond: number): number;
  /** coef[p], sigma[p], colScale[p], covBase[p*p], rss (f64). */
  fitOutput(): number;
  fitRows(): number;
  fitSweeps(): number;
}
