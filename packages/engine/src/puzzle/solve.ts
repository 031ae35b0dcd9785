/**
 * The puzzle solve facade: validate, check solvability, pick a backend, drive a `Run` with the
 * platform's driver (core/run.ts), and build the typed result.
 */
import { checkArray, checkObject } from '../core/args.js';
import { InvalidInputError, SearchlabError, UnsupportedError } from '../core/errors.js';
import type { Backend } from '../core/backend.js';
import { kernelsIfLoaded, loadKernels, type Kernels } from '../core/kernels.js';
import { defaultMemoryBytes } from '../core/memory.js';
import { runAsync, runSync, type DriveOptions, type Driven } from '../core/run.js';
import type { SearchCounters, SearchStats } from '../search/types.js';
import {
  WASM_ALGORITHMS, checkLocalOptions, normalizeOptions, usesHeuristic,
  type Algorithm, type SolverHeuristic, type NormalizedSolveOptions, type SolveOptions, type SolveResult, type TraceStep,
} from './options.js';
import type { HeuristicFn } from './heuristics.js';
import { PDB_NAMES, PDB_SPECS, pdbHeuristic, pdbTableBytes, pdbViews, type PdbName, type PdbTables } from './pdb.js';
import { loadPdb, pdbBytesNeeded, pdbIfLoaded } from './pdb-store.js';
import { SlidingTileProblem } from './problem.js';
import { checkSolvable, validatePair } from './solvability.js';
import { validateBoard } from './board.js';
import { createTsPuzzleRun } from './ts-run.js';
import type { Board, Move } from './types.js';
import { createWasmPuzzleRun, wasmSupports, type PuzzleOutcome, type PuzzleRun } from './wasm-run.js';

/** The backend that runs `algorithm` on `board`: the requested one, else wasm when it can. */
export function chooseBackend(board: Board, algorithm: Algorithm, requested?: Backend): Backend {
  if (requested === 'wasm' && !WASM_ALGORITHMS.includes(algorithm)) {
    throw new UnsupportedError(`${algorithm} has no WASM kernel: it runs on the TypeScript reference backend (ts)`);
  }
  return requested ?? (wasmSupports(board, algorithm) ? 'wasm' : 'ts');
}

interface Job {
  start: Board;
  goal: Board;
  options: SolveOptions;
  normalized: NormalizedSolveOptions;
  backend: Backend;
}

const zeroStats = (): SearchStats => ({ expanded: 0, generated: 0, unique: 0, maxFrontier: 0, iterations: 0, timeMs: 0 });

const resultHeuristic = (o: NormalizedSolveOptions): SolverHeuristic | undefined =>
  usesHeuristic(o.algorithm) ? o.pdb ?? o.heuristic : undefined;

/**
 * `heuristic: 'auto'` made concrete: the strongest pattern databases that apply to the goal and fit
 * maxMemoryBytes (`fits`), else linear-conflict; the algorithm defaults to idastar.
 */
function resolveAuto(goal: Board, options: SolveOptions, fits: ReadonlySet<PdbName>): SolveOptions {
  if (options.heuristic !== 'auto') return options;
  const algorithm = options.algorithm ?? 'idastar';
  let heuristic: SolverHeuristic = 'linear-conflict';
  if (algorithm === 'idastar' && options.countBlank !== true) {
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
function prepare(start: Board, goal: Board, options: SolveOptions): Job | SolveResult {
  validatePair(start, goal);
  checkLocalOptions(options);
  const normalized = normalizeOptions(options);
  if (normalized.pdb !== undefined) {
    const views = pdbViews(PDB_SPECS[normalized.pdb], goal);
    if (typeof views === 'string') throw new InvalidInputError(`${normalized.pdb}: ${views}`);
  }
  const verdict = checkSolvable(start, goal);
  if (!verdict.solvable) {
    const { algorithm } = normalized;
    return {
      status: 'unsolvable',
      solvable: false,
      algorithm,
      heuristic: resultHeuristic(normalized),
      backend: options.backend ?? (wasmSupports(start, algorithm) ? 'wasm' : 'ts'),
      stats: zeroStats(),
      reason: verdict.reason,
    };
  }
  return { start, goal, options, normalized, backend: chooseBackend(start, normalized.algorithm, options.backend) };
}

/** The pattern databases' h of a job (for the TS reference and traces). */
const pdbH = (job: Job, pdb: PdbTables | undefined): HeuristicFn | undefined =>
  pdb && pdbHeuristic(pdb, job.goal, job.normalized.pdbReflect);

function createRun(job: Job, kernels: Kernels | undefined, pdb: PdbTables | undefined): PuzzleRun {
  if (job.normalized.pdb !== undefined && pdb === undefined) {
    throw new UnsupportedError(`the ${job.normalized.pdb} pattern databases are not loaded: use solvePuzzle, or await loadPdb() first`);
  }
  if (job.backend === 'ts') return createTsPuzzleRun(job.start, job.goal, job.normalized, pdbH(job, pdb));
  if (kernels === undefined) throw new UnsupportedError('the WASM kernels are not loaded: call await loadKernels() first (or use the ts backend)');
  return createWasmPuzzleRun(kernels, job.start, job.goal, job.normalized, { pdb });
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
export function traceMoves(start: Board, goal: Board, moves: readonly Move[], options: NormalizedSolveOptions, hFn?: HeuristicFn): TraceStep[] {
  validatePair(start, goal);
  checkArray(moves, 'moves');
  checkObject(options, 'options');
  const problem = new SlidingTileProblem(start, goal, { heuristic: options.heuristic, countBlank: options.countBlank, hFn });
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
    status, solvable: true, reason, stats: zeroStats(),
    algorithm: n?.algorithm ?? 'idastar', heuristic: n && resultHeuristic(n), backend: 'backend' in job ? job.backend : 'wasm',
  };
}

function toResult(job: Job, driven: Driven<PuzzleOutcome, SearchCounters>, pdb?: PdbTables): SolveResult {
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
      if (options.trace === true) result.trace = traceMoves(job.start, job.goal, out.moves, normalized, pdbH(job, pdb));
      return result;
    }
    case 'node-limit':
      return stopped('limit', `node limit: expanded ${normalized.maxNodes} nodes (raise the node limit to search further)`);
    case 'memory-limit':
      return stopped('limit', out.budget === true
        ? 'memory limit: the memory budget shared with concurrent runs is used up (run fewer at once, or try IDA*)'
        : `memory limit: the search stored ${memoryText(normalized.maxMemoryBytes ?? defaultMemoryBytes(job.backend))} (raise --max-memory / maxMemoryBytes, or try IDA*)`);
    case 'exhausted':
      if (normalized.algorithm === 'dfs') return stopped('limit', `no solution within depth limit ${normalized.depthLimit}`);
      return {
        status: 'unsolvable', solvable: false, ...base,
        reason: 'the search exhausted every reachable state without reaching the goal',
      };
  }
}

const memoryText = (bytes: number): string =>
  bytes >= 2 ** 30 ? `${+(bytes / 2 ** 30).toFixed(2)} GiB` : `${+(bytes / 2 ** 20).toFixed(1)} MiB`;

/** Solve a sliding-tile puzzle. Limits and aborts return the statistics so far; never throws for them. */
export async function solvePuzzle(start: Board, goal: Board, options: SolveOptions = {}): Promise<SolveResult> {
  validatePair(start, goal);
  const job = prepare(start, goal, await resolveHeuristic(goal, options));
  if ('status' in job) return job;
  let pdb: PdbTables | undefined;
  if (job.normalized.pdb !== undefined) {
    try {
      pdb = await loadPdb(PDB_SPECS[job.normalized.pdb], { signal: options.signal, onProgress: options.onPdbProgress, maxMemoryBytes: options.maxMemoryBytes });
    } catch (e) {
      if (e instanceof SearchlabError && (e.code === 'limit' || e.code === 'aborted')) return stoppedEarly(job, e.code, e.message);
      throw e;
    }
  }
  const run = createRun(job, job.backend === 'wasm' ? await loadKernels() : undefined, pdb);
  return toResult(job, await runAsync(run, driveOptions(options)), pdb);
}

/**
 * `solvePuzzle` without yielding to the event loop (timeoutMs is still checked between slices).
 * The WASM backend needs its kernels loaded beforehand (`await loadKernels()`).
 */
export function solvePuzzleSync(start: Board, goal: Board, options: SolveOptions = {}): SolveResult {
  validatePair(start, goal);
  checkLocalOptions(options);
  // auto: only databases already loaded in this thread
  const limit = options.maxMemoryBytes;
  const fits = new Set(PDB_NAMES.filter((n) => pdbIfLoaded(PDB_SPECS[n]) !== undefined && (limit === undefined || pdbTableBytes(PDB_SPECS[n]) <= limit)));
  const job = prepare(start, goal, resolveAuto(goal, options, fits));
  if ('status' in job) return job;
  const pdb = job.normalized.pdb && pdbIfLoaded(PDB_SPECS[job.normalized.pdb]);
  return toResult(job, runSync(createRun(job, kernelsIfLoaded(), pdb), driveOptions(options)), pdb);
}
