/**
 * polyfit: least-squares polynomial fits as numpy.polyfit makes them (column-scaled Vandermonde
 * matrix, orthogonal factorisation, singular values below n·eps·σmax dropped, a warning when the
 * rank is short or the matrix badly conditioned), on the WASM kernel or its TS reference twin.
 * Coefficients are reported highest power first, in the original variable x.
 */
import { checkArrayLike, checkObject, describe, checkOptionalBackend, checkOptionalFunction, checkOptionalSignal, shown } from '../core/args.js';
import type { Backend } from '../core/backend.js';
import { InvalidInputError, SearchlabError, UnsupportedError } from '../core/errors.js';
import { kernelsIfLoaded, loadKernels, type Kernels } from '../core/kernels.js';
import { runAsync, runSync, type DriveOptions, type Driven } from '../core/run.js';
import { MAX_TERMS, defaultRcond, type KernelSolution } from './reference.js';
import { createTsFitRun, createWasmFitRun, type FitRows, type FitRunStats, type KernelJob } from './run.js';

/** Above this condition number of the column-scaled Vandermonde matrix a fit carries a warning. */
export const CONDITION_WARNING = 1e8;
/** The highest polynomial degree a fit accepts. */
export const MAX_DEGREE = MAX_TERMS - 1;

/**
 * Options of {@link polyfit}: weights, domain mapping, the singular-value cut-off, covariance, the backend (default `'wasm'`) and limits.
 */
export interface FitOptions {
  /** Per-point weights, applied to the unsquared residuals (numpy: w = 1/σ). */
  weights?: ArrayLike<number> | undefined;
  /** Map x onto [−1, 1] before fitting (numpy's Polynomial.fit); coefficients still come out in x. */
  mapDomain?: boolean | undefined;
  /** Relative cut-off for singular values (default n·eps, numpy's). */
  rcond?: number | undefined;
  /** Coefficient covariance: true scales by rss/(n − terms) as numpy; 'unscaled' leaves (AᵀWA)⁻¹. */
  covariance?: boolean | 'unscaled' | undefined;
  backend?: Backend | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  /** Called between slices with the rows of the design matrix accumulated so far and their total. */
  onProgress?: ((rowsDone: number, rowsTotal: number) => void) | undefined;
}

/**
 * A least-squares polynomial fit: coefficients (highest power first), rank, conditioning, warnings and errors (RMS, R²).
 */
export interface PolyFit {
  degree: number;
  /** Highest power first (numpy's order), in the original variable x. */
  coefficients: number[];
  rank: number;
  /** σmax/σmin of the column-scaled (and, with mapDomain, mapped) Vandermonde matrix; Infinity when singular. */
  condition: number;
  /** Singular values of that matrix, descending. */
  singularValues: number[];
  rcond: number;
  warnings: string[];
  /** Points fitted. */
  n: number;
  /** Weighted residual sum of squares, Σ (wᵢ (yᵢ − p(xᵢ)))², from the factorisation. */
  residuals: number;
  /** Root mean square of the unweighted residuals on the fitted points. */
  rms: number;
  /** Coefficient of determination 1 − SSres/SStot (unweighted); NaN-free: 1 when y is constant and fitted exactly, else 0 for SStot = 0. */
  r2: number;
  /** Covariance of the coefficients (highest power first), when asked for. */
  covariance?: number[][];
  /** The domain map used: t = offset + scale·x. */
  domain?: { min: number; max: number; offset: number; scale: number };
  backend: Backend;
  /** Time of the fit itself (rows through the kernel and the solve). */
  timeMs: number;
}

/**
 * Evaluates a polynomial at `x` by Horner's rule.
 *
 * @param coefficients - Highest power first (as {@link polyfit} returns them, and numpy).
 * @param x - Where to evaluate.
 * @returns The polynomial's value (NaN or ±Infinity as the arithmetic gives; no check is made).
 * @example
 * ```ts
 * import { polyval } from '@searchlab/engine/fit';
 * console.log(polyval([3, 4, 20], 2)); // 40
 * ```
 */
export function polyval(coefficients: readonly number[], x: number): number {
  checkArrayLike(coefficients, 'coefficients');
  if (typeof x !== 'number') throw new InvalidInputError(`x must be a number, got ${describe(x)}`);
  let s = 0;
  for (let i = 0; i < coefficients.length; i++) s = s * x + coefficients[i]!;
  return s;
}

/** v · 2^e without overflow in the factor (exact unless the result leaves the normal range). */
export function ldexp(v: number, e: number): number {
  let out = v;
  for (let left = e; left !== 0; ) {
    const k = Math.max(-1000, Math.min(1000, left));
    out *= 2 ** k;
    left -= k;
  }
  return out;
}

/** The binary exponent of the largest |value| (0 when all are 0): the scale that brings it near 1. */
function magnitude(values: ArrayLike<number>, n: number, index?: ArrayLike<number>): number {
  let max = 0;
  for (let r = 0; r < n; r++) {
    const v = Math.abs(values[index === undefined ? r : index[r]!]!);
    if (v > max) max = v;
  }
  return max === 0 ? 0 : Math.floor(Math.log2(max));
}

/**
 * √(Σ e² / n) for the residuals e(r), accumulated at a running power-of-two scale (as LAPACK's
 * dnrm2) so that residuals near 1e308 give their RMS instead of Infinity.
 */
function rootMeanSquare(n: number, residual: (r: number) => number): number {
  let scale = 0;
  let ss = 0;
  for (let r = 0; r < n; r++) {
    const e = Math.abs(residual(r));
    if (e === 0) continue;
    const k = Math.floor(Math.log2(e)) + 1;
    if (k > scale || ss === 0) {
      ss = ss === 0 ? 0 : ldexp(ss, 2 * (scale - k));
      scale = k;
    }
    const m = ldexp(e, -scale);
    ss += m * m;
  }
  return ss === 0 ? 0 : ldexp(Math.sqrt(ss / n), scale);
}

/**
 * Unweighted RMS of y − p(x) over the rows (all, or `index`); NaN when there is no row.
 *
 * @param coefficients - The polynomial, highest power first.
 * @param rows - The points: `x`, `y` of one length, and optionally `index`, the rows to score.
 */
export function rmsError(coefficients: readonly number[], rows: FitRows): number {
  checkArrayLike(coefficients, 'coefficients');
  checkObject(rows, 'rows');
  checkArrayLike(rows.x, 'rows.x');
  checkArrayLike(rows.y, 'rows.y');
  if (rows.x.length !== rows.y.length) throw new InvalidInputError(`rows.x has ${rows.x.length} values but rows.y has ${rows.y.length}`);
  if (rows.index !== undefined) {
    checkArrayLike(rows.index, 'rows.index');
    for (let r = 0; r < rows.index.length; r++) {
      const i = rows.index[r];
      if (!(Number.isInteger(i) && i! >= 0 && i! < rows.x.length))
        throw new InvalidInputError(`rows.index[${r}] must be a row 0..${rows.x.length - 1}, got ${describe(i)}`);
    }
  }
  return rowsRms(coefficients, rows);
}

/** {@link rmsError} on rows the engine made itself (the folds of a sweep): not checked again. */
export function rowsRms(coefficients: readonly number[], rows: FitRows): number {
  const n = (rows.index ?? rows.x).length;
  if (n === 0) return NaN;
  return rootMeanSquare(n, (r) => {
    const i = rows.index === undefined ? r : rows.index[r]!;
    return rows.y[i]! - polyval(coefficients, rows.x[i]!);
  });
}

function firstBad(values: ArrayLike<number>, n: number, index?: ArrayLike<number>): number {
  for (let r = 0; r < n; r++) {
    const v = values[index === undefined ? r : index[r]!]!;
    if (typeof v !== 'number' || !Number.isFinite(v)) return r;
  }
  return -1;
}

/** Validates a fit request; throws InvalidInputError naming what and where. */
export function validateFit(rows: FitRows, degree: number): number {
  if (!Number.isInteger(degree) || degree < 0 || degree > MAX_DEGREE) {
    throw new InvalidInputError(`degree must be an integer 0..${MAX_DEGREE}, got ${shown(degree)}`);
  }
  if (rows.index === undefined && rows.x.length !== rows.y.length) {
    throw new InvalidInputError(`x has ${rows.x.length} values but y has ${rows.y.length}`);
  }
  if (rows.w !== undefined && rows.index === undefined && rows.w.length !== rows.x.length) {
    throw new InvalidInputError(`weights has ${rows.w.length} values but x has ${rows.x.length}`);
  }
  const n = (rows.index ?? rows.x).length;
  if (n === 0) throw new InvalidInputError('no points to fit');
  if (n < degree + 1) throw new InvalidInputError(`degree ${degree} needs at least ${degree + 1} points, got ${n}`);
  for (const [name, values] of [
    ['x', rows.x],
    ['y', rows.y],
    ['weight', rows.w],
  ] as const) {
    if (values === undefined) continue;
    const bad = firstBad(values, n, rows.index);
    if (bad >= 0)
      throw new InvalidInputError(`${name} of point ${bad + 1} is not a finite number (${values[rows.index === undefined ? bad : rows.index[bad]!]})`);
  }
  return n;
}

/** The domain map onto [−1, 1] of the rows' x range (identity-scaled shift when the range is one value). */
export function domainMap(rows: FitRows): { min: number; max: number; offset: number; scale: number } {
  const n = (rows.index ?? rows.x).length;
  let min = Infinity;
  let max = -Infinity;
  for (let r = 0; r < n; r++) {
    const v = rows.x[rows.index === undefined ? r : rows.index[r]!]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (max === min) return { min, max, offset: -min, scale: 1 };
  const scale = 2 / (max - min);
  return { min, max, offset: -(max + min) / (max - min), scale };
}

/**
 * The matrix M (p×p, ascending powers) with c_x = M·a_t for t = offset + scale·x: Horner's rule
 * on polynomials, c ← c·(offset + scale·x) + a_j, applied to each unit vector.
 */
export function domainMatrix(p: number, offset: number, scale: number): Float64Array {
  const m = new Float64Array(p * p);
  for (let col = 0; col < p; col++) {
    let c = new Float64Array(p);
    for (let j = p - 1; j >= 0; j--) {
      const next = new Float64Array(p);
      for (let k = 0; k < p; k++) {
        next[k] = offset * c[k]! + (k > 0 ? scale * c[k - 1]! : 0);
      }
      if (j === col) next[0] = next[0]! + 1;
      c = next;
    }
    for (let k = 0; k < p; k++) m[k * p + col] = c[k]!;
  }
  return m;
}

/**
 * Powers of two the kernel's rows are scaled by (x·2^x, y·2^y, w·2^w): exact, and 0 for ordinary
 * data, so that fits of values near the ends of the double range (y ±1e308, x 1e300, weights 1e300,
 * x 1e-300 mapped) neither overflow nor underflow inside the factorisation.
 */
interface Exponents {
  x: number;
  y: number;
  w: number;
}

/** Data whose magnitude is this far from 1 (as a binary exponent; for x, times the degree) is scaled. */
const SCALE_PAST = 256;

function exponents(rows: FitRows, n: number, degree: number): Exponents {
  const ex = magnitude(rows.x, n, rows.index);
  const ey = magnitude(rows.y, n, rows.index);
  const ew = rows.w === undefined ? 0 : magnitude(rows.w, n, rows.index);
  return {
    x: Math.abs(ex) * Math.max(1, degree) > SCALE_PAST ? -ex : 0,
    y: Math.abs(ey) > SCALE_PAST ? -ey : 0,
    w: Math.abs(ew) > SCALE_PAST ? -ew : 0,
  };
}

/** The rows scaled by `e` (the same rows when nothing is scaled). */
function scaledRows(rows: FitRows, n: number, e: Exponents): FitRows {
  if (e.x === 0 && e.y === 0 && e.w === 0) return rows;
  const pick = (values: ArrayLike<number>, k: number): Float64Array => {
    const out = new Float64Array(n);
    for (let r = 0; r < n; r++) out[r] = ldexp(values[rows.index === undefined ? r : rows.index[r]!]!, k);
    return out;
  };
  return { x: pick(rows.x, e.x), y: pick(rows.y, e.y), ...(rows.w !== undefined ? { w: pick(rows.w, e.w) } : {}) };
}

interface Prepared {
  rows: FitRows;
  scale: Exponents;
  n: number;
  degree: number;
  job: KernelJob;
  backend: Backend;
  domain?: { min: number; max: number; offset: number; scale: number };
  options: FitOptions;
}

/** The arguments of every polyfit entry point, checked before anything reads them. */
function checkFitArgs(rows: FitRows, options: FitOptions): void {
  checkObject(rows, 'rows');
  checkArrayLike(rows.x, 'x');
  checkArrayLike(rows.y, 'y');
  if (rows.w !== undefined) checkArrayLike(rows.w, 'weights');
  if (rows.index !== undefined) checkArrayLike(rows.index, 'rows.index');
  checkObject(options, 'options');
  checkOptionalBackend(options.backend);
  checkOptionalSignal(options.signal, 'signal');
  checkOptionalFunction(options.onProgress, 'onProgress');
}

function prepare(rows: FitRows, degree: number, options: FitOptions): Prepared {
  checkFitArgs(rows, options);
  const n = validateFit(rows, degree);
  const rcond = options.rcond ?? defaultRcond(n);
  if (!(typeof rcond === 'number' && rcond >= 0)) throw new InvalidInputError(`rcond must be a non-negative number, got ${shown(rcond)}`);
  if (options.covariance === true && n <= degree + 1) {
    throw new InvalidInputError(`a scaled covariance needs more points than coefficients (${n} points, ${degree + 1} coefficients)`);
  }
  const scale = exponents(rows, n, degree);
  const kernelRows = scaledRows(rows, n, scale);
  // The map is taken on the scaled x (a range like ±1e308 would overflow max − min); reported in x.
  const mapped = options.mapDomain === true ? domainMap(kernelRows) : undefined;
  const job: KernelJob = { rows: kernelRows, terms: degree + 1, offset: mapped?.offset ?? 0, scale: mapped?.scale ?? 1, rcond };
  const domain = mapped && scale.x !== 0 ? { ...domainMap(rows), offset: mapped.offset, scale: ldexp(mapped.scale, scale.x) } : mapped;
  return { rows, scale, n, degree, job, backend: options.backend ?? 'wasm', options, ...(domain ? { domain } : {}) };
}

function createRun(prep: Prepared, kernels: Kernels | undefined) {
  if (prep.backend === 'ts') return createTsFitRun(prep.job);
  if (kernels === undefined) throw new UnsupportedError('the WASM kernels are not loaded yet (await loadKernels(), or use polyfit)');
  return createWasmFitRun(kernels, prep.job);
}

function driveOptions(o: FitOptions): DriveOptions<FitRunStats> {
  return {
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
    ...(o.onProgress ? { onProgress: (s: FitRunStats) => o.onProgress!(s.rowsAdded, s.rowsTotal) } : {}),
  };
}

function finish(prep: Prepared, driven: Driven<KernelSolution, FitRunStats>): PolyFit {
  if (driven.status !== 'done') {
    const where = `after ${driven.stats.rowsAdded} of ${driven.stats.rowsTotal} points`;
    throw driven.status === 'aborted' ? new SearchlabError('aborted', `fit aborted ${where}`) : new SearchlabError('limit', `fit timed out ${where}`);
  }
  return assemble(prep, driven.outcome, driven.workMs);
}

/** Turns the kernel's solution into the public result (shared by both backends). */
function assemble(prep: Prepared, sol: KernelSolution, timeMs: number): PolyFit {
  const { n, degree, rows, domain, options, scale } = prep;
  const p = degree + 1;
  let asc: Float64Array = sol.coef;
  let cov = sol.covBase;
  if (domain !== undefined) {
    const m = domainMatrix(p, prep.job.offset, prep.job.scale);
    asc = new Float64Array(p);
    for (let k = 0; k < p; k++) {
      let s = 0;
      for (let j = 0; j < p; j++) s += m[k * p + j]! * sol.coef[j]!;
      asc[k] = s;
    }
    if (options.covariance) {
      const mc = new Float64Array(p * p);
      for (let a = 0; a < p; a++)
        for (let b = 0; b < p; b++) {
          let s = 0;
          for (let j = 0; j < p; j++) s += m[a * p + j]! * sol.covBase[j * p + b]!;
          mc[a * p + b] = s;
        }
      cov = new Float64Array(p * p);
      for (let a = 0; a < p; a++)
        for (let b = 0; b < p; b++) {
          let s = 0;
          for (let j = 0; j < p; j++) s += mc[a * p + j]! * m[b * p + j]!;
          cov[a * p + b] = s;
        }
    }
  }
  // Back from the scaled rows: the power k of x carries 2^(k·x) (applied one factor at a time, so a
  // zero stays zero), every coefficient 2^−y; weights scale out of the coefficients.
  let underflow = false;
  if (scale.x !== 0 || scale.y !== 0) {
    asc = asc.map((c, k) => {
      let v = ldexp(c, -scale.y);
      for (let j = 0; j < k; j++) v = ldexp(v, scale.x);
      // A coefficient scaled into the subnormals (or to 0) has lost its digits: refused below.
      if (c !== 0 && Math.abs(v) < 2 ** -1022) underflow = true;
      return v;
    });
    if (options.covariance) cov = cov.map((c, i) => ldexp(c, scale.x * (Math.floor(i / p) + (i % p))));
  }
  if (underflow || !asc.every(Number.isFinite)) {
    const range = (name: string, values: ArrayLike<number>) => {
      let lo = Infinity;
      let hi = -Infinity;
      for (let r = 0; r < n; r++) {
        const v = values[rows.index === undefined ? r : rows.index[r]!]!;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      return `${name} from ${lo.toExponential(3)} to ${hi.toExponential(3)}`;
    };
    throw new InvalidInputError(
      `the degree-${degree} coefficients in x are past the range of a double (${range('x', rows.x)}, ${range('y', rows.y)}): rescale x or y, or fit a lower degree`,
    );
  }
  const coefficients = Array.from(asc).reverse();
  const sigma = Array.from(sol.sigma);
  const smin = sigma[p - 1]!;
  const condition = smin > 0 ? sigma[0]! / smin : Infinity;
  const warnings: string[] = [];
  if (sol.rank < p) {
    warnings.push(
      `rank-deficient: rank ${sol.rank} of ${p} coefficients (singular values at or below ${prep.job.rcond.toExponential(2)}·σmax were dropped; ` +
        'the fit may be poorly conditioned: fewer distinct x than coefficients, or try a lower degree)',
    );
  } else if (condition > CONDITION_WARNING) {
    warnings.push(
      `badly conditioned: the scaled Vandermonde matrix has condition number ${condition.toExponential(2)}, so about ` +
        `${Math.round(Math.log10(condition))} of the coefficients' 16 digits may be lost${domain === undefined ? ' (try mapping the domain, or a lower degree)' : ''}`,
    );
  }
  // Sums of squares in y scaled by 2^y (R² is a ratio; the RMS is scaled back), so y near 1e308
  // does not overflow them.
  const count = (rows.index ?? rows.x).length;
  const yAt = (r: number) => ldexp(rows.y[rows.index === undefined ? r : rows.index[r]!]!, scale.y);
  let meanY = 0;
  for (let r = 0; r < count; r++) meanY += yAt(r);
  meanY /= count;
  let ssRes = 0;
  let ssTot = 0;
  for (let r = 0; r < count; r++) {
    const i = rows.index === undefined ? r : rows.index[r]!;
    const e = ldexp(rows.y[i]! - polyval(coefficients, rows.x[i]!), scale.y);
    const d = yAt(r) - meanY;
    ssRes += e * e;
    ssTot += d * d;
  }
  const rss = ldexp(sol.rss, -2 * (scale.y + scale.w));
  const result: PolyFit = {
    degree,
    coefficients,
    rank: sol.rank,
    condition,
    singularValues: sigma,
    rcond: prep.job.rcond,
    warnings,
    n,
    residuals: rss,
    rms: ldexp(Math.sqrt(ssRes / count), -scale.y),
    r2: ssTot > 0 ? 1 - ssRes / ssTot : ssRes === 0 ? 1 : 0,
    backend: prep.backend,
    timeMs,
    ...(domain ? { domain } : {}),
  };
  if (options.covariance) {
    // (AᵀW²A)⁻¹ of the scaled weights is 2^−2w times the true one; rss/(n − p) is in true units.
    const fac = options.covariance === 'unscaled' ? ldexp(1, 2 * scale.w) : ldexp(sol.rss / (n - p), -2 * scale.y);
    result.covariance = Array.from({ length: p }, (_, a) => Array.from({ length: p }, (_, b) => cov[(p - 1 - a) * p + (p - 1 - b)]! * fac));
  }
  return result;
}

function toRows(x: ArrayLike<number>, y: ArrayLike<number>, options: FitOptions): FitRows {
  checkObject(options, 'options');
  return { x, y, w: options.weights };
}

/**
 * Fits a polynomial of `degree` to (x, y) on the chosen backend (default wasm).
 *
 * @param x - Abscissae.
 * @param y - Ordinates, as many as `x`.
 * @param degree - Polynomial degree.
 * @param options - `weights`, `mapDomain`, `rcond`, `covariance`, `backend` (default `'wasm'`), `signal`,
 *   `timeoutMs`, `onProgress`.
 * @returns Coefficients (highest power first, as numpy), rank, condition and warnings.
 * @throws {InvalidInputError} On mismatched lengths, non-finite values or a degree out of range.
 * @throws {SearchlabError} With code `aborted` (its `signal`) or `limit` (`timeoutMs` passed): a fit has no partial answer.
 * @throws {WasmUnavailableError} On the WASM backend (the default) when WebAssembly cannot compile here (a CSP without `'wasm-unsafe-eval'`).
 * @example
 * ```ts
 * import { polyfit } from '@searchlab/engine/fit';
 * const fit = await polyfit([0, 1, 2, 3], [1, 3, 7, 13], 2);
 * console.log(fit.coefficients); // ≈ [1, 1, 1]
 * ```
 */
export async function polyfit(x: ArrayLike<number>, y: ArrayLike<number>, degree: number, options: FitOptions = {}): Promise<PolyFit> {
  return polyfitRows(toRows(x, y, options), degree, options);
}

/** polyfit over a subset of rows (`rows.index`), without copying them. */
export async function polyfitRows(rows: FitRows, degree: number, options: FitOptions = {}): Promise<PolyFit> {
  const prep = prepare(rows, degree, options);
  const run = createRun(prep, prep.backend === 'wasm' ? await loadKernels() : undefined);
  return finish(prep, await runAsync(run, driveOptions(options)));
}

/** The synchronous polyfit: the WASM backend needs `loadKernels()` to have completed. */
export function polyfitSync(x: ArrayLike<number>, y: ArrayLike<number>, degree: number, options: FitOptions = {}): PolyFit {
  return polyfitRowsSync(toRows(x, y, options), degree, options);
}

export function polyfitRowsSync(rows: FitRows, degree: number, options: FitOptions = {}): PolyFit {
  const prep = prepare(rows, degree, options);
  return finish(prep, runSync(createRun(prep, kernelsIfLoaded()), driveOptions(options)));
}
