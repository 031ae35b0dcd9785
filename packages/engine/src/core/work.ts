/**
 * The one path every domain's parallel work takes: split into tasks → run them on a runner (this
 * thread by default, a worker pool, or the queue) → merge. One meaning of a timeout on every runner:
 * wall-clock milliseconds from the start of the work. One rule for partial results: a task running
 * when the work stops answers with its result so far (every task handler returns one when its
 * signal aborts); a task that never started has none.
 */
import { callerCallback, checkArray, checkObject, checkOptionalFunction, checkOptionalSignal, checkTimeoutMs } from './args.js';
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
 * Runs every task on a runner and waits for all of them: the one work path of every domain (split →
 * tasks → merge). On a stop (abort or timeout) the running tasks' partial answers are collected too
 * and the status says why; any other task error stops the rest and is thrown.
 *
 * @param tasks - Tasks in the envelope every runner speaks (`{ domain, kind, payload }`); the domains
 *   must be loaded (import their entry points) where the tasks run.
 * @param options - `runner` (default: this thread), `signal`, `timeoutMs` (wall-clock ms from the
 *   start), `onProgress` and `onResult` per task.
 * @returns `status` (`done`, `timeout`, `aborted`), each task's result by index, and the time taken.
 * @throws {InvalidInputError} On invalid options.
 * @throws {SearchlabError} With code `unsupported` for a task whose domain or kind no loaded domain registered.
 * @throws {SearchlabError} The first task error that is not a stop (its code and message as the task threw them).
 * @example
 * ```ts
 * import { runTasks } from '@searchlab/engine';
 * import { goalLike, parseBoard, puzzleSpec, type SolveResult, type SolveTask } from '@searchlab/engine/puzzle';
 * const boards = ['1 2 3/4 5 6/0 7 8', '8 6 7/2 5 4/3 0 1'].map((text) => parseBoard(text));
 * const spec = puzzleSpec({ algorithm: 'idastar', heuristic: 'manhattan' });
 * const tasks = boards.map((start) => ({ domain: 'puzzle', kind: 'solve', payload: { start, goal: goalLike(start), spec } satisfies SolveTask }));
 * const work = await runTasks<SolveResult>(tasks); // pass { runner: pool } to run them in parallel
 * console.log(work.status, work.results.map((r) => r?.length)); // done [ 2, 31 ]
 * ```
 */
export async function runTasks<R>(tasks: readonly Task[], options: WorkOptions = {}): Promise<Work<R>> {
  checkArray(tasks, 'tasks');
  checkObject(options, 'options');
  checkTimeoutMs(options.timeoutMs);
  checkOptionalSignal(options.signal, 'signal');
  checkOptionalFunction(options.onProgress, 'onProgress');
  checkOptionalFunction(options.onResult, 'onResult');
  if (options.runner !== undefined) checkObject(options.runner, 'runner');
  const started = globalThis.performance.now();
  const timer = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(Math.max(0, Math.ceil(options.timeoutMs)));
  const failed = new AbortController();
  const signal = AbortSignal.any([failed.signal, ...[options.signal, timer].filter((s): s is AbortSignal => s !== undefined)]);
  const runner = options.runner ?? inlinePool();
  const results: (R | undefined)[] = tasks.map(() => undefined);
  let failure: { error: unknown } | undefined;
  const onProgress = options.onProgress && callerCallback(options.onProgress, 'onProgress');
  const onResult = options.onResult && callerCallback(options.onResult, 'onResult');
  await Promise.all(
    tasks.map((task, index) =>
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
      ),
    ),
  );
  if (failure !== undefined) throw failure.error;
  const status = options.signal?.aborted === true ? 'aborted' : timer?.aborted === true ? 'timeout' : 'done';
  return { status, results, timeMs: globalThis.performance.now() - started };
}
