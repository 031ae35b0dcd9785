/**
 * The one path every domain's parallel work takes: split into tasks → run them on a runner (this
 * thread by default, a worker pool, or the queue) → merge. One meaning of a timeout on every runner:
 * wall-clock milliseconds from the start of the work. One rule for partial results: a task running
 * when the work stops answers with its result so far (every task handler returns one when its
 * signal aborts); a task that never started has none.
 */
import { SearchlabError } from './errors.js';
import { inlinePool, type Task, type TaskRunner } from './pool.js';

/** Options of {@link runTasks}: where the tasks run, limits, and per-task callbacks. */
export interface WorkOptions {
  /** Where the tasks run. Default: this thread, one at a time, with every registered domain's tasks. */
  runner?: TaskRunner;
  /** Aborting stops every task (status 'aborted'); results so far are kept. */
  signal?: AbortSignal;
  /** Stop the work this many wall-clock milliseconds after it started (status 'timeout'). */
  timeoutMs?: number;
  /** A task's progress message, as its handler posted it. */
  onProgress?: (payload: unknown, index: number) => void;
  /** A task's result, as each arrives (not in task order); partial results of stopped tasks included. */
  onResult?: (index: number, result: unknown) => void;
}

/**
 * What {@link runTasks} returns: how the work ended, every task's result (partial ones too), and its wall-clock time.
 */
export interface Work<R> {
  /** 'done': every task finished; else why the work stopped (an abort of `signal` wins over the timeout). */
  status: 'done' | 'timeout' | 'aborted';
  /** By task index; undefined for a task that never started (or, on a runner without partial answers, never answered). */
  results: (R | undefined)[];
  /** Wall-clock milliseconds from the start to the end of the work. */
  timeMs: number;
}

const isAbort = (e: unknown): boolean => e instanceof SearchlabError && e.code === 'aborted';

/**
 * Runs every task on `runner` and waits for all of them: on a stop (abort or timeout), the running
 * tasks' partial answers are collected too. Any other task error stops the rest and is thrown.
 */
export async function runTasks<R>(tasks: readonly Task[], options: WorkOptions = {}): Promise<Work<R>> {
  const started = globalThis.performance.now();
  const timer = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(Math.max(0, Math.ceil(options.timeoutMs)));
  const failed = new AbortController();
  const signal = AbortSignal.any([failed.signal, ...[options.signal, timer].filter((s): s is AbortSignal => s !== undefined)]);
  const runner = options.runner ?? inlinePool();
  const results: (R | undefined)[] = tasks.map(() => undefined);
  let failure: { error: unknown } | undefined;
  const { onProgress, onResult } = options;
  await Promise.all(tasks.map((task, index) =>
    runner.run<R>(task, { signal, onProgress: onProgress && ((p) => onProgress(p, index)) }).then(
      (result) => {
        results[index] = result;
        onResult?.(index, result);
      },
      (error: unknown) => {
        if (isAbort(error) && signal.aborted && failure === undefined) return; // stopped before it started
        failure ??= { error };
        failed.abort();
      },
    )));
  if (failure !== undefined) throw failure.error;
  const status = options.signal?.aborted === true ? 'aborted' : timer?.aborted === true ? 'timeout' : 'done';
  return { status, results, timeMs: globalThis.performance.now() - started };
}
