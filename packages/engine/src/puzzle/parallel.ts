/**
 * Parallel IDA* on sliding tiles: the generic driver (search/parallel-ida.ts) with the top of each
 * iteration walked by the TS problem here and every subtree searched by a `subtree` task — on the
 * WASM kernel (or the TS reference) — in this thread, on a worker pool or on the job queue.
 */
import { SearchlabError, InvalidInputError } from '../core/errors.js';
import { checkBoolean, checkObject, checkOptionalFunction, checkOptionalObject, describe } from '../core/args.js';
import { loadKernels } from '../core/kernels.js';
import type { TaskRunner } from '../core/pool.js';
import { runAsync } from '../core/run.js';
import { throttled, type TaskContext } from '../core/tasks.js';
import {
  parallelIdaStar,
  planTop,
  type IterationProgress,
  type IterationReport,
  type SubtreeAnswer,
  type SubtreeJob,
  type SubtreeSearch,
  type TopAnswer,
  type TopRequest,
} from '../search/parallel-ida.js';
import type { SearchCounters, SearchStats } from '../search/types.js';
import { newCounters } from '../search/algorithms.js';
import { normalizeOptions, puzzleSpec, type PuzzleSpec, type SolveOptions, type SolveResult } from './options.js';
import { PDB_SPECS, isPdbName } from './pdb.js';
import { loadPdb } from './pdb-store.js';
import { SlidingTileProblem } from './problem.js';
import { loadJobPdb, prepare, resolveHeuristic, type Job } from './solve.js';
import { createTsPuzzleRun } from './ts-run.js';
import type { Board, Move } from './types.js';
import { applyMoves } from './board.js';
import { createWasmPuzzleRun } from './wasm-run.js';
import { validatePair } from './solvability.js';

/** A subtree as a plain-JSON task: the instance, its spec and the subtree (contract "Parallel IDA*"). */
export interface SubtreeTask {
  start: Board;
  goal: Board;
  /** idastar with its heuristic (a pattern database's name), pdbReflect, countBlank, backend, maxMemoryBytes. */
  spec: PuzzleSpec;
  /** The moves from the start to the subtree's root. */
  path: Move[];
  threshold: number;
  /** null: no node limit (JSON has no Infinity). */
  maxNodes: number | null;
}

/** A subtree task's answer in a parallel IDA* solve (see {@link solvePuzzleParallel}). */
export type SubtreeResult = SubtreeAnswer<Move>;

/** The top of one split iteration as a plain-JSON task: planned where the tables are (`remoteTops`). */
export interface TopTask {
  start: Board;
  goal: Board;
  /** As a subtree task's. */
  spec: PuzzleSpec;
  request: TopRequest;
}

/** The task: the top of one iteration, planned by the TS problem with this thread's tables. */
export async function planTopTask(task: TopTask, ctx: TaskContext): Promise<TopAnswer<Move>> {
  const normalized = normalizeOptions(task.spec);
  if (isPdbName(normalized.heuristic)) await loadPdb(PDB_SPECS[normalized.heuristic], { signal: ctx.signal });
  return planTop(new SlidingTileProblem(task.start, task.goal, normalized), task.request);
}

/** The task: one subtree searched by one run (the kernel's subtree mode, or its TS twin). */
export async function searchSubtree(task: SubtreeTask, ctx: TaskContext): Promise<SubtreeResult> {
  const normalized = normalizeOptions({ ...task.spec, maxNodes: task.maxNodes ?? undefined });
  if (normalized.algorithm !== 'idastar') throw new InvalidInputError(`parallel IDA* searches with idastar, not ${normalized.algorithm}`);
  if (task.maxNodes !== null && task.maxNodes <= 0) return { outcome: 'node-limit', counters: newCounters() };
  const root = applyMoves(task.start, task.path);
  if (isPdbName(normalized.heuristic)) await loadPdb(PDB_SPECS[normalized.heuristic], { signal: ctx.signal });
  const subtree = { depth: task.path.length, incoming: task.path.at(-1) ?? null, threshold: task.threshold };
  const run =
    task.spec.backend === 'ts'
      ? createTsPuzzleRun(root, task.goal, normalized, subtree)
      : createWasmPuzzleRun(await loadKernels(), root, task.goal, normalized, { subtree });
  const driven = await runAsync(run, { signal: ctx.signal, onProgress: throttled((c: SearchCounters) => ctx.progress(c)) });
  const counters = { ...driven.stats };
  if (driven.status !== 'done') return { outcome: 'stopped', counters };
  const out = driven.outcome;
  switch (out.kind) {
    case 'found':
      return { outcome: 'found', moves: out.moves, counters };
    case 'exhausted':
      return { outcome: 'exhausted', next: run.nextThreshold!(), counters };
    case 'node-limit':
      return { outcome: 'node-limit', counters };
    case 'memory-limit':
      throw new SearchlabError('limit', 'memory limit: a subtree search ran out of WASM memory');
  }
}

/** What crosses to a worker: the solve's spec, resolved (no limits but memory: the driver keeps the others). */
function subtreeSpec(job: Job): PuzzleSpec {
  const n = job.normalized;
  return puzzleSpec({
    algorithm: 'idastar',
    heuristic: n.heuristic,
    pdbReflect: n.pdbReflect,
    countBlank: n.countBlank,
    backend: job.backend,
    maxMemoryBytes: n.maxMemoryBytes,
  });
}

/** Subtrees on `runner` (its `subtree` task), or in this thread when there is none. */
function subtreeSearch(job: Job, runner: TaskRunner | undefined): SubtreeSearch<Move> {
  const spec = subtreeSpec(job);
  return async (sub: SubtreeJob<Move>, signal, onProgress) => {
    const task: SubtreeTask = {
      start: job.start,
      goal: job.goal,
      spec,
      path: [...sub.path],
      threshold: sub.threshold,
      maxNodes: Number.isFinite(sub.maxNodes) ? sub.maxNodes : null,
    };
    const progress = (p: unknown): void => onProgress(p as SearchCounters);
    if (runner === undefined) return searchSubtree(task, { signal, progress });
    try {
      return await runner.run<SubtreeResult>({ domain: 'puzzle', kind: 'subtree', payload: task }, { signal, onProgress: progress });
    } catch (e) {
      // Stopped before a worker took it: nothing was searched.
      if (signal.aborted && e instanceof SearchlabError && e.code === 'aborted') return { outcome: 'stopped', counters: newCounters() };
      throw e;
    }
  };
}

/**
 * Auto split: iterations expected to expand fewer nodes run as one job (~25 ms of kernel time). Kept
 * low: the first split iteration is cut by the whole tree's size alone (no subtree sizes yet), so it
 * balances worse than the later ones, and should be a small one.
 */
export const MIN_SPLIT_NODES = 2 ** 18;

export interface ParallelSolveOptions extends SolveOptions {
  /** Where subtrees run (a worker pool, the queue); default this thread. */
  runner?: TaskRunner;
  /** Subtrees at once; default the runner's size (1 without one). */
  width?: number;
  /** The least split depth; default the least giving 8 × width subtrees. */
  splitDepth?: number;
  /**
   * Auto split: iterations expected below this many expansions run as one job (default 2^18: ~25 ms
   * of kernel time); a function is asked at each iteration.
   */
  minSplitNodes?: number | (() => number);
  /** Auto split: not deeper than where subtrees are expected to expand fewer nodes than this (default 2^17, ~5 ms). */
  minSubtreeNodes?: number;
  /** Auto split: deeper while subtrees are expected to expand more than this (default 2^19, ~40 ms). */
  targetSubtreeNodes?: number;
  /**
   * Plan the tops of the split iterations on the runner too (its `top` task), whose workers hold
   * their own pattern databases (a queue's): this thread then never loads the tables, and asks the
   * runner for the first threshold as well (contract "Parallel IDA*"). Needs a runner.
   */
  remoteTops?: boolean;
  /** After each finished iteration: its report and the statistics so far. */
  onIteration?: (report: IterationReport, stats: SearchCounters) => void;
  /** The statistics so far, and where the running iteration stands (always given here: its threshold, subtrees done of all). */
  onProgress?: (stats: SearchStats, at?: IterationProgress) => void;
}

/**
 * Solves with parallel IDA* (idastar only): each iteration's subtrees searched `width` at a time.
 * Same length and path as solvePuzzle's idastar and, for every iteration before the last, the same
 * counters (contract "Parallel IDA*"); the result's `parallel` says where the solution was found.
 */
export async function solvePuzzleParallel(start: Board, goal: Board, options: ParallelSolveOptions = {}): Promise<SolveResult> {
  validatePair(start, goal);
  checkObject(options, 'options');
  checkOptionalObject(options.runner, 'runner');
  checkOptionalFunction(options.onIteration, 'onIteration');
  checkBoolean(options.remoteTops, 'remoteTops');
  const minSplit = options.minSplitNodes;
  if (minSplit !== undefined && typeof minSplit !== 'function' && !(typeof minSplit === 'number' && minSplit >= 0)) {
    throw new InvalidInputError(`minSplitNodes must be a number ≥ 0 or a function, got ${describe(minSplit)}`);
  }
  for (const key of ['minSubtreeNodes', 'targetSubtreeNodes'] as const) {
    const v = options[key];
    if (v !== undefined && !(typeof v === 'number' && v >= 0)) throw new InvalidInputError(`${key} must be a number ≥ 0, got ${describe(v)}`);
  }
  const {
    runner,
    splitDepth,
    minSplitNodes = MIN_SPLIT_NODES,
    minSubtreeNodes = 2 ** 17,
    targetSubtreeNodes = 2 ** 19,
    remoteTops = false,
    onIteration,
    ...solveOptions
  } = options;
  const job = prepare(start, goal, await resolveHeuristic(goal, { algorithm: 'idastar', ...solveOptions }));
  if ('status' in job) return job;
  if (job.normalized.algorithm !== 'idastar') throw new InvalidInputError(`parallel IDA* runs idastar, not ${job.normalized.algorithm}`);
  const width = options.width ?? runner?.width ?? 1;
  if (!Number.isSafeInteger(width) || width < 1) throw new InvalidInputError(`width must be a positive integer, got ${describe(width)}`);
  if (splitDepth !== undefined && !(Number.isSafeInteger(splitDepth) && splitDepth >= 0))
    throw new InvalidInputError(`splitDepth must be a non-negative integer, got ${describe(splitDepth)}`);
  if (remoteTops && runner === undefined) throw new InvalidInputError('remoteTops needs a runner (the workers that plan the tops)');
  const stopped = remoteTops ? undefined : await loadJobPdb(job, options);
  if (stopped !== undefined) return stopped;
  const n = job.normalized;
  const problem = remoteTops ? undefined : new SlidingTileProblem(start, goal, n);
  // One signal for the caller's abort and the timeout (wall clock from here).
  const stop = new AbortController();
  let timedOut = false;
  const onAbort = (): void => stop.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted === true) stop.abort();
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          stop.abort();
        }, options.timeoutMs);
  // With remoteTops, the tops are the runner's `top` tasks (planned where the tables are).
  const spec = subtreeSpec(job);
  const walkTop = !remoteTops
    ? undefined
    : (request: TopRequest): Promise<TopAnswer<Move>> =>
        runner!.run<TopAnswer<Move>>({ domain: 'puzzle', kind: 'top', payload: { start, goal, spec, request } satisfies TopTask }, { signal: stop.signal });
  const began = globalThis.performance.now();
  try {
    const r = await parallelIdaStar(problem, {
      width,
      search: subtreeSearch(job, runner),
      walkTop,
      splitDepth,
      minSplitNodes,
      minSubtreeNodes,
      targetSubtreeNodes,
      maxNodes: n.maxNodes,
      signal: stop.signal,
      onIteration,
      onProgress: options.onProgress && ((c, at) => options.onProgress!({ ...c, timeMs: globalThis.performance.now() - began }, at)),
    });
    const stats = { ...r.counters, timeMs: globalThis.performance.now() - began };
    const base = { solvable: true, algorithm: n.algorithm, heuristic: n.heuristic, backend: job.backend, stats };
    const out = r.outcome;
    const parallel = { workers: width, iterations: r.iterations };
    if (out.kind === 'found') {
      return {
        status: 'solved',
        ...base,
        length: out.moves.length,
        moves: out.moves,
        parallel: { ...parallel, foundIn: { iteration: out.iteration, subtree: out.index, path: out.path } },
      };
    }
    if (out.kind === 'exhausted') {
      return { status: 'unsolvable', ...base, solvable: false, reason: 'the search exhausted every reachable state without reaching the goal', parallel };
    }
    if (out.kind === 'node-limit') {
      return { status: 'limit', ...base, reason: `node limit: expanded ${n.maxNodes} nodes (raise the node limit to search further)`, parallel };
    }
    return timedOut
      ? { status: 'limit', ...base, reason: `timeout: ${options.timeoutMs} ms`, parallel }
      : { status: 'aborted', ...base, reason: 'aborted', parallel };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
