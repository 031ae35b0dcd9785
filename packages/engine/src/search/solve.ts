/**
 * The solve facade: validate, check solvability, pick a backend, drive a `SearchRun` in slices
 * (timeout, AbortSignal, progress, yielding to the event loop), and build the typed result.
 */
import { InvalidInputError, UnsupportedError } from '../errors.js';
import type { Board, Move } from '../puzzle/types.js';
import { checkSolvable, validatePair } from '../puzzle/solvability.js';
import { kernelsIfLoaded, loadKernels } from '../wasm/loader.js';
import { createWasmPuzzleRun, wasmSupports } from '../wasm/puzzle-run.js';
import {
  astar,
  breadthFirstSearch,
  depthLimitedSearch,
  dijkstra,
  greedySearch,
  idaStar,
  iterativeDeepeningSearch,
  newCounters,
  uniformCostSearch,
  weightedAstar,
  type SearchCounters,
  type SearchGenerator,
  type SearchLimits,
} from './algorithms.js';
import { pathActions } from './problem.js';
import type { RunOutcome, SearchRun } from './run.js';
import { SlidingTileProblem, type TileState } from './sliding.js';
import {
  ALGORITHMS,
  HEURISTICS,
  WASM_ALGORITHMS,
  type Algorithm,
  type Backend,
  type HeuristicName,
  type NormalizedSolveOptions,
  type SearchStats,
  type SolveOptions,
  type SolveResult,
  type TraceStep,
} from './types.js';

/** Algorithms whose order depends on h (the others ignore the heuristic). */
export const INFORMED_ALGORITHMS: readonly Algorithm[] = ['greedy', 'astar', 'wastar', 'idastar'];

const isPositiveInteger = (x: unknown): boolean => typeof x === 'number' && Number.isInteger(x) && x > 0;

/** Defaults and validation; every message is one line naming the option. */
export function normalizeOptions(opts: SolveOptions = {}): NormalizedSolveOptions {
  const algorithm = opts.algorithm ?? 'astar';
  if (!ALGORITHMS.includes(algorithm)) {
    throw new InvalidInputError(`unknown algorithm '${String(algorithm)}' (expected one of ${ALGORITHMS.join(', ')})`);
  }
  const heuristic = opts.heuristic ?? 'manhattan';
  if (!HEURISTICS.includes(heuristic)) {
    throw new InvalidInputError(`unknown heuristic '${String(heuristic)}' (expected one of ${HEURISTICS.join(', ')})`);
  }
  const countBlank = opts.countBlank === true;
  if (countBlank && heuristic === 'linear-conflict') throw new InvalidInputError('countBlank is not allowed with linear-conflict');
  const weight = opts.weight ?? 2;
  if (typeof weight !== 'number' || !Number.isFinite(weight) || !(weight > 0)) throw new InvalidInputError('weight must be > 0');
  const depthLimit = opts.depthLimit ?? 50;
  if (typeof depthLimit !== 'number' || !Number.isInteger(depthLimit) || depthLimit < 0) {
    throw new InvalidInputError('depthLimit must be a non-negative integer');
  }
  const maxNodes = opts.maxNodes ?? Infinity;
  if (maxNodes !== Infinity && !isPositiveInteger(maxNodes)) throw new InvalidInputError('maxNodes must be a positive integer');
  if (opts.backend !== undefined && opts.backend !== 'wasm' && opts.backend !== 'ts') {
    throw new InvalidInputError(`unknown backend '${String(opts.backend)}' (expected wasm or ts)`);
  }
  if (opts.timeoutMs !== undefined && !(typeof opts.timeoutMs === 'number' && opts.timeoutMs > 0)) {
    throw new InvalidInputError('timeoutMs must be a positive number');
  }
  return { algorithm, heuristic, countBlank, weight, depthLimit, maxNodes };
}

/** The backend that runs `algorithm` on `board`: the requested one, else wasm when it can. */
export function chooseBackend(board: Board, algorithm: Algorithm, requested?: Backend): Backend {
  if (requested === 'wasm' && !WASM_ALGORITHMS.includes(algorithm)) {
    throw new UnsupportedError(`${algorithm} has no WASM kernel; use --backend ts`);
  }
  return requested ?? (wasmSupports(board, algorithm) ? 'wasm' : 'ts');
}

// ---------------------------------------------------------------------------------------------
// The TypeScript backend

function tsSearch(problem: SlidingTileProblem, o: NormalizedSolveOptions, limits: SearchLimits, c: SearchCounters): SearchGenerator<TileState, Move> {
  switch (o.algorithm) {
    case 'bfs': return breadthFirstSearch(problem, limits, c);
    case 'dfs': return depthLimitedSearch(problem, o.depthLimit, limits, c);
    case 'iddfs': return iterativeDeepeningSearch(problem, limits, c);
    case 'ucs': return uniformCostSearch(problem, limits, c);
    case 'dijkstra': return dijkstra(problem, limits, c);
    case 'greedy': return greedySearch(problem, limits, c);
    case 'astar': return astar(problem, limits, c);
    case 'wastar': return weightedAstar(problem, o.weight, limits, c);
    case 'idastar': return idaStar(problem, limits, c);
  }
}

/** A `SearchRun` over the TS reference generators. */
export function createTsRun(start: Board, goal: Board, options: NormalizedSolveOptions): SearchRun {
  const problem = new SlidingTileProblem(start, goal, { heuristic: options.heuristic, countBlank: options.countBlank });
  const limits: SearchLimits = { maxNodes: options.maxNodes, sliceSize: 1 };
  const counters = newCounters();
  const search = tsSearch(problem, options, limits, counters);
  let outcome: RunOutcome | null = null;
  return {
    step(budget) {
      if (outcome !== null) return outcome;
      limits.sliceSize = Math.max(1, Math.floor(budget));
      const next = search.next();
      if (next.done !== true) return null;
      const r = next.value;
      outcome = r.kind === 'found' ? { kind: 'found', moves: pathActions(r.node) } : r;
      return outcome;
    },
    stats: () => ({ ...counters, timeMs: 0 }),
    dispose() {
      search.return({ kind: 'exhausted' });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Driving a run

const now = (): number => globalThis.performance.now();
const zeroStats = (): SearchStats => ({ ...newCounters(), timeMs: 0 });

interface Job {
  start: Board;
  goal: Board;
  options: SolveOptions;
  normalized: NormalizedSolveOptions;
  backend: Backend;
}

/** Validation, normalisation and the solvability check; a finished result when unsolvable. */
function prepare(start: Board, goal: Board, options: SolveOptions): Job | SolveResult {
  validatePair(start, goal);
  const normalized = normalizeOptions(options);
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

const resultHeuristic = (o: NormalizedSolveOptions): HeuristicName | undefined =>
  INFORMED_ALGORITHMS.includes(o.algorithm) ? o.heuristic : undefined;

/** g, h and f = g + h for every state on the path, with the chosen heuristic (TS, for both backends). */
export function traceMoves(start: Board, goal: Board, moves: readonly Move[], options: NormalizedSolveOptions): TraceStep[] {
  const problem = new SlidingTileProblem(start, goal, { heuristic: options.heuristic, countBlank: options.countBlank });
  const steps: TraceStep[] = [];
  let s = problem.initial;
  for (let g = 0; ; g++) {
    const h = problem.h(s);
    steps.push({ board: problem.board(s), g, h, f: g + h });
    if (g === moves.length) return steps;
    s = problem.result(s, moves[g]!);
  }
}

const MIN_BUDGET = 64;
const MAX_BUDGET = 1 << 20;
/** How long work may run between two yields to the event loop (keeps pages and signals live). */
const YIELD_EVERY_MS = 15;

/**
 * Steps the run in slices and returns the result; yields between slices at most every
 * YIELD_EVERY_MS (the async caller waits for the event loop there, the sync caller goes straight
 * on). Slice budgets adapt so a slice lasts roughly 2–20 ms. `timeMs` counts the time spent in
 * the search itself, not the pauses at yields, so it measures the backend and not the host.
 */
function* drive(run: SearchRun, job: Job): Generator<void, SolveResult, void> {
  const { options, normalized } = job;
  const deadline = options.timeoutMs !== undefined ? now() + options.timeoutMs : Infinity;
  let workMs = 0;
  const stats = (): SearchStats => ({ ...run.stats(), timeMs: workMs });
  const base = {
    algorithm: normalized.algorithm,
    heuristic: resultHeuristic(normalized),
    backend: job.backend,
  };
  const stopped = (status: 'limit' | 'aborted', reason: string): SolveResult =>
    ({ status, solvable: true, ...base, stats: stats(), reason });

  let budget = 4096;
  let lastYield = now();
  for (;;) {
    if (options.signal?.aborted === true) return stopped('aborted', 'aborted');
    const s0 = now();
    const out = run.step(budget);
    const t = now();
    workMs += t - s0;
    if (out !== null) return finish(out);
    if (t - s0 < 2) budget = Math.min(MAX_BUDGET, budget * 2);
    else if (t - s0 > 20) budget = Math.max(MIN_BUDGET, budget >> 1);
    if (t >= deadline) return stopped('limit', `timeout: ${options.timeoutMs} ms`);
    if (t - lastYield >= YIELD_EVERY_MS) {
      options.onProgress?.(stats());
      yield;
      lastYield = now();
    }
  }

  function finish(out: RunOutcome): SolveResult {
    switch (out.kind) {
      case 'found': {
        const result: SolveResult = {
          status: 'solved', solvable: true, length: out.moves.length, moves: out.moves, ...base, stats: stats(),
        };
        if (options.trace === true) result.trace = traceMoves(job.start, job.goal, out.moves, normalized);
        return result;
      }
      case 'node-limit':
        return stopped('limit', `node limit: expanded ${normalized.maxNodes} nodes`);
      case 'memory-limit':
        return stopped('limit', 'memory: the WASM instance ran out of memory (try --backend ts or a smaller problem)');
      case 'exhausted':
        if (normalized.algorithm === 'dfs') return stopped('limit', `no solution within depth limit ${normalized.depthLimit}`);
        return {
          status: 'unsolvable', solvable: false, ...base, stats: stats(),
          reason: 'the search exhausted every reachable state without reaching the goal',
        };
    }
  }
}

const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Solve a sliding-tile puzzle. Limits and aborts return the statistics so far; never throws for them. */
export async function solvePuzzle(start: Board, goal: Board, options: SolveOptions = {}): Promise<SolveResult> {
  const job = prepare(start, goal, options);
  if ('status' in job) return job;
  const run = job.backend === 'wasm'
    ? createWasmPuzzleRun(await loadKernels(), start, goal, job.normalized)
    : createTsRun(start, goal, job.normalized);
  try {
    const driver = drive(run, job);
    for (;;) {
      const next = driver.next();
      if (next.done === true) return next.value;
      await pause();
    }
  } finally {
    run.dispose();
  }
}

/**
 * `solvePuzzle` without yielding to the event loop (timeoutMs is still checked between slices).
 * The WASM backend needs its kernels loaded beforehand (`await loadKernels()`).
 */
export function solvePuzzleSync(start: Board, goal: Board, options: SolveOptions = {}): SolveResult {
  const job = prepare(start, goal, options);
  if ('status' in job) return job;
  let run: SearchRun;
  if (job.backend === 'wasm') {
    const kernels = kernelsIfLoaded();
    if (kernels === undefined) throw new UnsupportedError('the WASM kernels are not loaded: call await loadKernels() first (or use backend ts)');
    run = createWasmPuzzleRun(kernels, start, goal, job.normalized);
  } else {
    run = createTsRun(start, goal, job.normalized);
  }
  try {
    const driver = drive(run, job);
    for (;;) {
      const next = driver.next();
      if (next.done === true) return next.value;
    }
  } finally {
    run.dispose();
  }
}

export interface CompareRow {
  /** Index of the instance in the input list. */
  instance: number;
  heuristic: HeuristicName;
  status: SolveResult['status'];
  /** Path length (undefined unless solved). */
  length?: number;
  expanded: number;
  generated: number;
  maxFrontier: number;
  timeMs: number;
}

/** Solve every instance with every heuristic (same other options): one row per pair, instance-major. */
export async function compareHeuristics(
  instances: readonly Board[],
  goal: Board,
  heuristics: readonly HeuristicName[],
  options: Omit<SolveOptions, 'heuristic' | 'trace'> = {},
): Promise<CompareRow[]> {
  const rows: CompareRow[] = [];
  for (let i = 0; i < instances.length; i++) {
    for (const heuristic of heuristics) {
      const r = await solvePuzzle(instances[i]!, goal, { ...options, heuristic, trace: false });
      const { expanded, generated, maxFrontier, timeMs } = r.stats;
      rows.push({ instance: i, heuristic, status: r.status, length: r.length, expanded, generated, maxFrontier, timeMs });
    }
  }
  return rows;
}
