/**
 * Model selection: a seeded train/test split, seeded k-fold cross-validation, and a degree sweep
 * reporting training and testing (or cross-validated) RMS per degree and the degree it recommends.
 *
 * Seeding (both use Rng, core/rng.ts): the permutation is `new Rng(seed).shuffle([0 … n−1])`.
 * split: the first round(n·fraction) shuffled indices (at least 1, at most n−1) are the test set;
 * each set is then sorted ascending, so the fits see the points in file order.
 * folds: shuffled position q goes to fold q mod k; each fold sorted ascending.
 * Recommendation. With folds: the one-standard-error rule (Hastie, Tibshirani & Friedman) — score
 * each degree by the mean of its k fold MSEs (standard error: their sd/√k) and take the lowest
 * degree within one standard error of the best score. With a test set only: the degree with the
 * lowest testing RMS (seed 000's criterion), ties to the lower degree. Without held-out data: none.
 */
import { checkArray, checkArrayLike, checkObject, checkTimeoutMs, shown } from '../core/args.js';
import { BACKENDS, type Backend } from '../core/backend.js';
import { InvalidInputError, SearchlabError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import { polyfitRows, polyfitRowsSync, polyval, rowsRms, type FitOptions, type PolyFit } from './fit.js';
import type { FitRows } from './run.js';

/** A train/test split: the indices of the training and of the held-out points, each sorted. */
export interface Split {
  train: Uint32Array;
  test: Uint32Array;
}

/** n, a number of points: a whole number (the seed is the Rng's to check). */
function checkPointCount(n: unknown): asserts n is number {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
    throw new InvalidInputError(`n (the number of points) must be a whole number ≥ 0, got ${shown(n)}`);
}

const identity = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const sorted = (a: number[]): Uint32Array => Uint32Array.from(a).sort();

/**
 * Splits `n` point indices at random (seeded) into training and test sets, `testFraction` (0 to 1
 * exclusive) of them held out (at least one each); throws InvalidInputError otherwise.
 */
export function splitIndices(n: number, testFraction: number, seed: number): Split {
  checkPointCount(n);
  if (!(typeof testFraction === 'number' && testFraction > 0 && testFraction < 1))
    throw new InvalidInputError(`the test fraction must be between 0 and 1, got ${shown(testFraction)}`);
  if (n < 2) throw new InvalidInputError(`a train/test split needs at least 2 points, got ${n}`);
  const perm = new Rng(seed).shuffle(identity(n));
  const nTest = Math.min(n - 1, Math.max(1, Math.round(n * testFraction)));
  return { test: sorted(perm.slice(0, nTest)), train: sorted(perm.slice(nTest)) };
}

/**
 * Deals `n` point indices at random (seeded) into `k` folds of near-equal size for cross-validation
 * (2 ≤ k ≤ n, else InvalidInputError).
 */
export function foldIndices(n: number, k: number, seed: number): Uint32Array[] {
  checkPointCount(n);
  if (!Number.isInteger(k) || k < 2) throw new InvalidInputError(`--folds must be an integer >= 2, got ${shown(k)}`);
  if (k > n) throw new InvalidInputError(`${k} folds need at least ${k} points, got ${n}`);
  const perm = new Rng(seed).shuffle(identity(n));
  const folds: number[][] = Array.from({ length: k }, () => []);
  perm.forEach((i, q) => folds[q % k]!.push(i));
  return folds.map(sorted);
}

/** Points to fit: x, y and optional weights, all of the same length. */
export interface SweepData {
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  w?: ArrayLike<number> | undefined;
}

/**
 * Options of {@link sweepDegrees}: the fit's options plus how to measure generalisation (a test set,
 * a seeded split fraction, or k folds).
 */
export interface SweepOptions extends Omit<FitOptions, 'weights'> {
  /** Held-out points (a separate test file). */
  test?: SweepData | undefined;
  /** Else hold out this fraction of the points (seeded). */
  split?: number | undefined;
  /** k-fold cross-validation on the training points (seeded). */
  folds?: number | undefined;
  seed?: number | undefined;
}

/**
 * One degree's fit in a sweep, with its RMS on the training points, the test points and in cross-validation (when measured).
 */
export interface DegreeResult extends PolyFit {
  trainRms: number;
  testRms?: number;
  cvRms?: number;
}

/**
 * A degree sweep's results, one per degree, and the degree it recommends (the one-standard-error rule
 * on cross-validation, else the lowest test RMS; none without held-out points).
 */
export interface Sweep {
  degrees: DegreeResult[];
  /** Points used for training, and held out (by --test or --split). */
  trainCount: number;
  testCount: number;
  recommended?: number;
  /** What the recommendation minimised. */
  criterion?: 'cv' | 'test';
  /** Training and test indices when a split was made. */
  split?: Split;
}

function rowsOf(d: SweepData, index?: ArrayLike<number>): FitRows {
  return { x: d.x, y: d.y, w: d.w, index };
}

function allIndices(n: number, drop?: Uint32Array): Uint32Array {
  if (drop === undefined) return Uint32Array.from(identity(n));
  const out: number[] = [];
  let j = 0;
  for (let i = 0; i < n; i++) {
    if (j < drop.length && drop[j] === i) j++;
    else out.push(i);
  }
  return Uint32Array.from(out);
}

/** The plan of a sweep: which rows train, which test, which folds. */
function plan(data: SweepData, options: SweepOptions) {
  const n = data.x.length;
  const seed = options.seed ?? 0;
  const split = options.test === undefined && options.split !== undefined ? splitIndices(n, options.split, seed) : undefined;
  const train = split?.train;
  const trainRows = rowsOf(data, train);
  const testRows = options.test !== undefined ? rowsOf(options.test) : split ? rowsOf(data, split.test) : undefined;
  const nTrain = train?.length ?? n;
  const folds = options.folds !== undefined ? foldIndices(nTrain, options.folds, seed) : undefined;
  // Fold f's training rows: every training position not in fold f (positions map back through `train`).
  const foldRows = folds?.map((fold) => {
    const pos = allIndices(nTrain, fold);
    const back = (q: Uint32Array) => (train ? q.map((i) => train[i]!) : q);
    return { fit: rowsOf(data, back(pos)), held: rowsOf(data, back(fold)) };
  });
  return { split, trainRows, testRows, foldRows, nTrain };
}

/** Every fit of the plan has enough points for the highest degree (else one clear error up front). */
function checkSizes(p: ReturnType<typeof plan>, degrees: readonly number[]): void {
  const top = Math.max(...degrees);
  if (p.nTrain < top + 1) {
    const held = p.split ? ` after holding out ${p.split.test.length} of ${p.nTrain + p.split.test.length}` : '';
    throw new InvalidInputError(`degree ${top} needs at least ${top + 1} training points; ${p.nTrain} remain${held}`);
  }
  if (p.foldRows) {
    const smallest = Math.min(...p.foldRows.map((f) => f.fit.index!.length));
    if (smallest < top + 1) {
      throw new InvalidInputError(
        `degree ${top} needs at least ${top + 1} points per cross-validation fit; with ${p.foldRows.length} folds of ${p.nTrain} training points a fit gets ${smallest}`,
      );
    }
  }
}

/**
 * Each fit's options: the sweep's, with what is left of its `timeoutMs` — a limit on the whole
 * sweep from its start (the API's one meaning of a timeout), not on each of its fits.
 */
function fitOptions(options: SweepOptions, data: SweepData): () => FitOptions {
  const base: FitOptions = { ...options, weights: data.w };
  const { timeoutMs } = options;
  if (timeoutMs === undefined) return () => base;
  const ends = performance.now() + timeoutMs;
  return () => {
    const left = ends - performance.now();
    if (left <= 0) throw new SearchlabError('limit', `the degree sweep timed out (${timeoutMs} ms)`);
    return { ...base, timeoutMs: left };
  };
}

/** Mean and standard error of the mean. */
function meanSe(values: number[]): { mean: number; se: number } {
  const m = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / m;
  const v = m > 1 ? values.reduce((a, b) => a + (b - mean) ** 2, 0) / (m - 1) : 0;
  return { mean, se: Math.sqrt(v / m) };
}

function squaredErrors(coefficients: readonly number[], rows: FitRows): number[] {
  const n = (rows.index ?? rows.x).length;
  return Array.from({ length: n }, (_, r) => {
    const i = rows.index === undefined ? r : rows.index[r]!;
    return (rows.y[i]! - polyval(coefficients, rows.x[i]!)) ** 2;
  });
}

/** The one-standard-error rule over (degree, score) pairs. */
export function oneStandardError(scores: { degree: number; mean: number; se: number }[]): number {
  let best = scores[0]!;
  for (const s of scores) if (s.mean < best.mean) best = s;
  let pick = best.degree;
  for (const s of scores) if (Number.isFinite(s.mean) && s.mean <= best.mean + best.se && s.degree < pick) pick = s.degree;
  return pick;
}

function summarise(results: DegreeResult[], p: ReturnType<typeof plan>, scores: { degree: number; mean: number; se: number }[]): Sweep {
  const criterion = p.foldRows ? 'cv' : p.testRows ? 'test' : undefined;
  const recommended = criterion ? oneStandardError(scores) : undefined;
  return {
    degrees: results,
    trainCount: p.nTrain,
    testCount: p.testRows ? (p.testRows.index ?? p.testRows.x).length : 0,
    ...(recommended !== undefined ? { recommended, criterion } : {}),
    ...(p.split ? { split: p.split } : {}),
  };
}

function degreeResult(
  fit: PolyFit,
  p: ReturnType<typeof plan>,
  foldFits: PolyFit[] | undefined,
  scores: { degree: number; mean: number; se: number }[],
): DegreeResult {
  const r: DegreeResult = { ...fit, trainRms: fit.rms };
  if (p.testRows) {
    const sq = squaredErrors(fit.coefficients, p.testRows);
    const score = meanSe(sq);
    r.testRms = Math.sqrt(score.mean);
    if (!foldFits) scores.push({ degree: fit.degree, mean: score.mean, se: 0 });
  }
  if (foldFits && p.foldRows) {
    const foldMse = foldFits.map((f, i) => rowsRms(f.coefficients, p.foldRows![i]!.held) ** 2);
    const score = meanSe(foldMse);
    r.cvRms = Math.sqrt(score.mean);
    scores.push({ degree: fit.degree, ...score });
  }
  return r;
}

function checkDegrees(degrees: readonly number[], data: SweepData, options: SweepOptions): void {
  checkObject(data, 'data');
  checkArrayLike(data.x, 'data.x');
  checkArrayLike(data.y, 'data.y');
  checkArray(degrees, 'degrees');
  checkObject(options, 'options');
  checkTimeoutMs(options.timeoutMs);
  if (degrees.length === 0) throw new InvalidInputError('no degrees to fit');
}

/**
 * Fits every degree on the training points and scores it on held-out points: a test set, a seeded
 * split, or k-fold cross-validation; recommends a degree (the one-standard-error rule on
 * cross-validation, else the lowest test RMS).
 *
 * @param data - The points (x, y, optional weights w).
 * @param degrees - The degrees to fit, each from 0 to {@link MAX_DEGREE}.
 * @param options - How to hold points out (`test`, `split` fraction, `folds`, `seed`) and the fit's
 *   options (`mapDomain`, `rcond`, `backend` — default `'wasm'` —, `signal`, `timeoutMs`).
 * @returns One {@link DegreeResult} per degree (train, test and CV RMS) and the recommended degree.
 * @throws {InvalidInputError} On bad points or options, or too few points for a degree (after the split).
 * @throws {SearchlabError} With code `aborted` or `limit` when `signal` aborts or `timeoutMs` passes.
 * @example
 * ```ts
 * import { sweepDegrees } from '@searchlab/engine/fit';
 * const x = Array.from({ length: 40 }, (_, i) => i / 4);
 * const y = x.map((v, i) => 2 * v * v - v + 1 + (i % 3) - 1); // a parabola and a little noise
 * const s = await sweepDegrees({ x, y }, [1, 2, 6], { folds: 5, seed: 1 });
 * console.log(s.recommended); // 2
 * ```
 */
export async function sweepDegrees(data: SweepData, degrees: readonly number[], options: SweepOptions = {}): Promise<Sweep> {
  checkDegrees(degrees, data, options);
  const p = plan(data, options);
  checkSizes(p, degrees);
  const o = fitOptions(options, data);
  const results: DegreeResult[] = [];
  const scores: { degree: number; mean: number; se: number }[] = [];
  for (const d of degrees) {
    const fit = await polyfitRows(p.trainRows, d, o());
    let folds: PolyFit[] | undefined;
    if (p.foldRows) {
      folds = [];
      for (const f of p.foldRows) folds.push(await polyfitRows(f.fit, d, o()));
    }
    results.push(degreeResult(fit, p, folds, scores));
  }
  return summarise(results, p, scores);
}

/** sweepDegrees, synchronously (the WASM backend needs loadKernels() first). */
export function sweepDegreesSync(data: SweepData, degrees: readonly number[], options: SweepOptions = {}): Sweep {
  checkDegrees(degrees, data, options);
  const p = plan(data, options);
  checkSizes(p, degrees);
  const o = fitOptions(options, data);
  const scores: { degree: number; mean: number; se: number }[] = [];
  return summarise(
    degrees.map((d) =>
      degreeResult(
        polyfitRowsSync(p.trainRows, d, o()),
        p,
        p.foldRows?.map((f) => polyfitRowsSync(f.fit, d, o())),
        scores,
      ),
    ),
    p,
    scores,
  );
}

/**
 * A degree sweep's canonical spec: the degrees and how they are fitted and scored, validated, with
 * nothing else in it (not the points, which are data; no file paths, callbacks or output choices).
 * `fitSpec` of a spec is the same spec.
 */
export interface FitSpec {
  degrees: number[];
  /** Hold out this fraction of the points (seeded), when set. */
  split?: number;
  /** k-fold cross-validation on the training points (seeded), when set. */
  folds?: number;
  seed: number;
  mapDomain: boolean;
  covariance: boolean;
  backend: Backend;
}

/** The one normaliser from user input (CLI flags, the lab's form, API options) to a FitSpec. */
export function fitSpec(input: {
  degrees: readonly number[];
  split?: number;
  folds?: number;
  seed?: number;
  mapDomain?: boolean;
  covariance?: boolean;
  backend?: Backend;
}): FitSpec {
  checkObject(input, 'input');
  checkArray(input.degrees, 'degrees');
  if (input.degrees.length === 0) throw new InvalidInputError('no degrees to fit');
  for (const d of input.degrees) {
    if (!Number.isSafeInteger(d) || d < 0) throw new InvalidInputError(`a degree must be a non-negative integer, got ${shown(d)}`);
  }
  const { split, folds } = input;
  if (split !== undefined && !(typeof split === 'number' && split > 0 && split < 1))
    throw new InvalidInputError(`the test fraction must be between 0 and 1, got ${shown(split)}`);
  if (folds !== undefined && !(Number.isInteger(folds) && folds >= 2)) throw new InvalidInputError(`folds must be an integer >= 2, got ${shown(folds)}`);
  const seed = input.seed ?? 1;
  if (!Number.isSafeInteger(seed)) throw new InvalidInputError(`seed must be an integer, got ${shown(seed)}`);
  const backend = input.backend ?? 'wasm';
  if (!BACKENDS.includes(backend)) throw new InvalidInputError(`backend must be wasm or ts, got ${shown(backend)}`);
  return {
    degrees: [...input.degrees],
    ...(split !== undefined && { split }),
    ...(folds !== undefined && { folds }),
    seed,
    mapDomain: input.mapDomain === true,
    covariance: input.covariance === true,
    backend,
  };
}
