// @searchlab/engine/browser: the page's side of running engine tasks in Web Workers. A page builds
// the worker entry (@searchlab/engine/worker) as its own script and hands its URL to
// `createWebPool`; the pool speaks the same envelope as Node's (`createNodePool`).
import { shown } from '../core/args.js';
import { WorkerPool, defaultPoolSize, type WorkerPort } from '../core/pool.js';
import type { ReplyMessage, TaskHandlers, TaskMessage } from '../core/tasks.js';
import { serveTasks } from '../core/tasks.js';

/** Options of {@link createWebPool}. */
export interface WebPoolOptions {
  /** How many workers at most (started on demand); default: the machine's cores. */
  size?: number;
  /** The workers' name, shown by the browser's developer tools; default `searchlab-worker`. */
  name?: string;
}

/**
 * A {@link WorkerPort} over one Web Worker running the module script at `url`.
 *
 * @param url - The built worker script (an ES module), e.g. `new URL('./worker.js', import.meta.url)`.
 * @param name - The worker's name in the developer tools.
 * @returns The port the {@link WorkerPool} drives.
 */
export function webWorkerPort(url: string | URL, name = 'searchlab-worker'): WorkerPort {
  const worker = new Worker(url, { type: 'module', name });
  return {
    post: (message) => worker.postMessage(message),
    onReply: (cb) => worker.addEventListener('message', (e: MessageEvent<ReplyMessage>) => cb(e.data)),
    onFailure: (cb) =>
      worker.addEventListener('error', (e) => {
        e.preventDefault();
        cb(new Error(e.message || `the worker script ${shown(url)} failed to start`));
      }),
    terminate: () => worker.terminate(),
  };
}

/**
 * A pool of Web Workers, each running the worker script at `url` (the page's build of
 * `@searchlab/engine/worker`, or a script of its own that calls {@link serveWorkerScope}). Tasks
 * queue in order, run on the first free worker, report progress and stop on their AbortSignal with
 * the result so far — the same envelope and behaviour as Node's pool.
 *
 * @param url - The worker script's URL; relative URLs resolve against the page.
 * @param options - Pool size and worker name.
 * @returns A {@link WorkerPool}; give it to `runner`/`pool` options or call `run` directly, and
 *   `close()` it when done.
 * @throws {InvalidInputError} When `size` is not an integer from 1 to 1024.
 * @example
 * ```ts
 * import { createWebPool } from '@searchlab/engine/browser';
 * import { countQueens } from '@searchlab/engine/queens';
 * const pool = createWebPool(new URL('./searchlab-worker.js', import.meta.url), { size: 2 });
 * const stop = new AbortController(); // stop.abort() ends the count early, with what was counted
 * const result = await countQueens(12, { runner: pool, signal: stop.signal });
 * console.log(result.status, result.solutions); // done 14200
 * await pool.close();
 * ```
 */
export function createWebPool(url: string | URL, options: WebPoolOptions = {}): WorkerPool {
  const name = options.name ?? 'searchlab-worker';
  return new WorkerPool(() => webWorkerPort(url, name), options.size ?? defaultPoolSize());
}

/**
 * Serves tasks in this Web Worker: reads task messages and posts replies in the pool's envelope.
 * The engine's own worker entry calls it after loading every domain; a worker of one's own calls it
 * after its set-up (e.g. a pattern-database cache), having imported the domains it serves.
 *
 * @param handlers - Tasks by domain and kind; default: every task the imported domains registered.
 * @example
 * ```ts
 * // my-worker.ts, built as its own script
 * import '@searchlab/engine/domains'; // or only '@searchlab/engine/queens'
 * import { serveWorkerScope } from '@searchlab/engine/browser';
 * serveWorkerScope();
 * ```
 */
export function serveWorkerScope(handlers?: TaskHandlers): void {
  // The DOM lib types `self` as a Window; only these two members are used.
  const scope = self as unknown as {
    postMessage(message: ReplyMessage): void;
    onmessage: ((event: MessageEvent<TaskMessage>) => void) | null;
  };
  serveTasks(
    (cb) => (scope.onmessage = (event) => cb(event.data)),
    (message) => scope.postMessage(message),
    handlers,
  );
}
