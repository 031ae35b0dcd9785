/**
 * Counting Q(n) as work: the subproblems (count.ts) as tasks on a runner — this thread by default,
 * a worker pool, or the queue — through the one work path (core/work.ts), summed. The same limits
 * and partial-result rules on every runner: a subproblem stopped while running adds what it counted.
 */
import { callerCallback, checkObject } from '../core/args.js';
import type { Backend } from '../core/backend.js';
import { loadKernels } from '../core/kernels.js';
import type { Task, TaskRunner } from '../core/pool.js';
import { runAsync } from '../core/run.js';
import { registerTasks, type TaskContext } from '../core/tasks.js';
import { runTasks } from '../core/work.js';
import { countSubproblems, createTsCountRun, queensCountSpec, type CountTask, type CountTaskResult } from './count.js';
import { createWasmCountRun } from './wasm-run.js';

export interface CountTaskPayload extends CountTask {
  backend: Backend;
}

/** One subproblem; stopped (its signal), it answers with the solutions and nodes counted so far. */
export async function countSubproblem(task: CountTaskPayload, signal?: AbortSignal): Promise<CountTaskResult> {
  const run = task.backend === 'wasm' ? createWasmCountRun(await loadKernels(), task) : createTsCountRun(task);
  const driven = await runAsync(run, { signal });
  return driven.status === 'done' ? driven.outcome : { solutions: driven.stats.solutions.toString(), nodes: driven.stats.nodes };
}

const countTasks = {
  count: (payload: CountTaskPayload, ctx: TaskContext): Promise<CountTaskResult> => countSubproblem(payload, ctx.signal),
};
registerTasks('queens', countTasks);

/** Options of {@link countQueens}: backend (default `'wasm'`), runner, limits and progress. */
export interface CountOptions {
  backend?: Backend;
  /** Where the subproblems run (a worker pool, the queue); default: one after another on this thread. */
  runner?: TaskRunner;
  /** Wall-clock milliseconds from the start; then status 'timeout' with the count so far. */
  timeoutMs?: number;
  /** Aborting stops the count (status 'aborted') with the solutions counted so far. */
  signal?: AbortSignal;
  /** Called as subproblems finish (and between slices on this thread): tasks finished, tasks in all, nodes so far. */
  onProgress?: (done: number, total: number, nodes: number) => void;
}

/**
 * What {@link countQueens} returns: the count (a decimal string: Q(27) passes 2^53), nodes, tasks, backend and time.
 */
export interface CountResult {
  n: number;
  status: 'done' | 'timeout' | 'aborted';
  /** Σ subtree solutions, decimal (the count so far when not done). */
  solutions: string;
  nodes: number;
  tasks: number;
  backend: Backend;
  timeMs: number;
}

/**
 * Counts all solutions of N-Queens.
 *
 * @param n - Board size, 1 to 32.
 * @param options - `backend`, `runner` (a worker pool: the subproblems run there), `timeoutMs`,
 *   `signal`, `onProgress`.
 * @returns `solutions` as a decimal string, with `status` `done`, or `timeout`/`aborted` and the count so far.
 * @throws {InvalidInputError} When `n` is not an integer from 1 to 32.
 * @throws {WasmUnavailableError} On the WASM backend (the default) when WebAssembly cannot compile here (a CSP without `'wasm-unsafe-eval'`).
 * @example
 * ```ts
 * import { countQueens } from '@searchlab/engine/queens';
 * const r = await countQueens(12);
 * console.log(r.solutions); // 14200
 * ```
 */
export async function countQueens(n: number, options: CountOptions = {}): Promise<CountResult> {
  checkObject(options, 'options');
  const onProgress = options.onProgress && callerCallback(options.onProgress, 'onProgress');
  const { backend } = queensCountSpec({ n, backend: options.backend });
  const subproblems = countSubproblems(n);
  const tasks: Task[] = subproblems.map((t) => ({ domain: 'queens', kind: 'count', payload: { ...t, backend } satisfies CountTaskPayload }));
  let done = 0;
  let nodes = 0;
  const work = await runTasks<CountTaskResult>(tasks, {
    runner: options.runner,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    onResult: (_i, r) => {
      nodes += (r as CountTaskResult).nodes;
      onProgress?.(++done, tasks.length, nodes);
    },
  });
  let solutions = 0n;
  for (const r of work.results) if (r !== undefined) solutions += BigInt(r.solutions);
  return { n, status: work.status, solutions: solutions.toString(), nodes, tasks: tasks.length, backend, timeMs: work.timeMs };
}
