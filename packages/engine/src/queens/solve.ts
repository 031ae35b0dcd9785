/**
 * The N-Queens facade: validation, the backend choice, one driven Run, a typed result. Counting
 * runs the subproblems one after the other here (the CLI's --jobs runs them on worker threads).
 */
import type { Backend } from '../core/backend.js';
import { SearchlabError, UnsupportedError } from '../core/errors.js';
import { streamTasks, type Task, type TaskRunner } from '../core/pool.js';
import { kernelsIfLoaded, loadKernels, type Kernels } from '../core/kernels.js';
import { runAsync, runSync, type DriveOptions, type Driven } from '../core/run.js';
import {
  countSubproblems, createTsCountRun, sumCounts, validateCountN, type CountStats, type CountTask, type CountTaskResult,
} from './count.js';
import { normalizeQueensOptions, type NormalizedQueensOptions, type QueensAlgorithm, type QueensSolveOptions, type QueensStats } from './options.js';
import { createTsQueensRun, type QueensRun } from './ts-run.js';
import type { CountTaskPayload } from './tasks.js';
import { createWasmCountRun, createWasmQueensRun, WASM_QUEENS_ALGORITHMS } from './wasm-run.js';

export type QueensStatus = 'solved' | 'limit' | 'unsolvable' | 'timeout' | 'aborted';

export interface QueensSolveResult extends QueensStats {
  n: number;
  algorithm: QueensAlgorithm;
  backend: Backend;
  seed: number;
  status: QueensStatus;
  /** The board when the run ended (a solution when status is 'solved'). */
  positions: Int32Array;
  /** hill-climbing: the seed's score at the start and after each step (capped by historyLimit). */
  history: number[];
  timeMs: number;
}

/** The backend a request runs on: the one asked for, else WASM when it has the algorithm. */
export function chooseQueensBackend(algorithm: QueensAlgorithm, requested?: Backend): Backend {
  if (requested === 'wasm' && !WASM_QUEENS_ALGORITHMS.includes(algorithm)) {
    throw new UnsupportedError(`${algorithm} has no WASM kernel yet: use the ts backend`);
  }
  return requested ?? (WASM_QUEENS_ALGORITHMS.includes(algorithm) ? 'wasm' : 'ts');
}

function createRun(o: NormalizedQueensOptions, backend: Backend, kernels: Kernels | undefined): QueensRun {
  if (backend === 'ts') return createTsQueensRun(o);
  if (kernels === undefined) throw new UnsupportedError('the WASM kernels are not loaded: call await loadKernels() first (or use the ts backend)');
  return createWasmQueensRun(kernels, o);
}

/** `initMs`: preparing the run (allocation, the start board; all of construct on WASM) counts as solver time. */
function finish(o: NormalizedQueensOptions, backend: Backend, run: QueensRun, driven: Driven<{ kind: string }, QueensStats>, initMs: number): QueensSolveResult {
  let status: QueensStatus;
  if (driven.status !== 'done') status = driven.status;
  else if (driven.outcome.kind === 'memory-limit') status = 'limit';
  else status = driven.outcome.kind as QueensStatus;
  return {
    n: o.n, algorithm: o.algorithm, backend, seed: o.seed, status, ...driven.stats,
    positions: run.positions(), history: run.history(), timeMs: initMs + driven.workMs,
  };
}

const driveOptions = (options: QueensSolveOptions): DriveOptions<QueensStats> => ({
  timeoutMs: options.timeoutMs, signal: options.signal, onProgress: options.onProgress,
});

/** Solves N-Queens with one algorithm; never throws for a limit (status 'limit' with the stats so far). */
export async function solveQueens(n: number, options: QueensSolveOptions = {}): Promise<QueensSolveResult> {
  const o = normalizeQueensOptions(n, options);
  const backend = chooseQueensBackend(o.algorithm, options.backend);
  const kernels = backend === 'wasm' ? await loadKernels() : undefined;
  const t0 = globalThis.performance.now();
  const run = createRun(o, backend, kernels);
  const initMs = globalThis.performance.now() - t0;
  return finish(o, backend, run, await runAsync(run, driveOptions(options)), initMs);
}

/** Synchronous solve (WASM needs `await loadKernels()` once before). */
export function solveQueensSync(n: number, options: QueensSolveOptions = {}): QueensSolveResult {
  const o = normalizeQueensOptions(n, options);
  const backend = chooseQueensBackend(o.algorithm, options.backend);
  const t0 = globalThis.performance.now();
  const run = createRun(o, backend, backend === 'wasm' ? kernelsIfLoaded() : undefined);
  const initMs = globalThis.performance.now() - t0;
  return finish(o, backend, run, runSync(run, driveOptions(options)), initMs);
}

export interface CountOptions {
  backend?: Backend;
  /** A worker pool: the subproblems run on it (streamed); default: one after another on this thread. */
  runner?: TaskRunner;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called between slices: tasks finished, tasks in all, nodes so far. */
  onProgress?: (done: number, total: number, nodes: number) => void;
}

export interface CountResult {
  n: number;
  status: 'done' | 'timeout' | 'aborted';
  /** Σ weight × subtree solutions, decimal (the count so far when not done). */
  solutions: string;
  nodes: number;
  tasks: number;
  backend: Backend;
  timeMs: number;
}

/** Counts one subproblem (a pool's unit of work): plain JSON in, plain JSON out. */
export async function countSubproblem(task: CountTask, options: Omit<CountOptions, 'onProgress'> = {}): Promise<Driven<CountTaskResult, CountStats>> {
  const backend = options.backend ?? 'wasm';
  const run = backend === 'wasm' ? createWasmCountRun(await loadKernels(), task) : createTsCountRun(task);
  return runAsync(run, { timeoutMs: options.timeoutMs, signal: options.signal });
}

/** Counts all solutions of N-Queens, the subproblems one after another on this thread. */
export async function countQueens(n: number, options: CountOptions = {}): Promise<CountResult> {
  validateCountN(n);
  const backend = options.backend ?? 'wasm';
  if (options.runner !== undefined && options.runner.size > 1) return countOnPool(n, backend, options.runner, options);
  const kernels = backend === 'wasm' ? await loadKernels() : undefined;
  const tasks = countSubproblems(n);
  const results: CountTaskResult[] = [];
  let nodes = 0;
  let timeMs = 0;
  let status: CountResult['status'] = 'done';
  let partial = 0n;
  for (const task of tasks) {
    const run = kernels !== undefined ? createWasmCountRun(kernels, task) : createTsCountRun(task);
    const remainingMs = options.timeoutMs === undefined ? undefined : Math.max(0, options.timeoutMs - timeMs);
    const driven = await runAsync(run, {
      timeoutMs: remainingMs,
      signal: options.signal,
      onProgress: (s) => options.onProgress?.(results.length, tasks.length, nodes + s.nodes),
    });
    timeMs += driven.workMs;
    nodes += driven.stats.nodes;
    if (driven.status !== 'done') {
      status = driven.status;
      partial = BigInt(task.weight) * driven.stats.solutions;
      break;
    }
    results.push(driven.outcome);
    options.onProgress?.(results.length, tasks.length, nodes);
  }
  const solutions = sumCounts(tasks.slice(0, results.length), results) + partial;
  return { n, status, solutions: solutions.toString(), nodes, tasks: tasks.length, backend, timeMs };
}

/** The subproblems on a pool, streamed; on a timeout or an abort the finished ones are summed. */
async function countOnPool(n: number, backend: Backend, runner: TaskRunner, options: CountOptions): Promise<CountResult> {
  const tasks = countSubproblems(n);
  const started = globalThis.performance.now();
  const signals = [options.signal, options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs)]
    .filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length === 0 ? undefined : AbortSignal.any(signals);
  const payloads: Task[] = tasks.map((t) => ({ domain: 'queens', kind: 'count', payload: { ...t, backend } satisfies CountTaskPayload }));
  let total = 0n;
  let nodes = 0;
  let done = 0;
  let status: CountResult['status'] = 'done';
  try {
    for await (const [index, r] of streamTasks<CountTaskResult>(runner, payloads, { signal })) {
      total += BigInt(tasks[index]!.weight) * BigInt(r.solutions);
      nodes += r.nodes;
      options.onProgress?.(++done, tasks.length, nodes);
    }
  } catch (e) {
    if (!(e instanceof SearchlabError && e.code === 'aborted')) throw e;
    status = options.signal?.aborted === true ? 'aborted' : 'timeout';
  }
  return { n, status, solutions: total.toString(), nodes, tasks: tasks.length, backend, timeMs: globalThis.performance.now() - started };
}

export interface QueensTrace {
  /** The board after each of the first steps (frames[0] is the start), at most `maxFrames`. */
  frames: number[][];
  /** Attacking pairs on each frame. */
  conflicts: number[];
}

/** The recorded part of a traced solve: the board after each of its first `maxFrames − 1` steps. */
function beginTrace(n: number, options: QueensSolveOptions, maxFrames: number) {
  const o = normalizeQueensOptions(n, options);
  const backend = chooseQueensBackend(o.algorithm, options.backend);
  const t0 = globalThis.performance.now();
  const run = createRun(o, backend, backend === 'wasm' ? kernelsIfLoaded() : undefined);
  const trace: QueensTrace = { frames: [Array.from(run.positions())], conflicts: [run.stats().conflicts] };
  while (trace.frames.length < maxFrames && options.signal?.aborted !== true) {
    // Budget 1 is one step for every algorithm (a steepest-descent step costs N ≥ 1 units).
    const out = run.step(1);
    if (out !== null) break;
    trace.frames.push(Array.from(run.positions()));
    trace.conflicts.push(run.stats().conflicts);
  }
  return { o, backend, run, trace, maxFrames, initMs: globalThis.performance.now() - t0 };
}

/** The result of a traced solve, its final board appended to the frames when they stopped short of it. */
function endTrace(begun: ReturnType<typeof beginTrace>, driven: Parameters<typeof finish>[3]): { result: QueensSolveResult; trace: QueensTrace } {
  const { o, backend, run, trace, maxFrames, initMs } = begun;
  const result = finish(o, backend, run, driven, initMs);
  if (trace.frames.length < maxFrames && result.status === 'solved') {
    const last = trace.frames.at(-1)!;
    if (last.some((c, i) => c !== result.positions[i])) {
      trace.frames.push(Array.from(result.positions));
      trace.conflicts.push(result.conflicts);
    }
  }
  return { result, trace };
}

/**
 * A solve that also records the board after each of its first `maxFrames − 1` steps (for animating
 * small boards), then finishes like `solveQueensSync`. Same result as an untraced run (budgets never
 * change results). WASM needs `await loadKernels()` first.
 */
export function traceQueensSync(n: number, options: QueensSolveOptions = {}, maxFrames = 2000): { result: QueensSolveResult; trace: QueensTrace } {
  const begun = beginTrace(n, options, maxFrames);
  return endTrace(begun, runSync(begun.run, driveOptions(options)));
}

/** `traceQueensSync` whose search after the frames runs in slices: progress, cancellation, a time limit. */
export async function traceQueens(n: number, options: QueensSolveOptions = {}, maxFrames = 2000): Promise<{ result: QueensSolveResult; trace: QueensTrace }> {
  const begun = beginTrace(n, options, maxFrames);
  return endTrace(begun, await runAsync(begun.run, driveOptions(options)));
}
