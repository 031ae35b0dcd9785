/**
 * The puzzle solve facade: validate, check solvability, pick a backend, drive a `Run` with the
 * platform's driver (core/run.ts), and build the typed result.
 */
import { checkArray, checkObject } from '../core/args.js';
import { InvalidInputError, SearchlabError, UnsupportedError } from '../core/errors.js';
import type { Backend } from '../core/backend.js';
import { MEMORY_LIMIT, kernelsIfLoaded, loadKernels, type Kernels } from '../core/kernels.js';
import { defaultMemoryBytes } from '../core/memory.js';
import { runAsync, runSync, type DriveOptions, type Driven } from '../core/run.js';
import type { SearchCounters, SearchStats } from '../search/types.js';
import {
  BOUNDED_ALGORITHMS,
  CONSTRUCTIVE_ALGORITHMS,
  IDA_ALGORITHMS,
  WASM_ALGORITHMS,
  checkLocalOptions,
  normalizeOptions,
  usesHeuristic,
  weightFraction,
  type Algorithm,
  type SolverHeuristic,
  type NormalizedSolveOptions,
  type SolveOptions,
  type SolveResult,
  type TraceStep,
} from './options.js';
import { PDB_NAMES, PDB_SPECS, isPdbName, pdbTableBytes, pdbViews, type PdbName } from './pdb.js';
import { loadPdb, pdbBytesNeeded, pdbIfLoaded } from './pdb-store.js';
import { SlidingTileProblem } from './problem.js';
import { checkSolvable, validatePair } from './solvability.js';
import { SEARCH_MAX_SIDE, sizeName, validateBoard } from './board.js';
import { checkConstructable, constructOutcome } from './solve-construct.js';
import { createTsPuzzleRun } from './ts-run.js';
import { MOVES, type Board, type Move } from './types.js';
import { createWasmPuzzleRun, wasmSupports, type PuzzleOutcome, type PuzzleRun } from './wasm-run.js';
import { boundRatio, claimsBounds, createAnytimeRun, createWidaRun, type SequenceRun } from './optimistic.js';

/** The backend that runs `algorithm` on `board`: the requested one, else wasm when it can. */
export function chooseBackend(board: Board, algorithm: Algorithm, requested?: Backend): Backend {
  if (requested === 'wasm' && !WASM_ALGORITHMS.includes(algorithm)) {
    throw new UnsupportedError(`${algorithm} has no WASM kernel: it runs on the TypeScript reference backend (ts)`);
  }
  return requested ?? defaultBackend(board, algorithm);
}

const defaultBackend = (board: Board, algorithm: Algorithm): Backend =>
  CONSTRUCTIVE_ALGORITHMS.includes(algorithm) || wasmSupports(board, algorithm) ? 'wasm' : 'ts';

/** The searches take boards up to SEARCH_MAX_SIDE; construct takes any wall-free board the model accepts. */
function checkAlgorithmFits(start: Board, algorithm: Algorithm): void {
  if (CONSTRUCTIVE_ALGORITHMS.includes(algorithm)) return checkConstructable(start);
  if (start.width > SEARCH_MAX_SIDE || start.height > SEARCH_MAX_SIDE) {
    throw new InvalidInputError(
      `${algorithm} handles boards up to ${sizeName(SEARCH_MAX_SIDE, SEARCH_MAX_SIDE)}; this one is ${sizeName(start.width, start.height)} (use --algorithm construct)`,
    );
  }
}

/** A validated solve: what prepare() returns for a solvable pair. */
export interface Job {
  start: Board;
  goal: Board;
  options: SolveOptions;
  normalized: NormalizedSolveOptions;
  backend: Backend;
}

const zeroStats = (): SearchStats => ({ expanded: 0, generated: 0, unique: 0, maxFrontier: 0, iterations: 0, timeMs: 0 });

const resultHeuristic = (o: NormalizedSolveOptions): SolverHeuristic | undefined => (usesHeuristic(o.algorithm) ? o.heuristic : undefined);

/**
 * `heuristic: 'auto'` made concrete: the strongest pattern databases that apply to the goal and fit
 * maxMemoryBytes (`fits`), else linear-conflict; the algorithm defaults to idastar.
 */
function resolveAuto(goal: Board, options: SolveOptions, fits: ReadonlySet<PdbName>): SolveOptions {
  if (options.heuristic !== 'auto') return options;
  const algorithm = options.algorithm ?? 'idastar';
  let heuristic: SolverHeuristic = 'linear-conflict';
  if (IDA_ALGORITHMS.includes(algorithm) && options.countBlank !== true) {
    heuristic = PDB_NAMES.find((name) => fits.has(name) && typeof pdbViews(PDB_SPECS[name], goal) !== 'string') ?? heuristic;
  }
  return { ...options, algorithm, heuristic };
}

/** `auto` resolved as solvePuzzle does (a database fits when its tables, or its build, fit the limit). */
export async function resolveHeuristic(goal: Board, options: SolveOptions): Promise<SolveOptions> {
  validateBoard(goal);
  checkLocalOptions(options);
  if (options.heuristic !== 'auto') return options;
  const limit = options.maxMemoryBytes;
  const fits = new Set<PdbName>();
  for (const name of PDB_NAMES) {
    if (typeof pdbViews(PDB_SPECS[name], goal) === 'string') continue; // another board: not even read from the cache
    if (limit === undefined || (await pdbBytesNeeded(PDB_SPECS[name])) <= limit) fits.add(name);
  }
  return resolveAuto(goal, options, fits);
}

/** Validation, normalisation and the solvability check; a finished result when unsolvable. */
export function prepare(start: Board, goal: Board, options: SolveOptions): Job | SolveResult {
  validatePair(start, goal);
  checkLocalOptions(options);
  const normalized = normalizeOptions(options);
  checkAlgorithmFits(start, normalized.algorithm);
  if (isPdbName(normalized.heuristic)) {
    const views = pdbViews(PDB_SPECS[normalized.heuristic], goal);
    if (typeof views === 'string') throw new InvalidInputError(`${normalized.heuristic}: ${views}`);
  }
  const verdict = checkSolvable(start, goal);
  if (!verdict.solvable) {
    const { algorithm } = normalized;
    return {
      status: 'unsolvable',
      solvable: false,
      algorithm,
      heuristic: resultHeuristic(normalized),
      backend: options.backend ?? defaultBackend(start, algorithm),
      stats: zeroStats(),
      reason: verdict.reason,
    };
  }
  return { start, goal, options, normalized, backend: chooseBackend(start, normalized.algorithm, options.backend) };
}

/**
 * Loads the pattern databases the job's heuristic names, if any (the runs look them up where they
 * start): undefined when ready, the result to return when a memory limit or an abort stopped the load.
 */
export async function loadJobPdb(job: Job, options: SolveOptions): Promise<SolveResult | undefined> {
  const { heuristic } = job.normalized;
  if (!isPdbName(heuristic)) return undefined;
  try {
    await loadPdb(PDB_SPECS[heuristic], { signal: options.signal, onProgress: options.onPdbProgress, maxMemoryBytes: options.maxMemoryBytes });
    return undefined;
  } catch (e) {
    if (e instanceof SearchlabError && (e.code === 'limit' || e.code === 'aborted')) return stoppedEarly(job, e.code, e.message);
    throw e;
  }
}

function createRun(job: Job, kernels: Kernels | undefined): PuzzleRun {
  if (job.backend === 'wasm' && kernels === undefined) {
    throw new UnsupportedError('the WASM kernels are not loaded: call await loadKernels() first (or use the ts backend)');
  }
  const single = (o: NormalizedSolveOptions): PuzzleRun =>
    job.backend === 'ts' ? createTsPuzzleRun(job.start, job.goal, o) : createWasmPuzzleRun(kernels!, job.start, job.goal, o);
  const { algorithm } = job.normalized;
  if (algorithm === 'anytime') return createAnytimeRun(job.normalized, single, job.options);
  // wida without an admissible h (countBlank) proves nothing: one weighted IDA* run at w.
  return algorithm === 'wida' && claimsBounds(job.normalized) ? createWidaRun(job.normalized, single) : single(job.normalized);
}

function driveOptions(options: SolveOptions): DriveOptions<SearchCounters> {
  const { onProgress } = options;
  return {
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    onProgress: onProgress === undefined ? undefined : (stats, workMs) => onProgress({ ...stats, timeMs: workMs }),
  };
}

/** g, h and f = g + h for every state on the path, with the chosen heuristic (TS, for both backends). */
export function traceMoves(start: Board, goal: Board, moves: readonly Move[], options: NormalizedSolveOptions): TraceStep[] {
  validatePair(start, goal);
  checkArray(moves, 'moves');
  checkObject(options, 'options');
  const { heuristic, countBlank, pdbReflect } = options;
  const problem = new SlidingTileProblem(start, goal, { heuristic, countBlank, pdbReflect });
  const steps: TraceStep[] = [];
  let s = problem.initial;
  for (let g = 0; ; g++) {
    const h = problem.h(s);
    steps.push({ board: problem.board(s), g, h, f: g + h });
    if (g === moves.length) return steps;
    s = problem.result(s, moves[g]!);
  }
}

function stoppedEarly(job: Job | SolveResult, status: 'limit' | 'aborted', reason: string): SolveResult {
  const n = 'normalized' in job ? job.normalized : undefined;
  return {
    status,
    solvable: true,
    reason,
    stats: zeroStats(),
    algorithm: n?.algorithm ?? 'idastar',
    heuristic: n && resultHeuristic(n),
    backend: 'backend' in job ? job.backend : 'wasm',
  };
}

/** h(start) with the job's heuristic (the trivial lower bound of wastar). */
function startH(job: Job): number {
  const problem = new SlidingTileProblem(job.start, job.goal, job.normalized);
  return problem.h(problem.initial);
}

/** The proven bound and lower bound of a bounded method's result (contract "Bounds"). */
function withBounds(result: SolveResult, job: Job, run: PuzzleRun): SolveResult {
  const o = job.normalized;
  if (!BOUNDED_ALGORITHMS.includes(o.algorithm) || !claimsBounds(o) || result.status === 'unsolvable') return result;
  if (o.algorithm === 'anytime') return result; // toResult fills it from the anytime state
  const length = result.length ?? Infinity;
  let lowerBound: number;
  if (o.algorithm === 'wida') {
    const { state } = run as SequenceRun;
    lowerBound = Math.min(length, state.lowerBound);
    // Stopped before the bound was proven: say how far it got (the solution itself is not returned).
    if (result.status === 'limit' && state.best !== undefined) {
      const best = state.best.moves.length;
      result = { ...result, reason: `${result.reason}; best so far ${best} moves, proven ≤ ${boundRatio(best, lowerBound).toFixed(3)} × optimal` };
    }
  } else lowerBound = Math.min(length, Math.max(Math.ceil(startH(job) - 1e-9), Number.isFinite(length) ? Math.ceil(length / o.weight - 1e-9) : 0));
  const { num, den } = weightFraction(o.weight);
  return { ...result, ...(result.status === 'solved' && { bound: o.algorithm === 'wida' ? num / den : o.weight }), lowerBound };
}

/** An anytime result: the best solution found (also after a limit), its proven ratio and lower bound. */
function anytimeResult(job: Job, result: SolveResult, run: SequenceRun): SolveResult {
  const { state } = run;
  const bounded = claimsBounds(job.normalized);
  const extra = { improvements: state.improvements, optimal: state.optimal, ...(bounded && { lowerBound: state.lowerBound }) };
  if (state.best === undefined) return { ...result, ...extra };
  const { moves } = state.best;
  const why = result.status === 'limit' ? result.reason : state.stopped === 'node-limit' ? `node limit: expanded ${job.normalized.maxNodes} nodes` : undefined;
  return {
    ...result,
    status: 'solved',
    solvable: true,
    length: moves.length,
    moves,
    ...extra,
    ...(bounded && { bound: boundRatio(moves.length, state.lowerBound) }),
    ...(why !== undefined && { reason: `stopped improving at the ${why}` }),
    ...(result.status === 'aborted' && { reason: 'stopped improving: aborted' }),
  };
}

function toResult(job: Job, driven: Driven<PuzzleOutcome, SearchCounters>, run: PuzzleRun): SolveResult {
  const result = baseResult(job, driven);
  if (job.normalized.algorithm === 'anytime') return anytimeResult(job, result, run as SequenceRun);
  return withBounds(result, job, run);
}

function baseResult(job: Job, driven: Driven<PuzzleOutcome, SearchCounters>): SolveResult {
  const { options, normalized } = job;
  const base = {
    algorithm: normalized.algorithm,
    heuristic: resultHeuristic(normalized),
    backend: job.backend,
    stats: { ...driven.stats, timeMs: driven.workMs },
  };
  const stopped = (status: 'limit' | 'aborted', reason: string): SolveResult => ({ status, solvable: true, ...base, reason });
  if (driven.status !== 'done') {
    return driven.status === 'aborted' ? stopped('aborted', 'aborted') : stopped('limit', `timeout: ${options.timeoutMs} ms`);
  }
  const out = driven.outcome;
  switch (out.kind) {
    case 'found': {
      const result: SolveResult = { status: 'solved', solvable: true, length: out.moves.length, moves: out.moves, ...base };
      if (options.trace === true) result.trace = traceMoves(job.start, job.goal, out.moves, normalized);
      return result;
    }
    case 'node-limit':
      return stopped('limit', `node limit: expanded ${normalized.maxNodes} nodes (raise the node limit to search further)`);
    case 'memory-limit':
      return stopped(
        'limit',
        out.budget === true
          ? 'memory limit: the memory budget shared with concurrent runs is used up (run fewer at once, or try IDA*)'
          : `memory limit: the search stored ${memoryText(normalized.maxMemoryBytes ?? defaultMemoryBytes(job.backend))} (raise --max-memory / maxMemoryBytes, or try IDA*)`,
      );
    case 'exhausted':
      if (normalized.algorithm === 'dfs') return stopped('limit', `no solution within depth limit ${normalized.depthLimit}`);
      return {
        status: 'unsolvable',
        solvable: false,
        ...base,
        reason: 'the search exhausted every reachable state without reaching the goal',
      };
  }
}

/** construct: one pass, not stepped (timeoutMs and the signal are not checked inside it). */
function constructResult(job: Job, kernels: Kernels | undefined): SolveResult {
  const base = { algorithm: job.normalized.algorithm, backend: job.backend };
  if (job.options.signal?.aborted === true) return stoppedEarly(job, 'aborted', 'aborted');
  const out = constructOutcome(job.start, job.goal, job.backend, kernels, job.normalized.maxMemoryBytes);
  if (out === MEMORY_LIMIT) {
    return stoppedEarly(
      job,
      'limit',
      `memory limit: the move list needs more than ${memoryText(job.normalized.maxMemoryBytes ?? defaultMemoryBytes('wasm'))} (raise --max-memory / maxMemoryBytes)`,
    );
  }
  if (out === null) {
    return { status: 'unsolvable', solvable: false, ...base, stats: zeroStats(), reason: 'the constructive solver could not finish the last 2×2' };
  }
  const moves = Array.from(out.moves, (m) => MOVES[m]!);
  const stats = { ...zeroStats(), timeMs: out.constructMs + out.postPassMs };
  const construct = { lengthBefore: out.raw.length, lengthAfter: out.moves.length, constructMs: out.constructMs, postPassMs: out.postPassMs };
  return { status: 'solved', solvable: true, length: moves.length, moves, ...base, stats, construct };
}

export const memoryText = (bytes: number): string => (bytes >= 2 ** 30 ? `${+(bytes / 2 ** 30).toFixed(2)} GiB` : `${+(bytes / 2 ** 20).toFixed(1)} MiB`);

/**
 * Solve a sliding-tile puzzle. Limits and aborts return the statistics so far; never throws for them.
 *
 * @param start - The start board.
 * @param goal - The goal board (same size and walls).
 * @param options - Algorithm, heuristic, backend (`'wasm'` by default, `'ts'` the reference),
 *   limits (`maxNodes`, `maxMemoryBytes`, `timeoutMs`), `signal`, `onProgress`.
 * @returns The result: `status` (`solved`, `unsolvable`, `limit`, `aborted`), `moves`, `length` and
 *   the search's counters.
 * @throws {InvalidInputError} On invalid boards or options.
 * @throws {WasmUnavailableError} When the WASM backend is asked for and WebAssembly cannot compile here.
 * @example
 * ```ts
 * import { goalLike, parseBoard, solvePuzzle } from '@searchlab/engine/puzzle';
 * const start = parseBoard('8 6 7/2 5 4/3 0 1');
 * const r = await solvePuzzle(start, goalLike(start), { algorithm: 'idastar', heuristic: 'linear-conflict' });
 * console.log(r.status, r.length); // solved 31
 * ```
 */
export async function solvePuzzle(start: Board, goal: Board, options: SolveOptions = {}): Promise<SolveResult> {
  validatePair(start, goal);
  const job = prepare(start, goal, await resolveHeuristic(goal, options));
  if ('status' in job) return job;
  const stopped = await loadJobPdb(job, options);
  if (stopped !== undefined) return stopped;
  if (CONSTRUCTIVE_ALGORITHMS.includes(job.normalized.algorithm)) return constructResult(job, job.backend === 'wasm' ? await loadKernels() : undefined);
  const run = createRun(job, job.backend === 'wasm' ? await loadKernels() : undefined);
  return toResult(job, await runAsync(run, driveOptions(options)), run);
}

/**
 * {@link solvePuzzle} without yielding to the event loop (for scripts and workers; `timeoutMs` is
 * still checked between slices). Limits and aborts return the statistics so far, never throw.
 *
 * @param start - The start board.
 * @param goal - The goal board (same size and walls).
 * @param options - As {@link solvePuzzle}'s (`onProgress` is called between slices).
 * @returns The result, as {@link solvePuzzle}'s.
 * @throws {InvalidInputError} On invalid boards or options.
 * @throws {UnsupportedError} On the WASM backend (the default) before `await loadKernels()`.
 * @example
 * ```ts
 * import { loadKernels } from '@searchlab/engine';
 * import { goalLike, parseBoard, solvePuzzleSync } from '@searchlab/engine/puzzle';
 * await loadKernels(); // once, for the WASM backend
 * const start = parseBoard('1 2 3/4 5 6/0 7 8');
 * console.log(solvePuzzleSync(start, goalLike(start), { algorithm: 'astar' }).moves); // [ 'right', 'right' ]
 * ```
 */
export function solvePuzzleSync(start: Board, goal: Board, options: SolveOptions = {}): SolveResult {
  validatePair(start, goal);
  checkLocalOptions(options);
  // auto: only databases already loaded in this thread
  const limit = options.maxMemoryBytes;
  const fits = new Set(PDB_NAMES.filter((n) => pdbIfLoaded(PDB_SPECS[n]) !== undefined && (limit === undefined || pdbTableBytes(PDB_SPECS[n]) <= limit)));
  const job = prepare(start, goal, resolveAuto(goal, options, fits));
  if ('status' in job) return job;
  if (CONSTRUCTIVE_ALGORITHMS.includes(job.normalized.algorithm)) return constructResult(job, kernelsIfLoaded());
  const run = createRun(job, kernelsIfLoaded());
  return toResult(job, runSync(run, driveOptions(options)), run);
}
