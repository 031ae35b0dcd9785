/** Algorithms, options and results of the N-Queens solvers (both backends). */
import { codes } from '#core-as';
import { BACKENDS, type Backend } from '../core/backend.js';
import { checkObject, checkOptionalBackend, shown } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { validateN } from './model.js';

/**
 * The local searches: `hill-climbing` (with escapes), `restart`, `annealing`, `min-conflicts`,
 * `fast` (min-conflicts on an incremental board, millions of queens) and `construct` (the closed form).
 */
export type QueensAlgorithm = keyof typeof codes.queens.algorithm;
/** Every {@link QueensAlgorithm}. */
export const QUEENS_ALGORITHMS = Object.keys(codes.queens.algorithm) as QueensAlgorithm[];

/** Below this N the default algorithm is min-conflicts, from here on `fast` (issue 7). */
export const FAST_FROM_N = 100_000;

/**
 * The algorithm a solve uses when none is given: min-conflicts below {@link FAST_FROM_N}, else `fast`.
 */
export function defaultAlgorithm(n: number): QueensAlgorithm {
  // Any N ≥ 1 has an answer (a form may ask before N is checked against MAX_N).
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw new InvalidInputError(`N must be an integer ≥ 1, got ${shown(n)}`);
  return n < FAST_FROM_N ? 'min-conflicts' : 'fast';
}

/** A local search's counters (both backends count them the same). */
export interface QueensStats {
  /** Work units of the algorithm (docs/contracts/queens.md says what one step is for each). */
  steps: number;
  /** Accepted changes of the board. */
  moves: number;
  /** hill-climbing: escapes from local optima (K random in-row moves). */
  escapes: number;
  /** restart: fresh random boards; fast: restarts after a stall. */
  restarts: number;
  /** Attacking pairs now. */
  conflicts: number;
}

/** How a queens run ends: solved, out of steps, no solution (n = 2, 3), or out of memory. */
export type QueensOutcome = { kind: 'solved' } | { kind: 'limit' } | { kind: 'unsolvable' } | { kind: 'memory-limit' };

/**
 * Options of {@link solveQueens}: the algorithm and its parameters, the seed, limits, backend and progress.
 */
export interface QueensSolveOptions {
  algorithm?: QueensAlgorithm;
  seed?: number;
  /** Stop with status 'limit' after this many steps. Default: per algorithm (DEFAULT_MAX_STEPS). */
  maxSteps?: number;
  /** hill-climbing: random in-row moves per escape (default N, the seed's choice). */
  escapeMoves?: number;
  /** annealing: start temperature, factor per step, floor (defaults 2, 0.9995, 0.1). */
  t0?: number;
  alpha?: number;
  tMin?: number;
  /** hill-climbing: how many seed scores to keep in the history (default 100 000). */
  historyLimit?: number;
  backend?: Backend;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called between slices (about every 15 ms) with the counters and the work time so far. */
  onProgress?: (stats: QueensStats, workMs: number) => void;
}

/**
 * A solve's options with every default filled in and every value checked ({@link normalizeQueensOptions}).
 */
export interface NormalizedQueensOptions {
  n: number;
  algorithm: QueensAlgorithm;
  seed: number;
  maxSteps: number;
  escapeMoves: number;
  t0: number;
  alpha: number;
  tMin: number;
  historyLimit: number;
}

/** Steps allowed by default: generous for what each algorithm needs on solvable N. */
export function defaultMaxSteps(algorithm: QueensAlgorithm, n: number): number {
  switch (algorithm) {
    case 'hill-climbing':
    case 'restart':
      return 1_000_000;
    case 'annealing':
      return 5_000_000 + 1000 * n;
    case 'min-conflicts':
      return 1_000_000 + 100 * n;
    case 'fast':
      return 200 * n + 1_000_000;
    case 'construct':
      return 2 ** 52;
  }
}

const STEPS_CAP = 2 ** 52;

function checkNumber(name: string, v: number, ok: (v: number) => boolean, expected: string): number {
  if (typeof v !== 'number' || !ok(v)) throw new InvalidInputError(`${name} must be ${expected}, got ${shown(v)}`);
  return v;
}

/**
 * Checks a solve's options for `n` queens and fills in the defaults; throws InvalidInputError naming the bad option.
 */
export function normalizeQueensOptions(n: number, o: QueensSolveOptions = {}): NormalizedQueensOptions {
  validateN(n);
  checkObject(o, 'options');
  checkOptionalBackend(o.backend);
  const algorithm = o.algorithm ?? defaultAlgorithm(n);
  if (!QUEENS_ALGORITHMS.includes(algorithm)) {
    throw new InvalidInputError(`unknown algorithm ${JSON.stringify(algorithm)}; expected one of ${QUEENS_ALGORITHMS.join(', ')}`);
  }
  const seed = checkNumber('seed', o.seed ?? 1, Number.isSafeInteger, 'an integer');
  const int = (v: number) => Number.isInteger(v) && v >= 0 && v <= STEPS_CAP;
  const maxSteps = checkNumber('maxSteps', o.maxSteps ?? defaultMaxSteps(algorithm, n), int, 'a non-negative integer');
  const escapeMoves = checkNumber('escapeMoves', o.escapeMoves ?? n, (v) => Number.isInteger(v) && v >= 1 && v <= 1e9, 'an integer ≥ 1');
  const t0 = checkNumber('t0', o.t0 ?? 2, (v) => Number.isFinite(v) && v > 0, 'a positive number');
  const alpha = checkNumber('alpha', o.alpha ?? 0.9995, (v) => v > 0 && v <= 1, 'a number in (0, 1]');
  const tMin = checkNumber('tMin', o.tMin ?? 0.1, (v) => Number.isFinite(v) && v > 0, 'a positive number');
  const historyLimit = checkNumber('historyLimit', o.historyLimit ?? 100_000, (v) => Number.isInteger(v) && v >= 0, 'a non-negative integer');
  return { n, algorithm, seed, maxSteps, escapeMoves, t0, alpha, tMin, historyLimit };
}

/**
 * A queens solve's canonical spec: N, the algorithm and its every parameter filled in, the backend;
 * nothing else (no limits in time, no callbacks, no output choices). `queensSolveSpec` of a spec is
 * the same spec.
 */
export interface QueensSolveSpec extends NormalizedQueensOptions {
  backend: Backend;
}

/** The one normaliser from user input (CLI flags, a web form, API options) to a QueensSolveSpec. */
export function queensSolveSpec(n: number, options: QueensSolveOptions = {}): QueensSolveSpec {
  checkObject(options, 'options');
  const backend = options.backend ?? 'wasm';
  if (!BACKENDS.includes(backend)) throw new InvalidInputError(`backend must be wasm or ts, got ${shown(backend)}`);
  return { ...normalizeQueensOptions(n, options), backend };
}
