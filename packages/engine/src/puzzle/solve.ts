/**
 * The puzzle solve facade: validate, check solvability, pick a backend, drive a `Run` with the
 * platform's driver (core/run.ts), and build the typed result.
 */
import { checkArray, checkObject } from '../core/args.js';
import { UnsupportedError } from '../core/errors.js';
import type { Backend } from '../core/backend.js';
import { kernelsIfLoaded, loadKernels, type Kernels } from '../core/kernels.js';
import { defaultMemoryBytes } from '../core/memory.js';
import { runAsync, runSync, type DriveOptions, type Driven } from '../core/run.js';
import type { SearchCounters, SearchStats } from '../search/types.js';
import {
  WASM_ALGORITHMS, checkLocalOptions, normalizeOptions, usesHeuristic,
  type Algorithm, type HeuristicName, type NormalizedSolveOptions, type SolveOptions, type SolveResult, type TraceStep,
} from './options.js';
import { SlidingTileProblem } from './problem.js';
import { checkSolvable, validatePair } from './solvability.js';
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

const resultHeuristic = (o: NormalizedSolveOptions): HeuristicName | undefined =>
  usesHeuristic(o.algorithm) ? o.heuristic : undefined;

/** Validation, normalisation and the solvability check; a finished result when unsolvable. */
function prepare(start: Board, goal: Board, options: SolveOptions): Job | SolveResult {
  validatePair(start, goal);
  checkLocalOptions(options);
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

function createRun(job: Job, kernels: Kernels | undefined): PuzzleRun {
  if (job.backend === 'ts') return createTsPuzzleRun(job.start, job.goal, job.normalized);
  if (kernels === undefined) throw new UnsupportedError('the WASM kernels are not loaded: call await loadKernels() first (or use the ts backend)');
  return createWasmPuzzleRun(kernels, job.start, job.goal, job.normalized);
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

function toResult(job: Job, driven: Driven<PuzzleOutcome, SearchCounters>): SolveResult {
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
  const job = prepare(start, goal, options);
  if ('status' in job) return job;
  const run = createRun(job, job.backend === 'wasm' ? await loadKernels() : undefined);
  return toResult(job, await runAsync(run, driveOptions(options)));
}

/**
 * `solvePuzzle` without yielding to the event loop (timeoutMs is still checked between slices).
 * The WASM backend needs its kernels loaded beforehand (`await loadKernels()`).
 */
export function solvePuzzleSync(start: Board, goal: Board, options: SolveOptions = {}): SolveResult {
  const job = prepare(start, goal, options);
  if ('status' in job) return job;
  return toResult(job, runSync(createRun(job, kernelsIfLoaded()), driveOptions(options)));
}
