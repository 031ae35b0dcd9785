/**
 * The Node side of the worker pool: worker_threads behind the pool's `WorkerPort`. Node-only, so it
 * lives under the `@searchlab/engine/node` entry point and never reaches a browser bundle.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { processMemory } from '../core/memory.js';
import { modulesForWorkers } from '../core/kernels.js';
import { processWasmMemory } from '../core/shared-memory.js';
import { WorkerPool, type WorkerPort } from '../core/pool.js';
import type { ReplyMessage } from '../core/tasks.js';

/**
 * A {@link WorkerPort} over one worker_threads Worker running `script` (what {@link createNodePool} uses).
 */
export function nodeWorkerPort(script: string | URL): WorkerPort {
  // The worker's runs reserve from this process's memory budget (core/memory.ts), not a budget of
  // their own, read the data shared between threads (the pattern databases) from one memory, and
  // instantiate this thread's compiled modules instead of compiling their own (core/kernels.ts).
  const worker = new Worker(script, {
    workerData: { searchlabMemory: processMemory.shared, searchlabWasmMemory: processWasmMemory(true), searchlabModules: modulesForWorkers() },
  });
  return {
    post: (message) => worker.postMessage(message),
    onReply: (cb) => void worker.on('message', (m: ReplyMessage) => cb(m)),
    onFailure(cb) {
      worker.on('error', cb);
      worker.on('exit', (code) => {
        if (code !== 0) cb(new Error(`a worker exited with code ${code}`));
      });
    },
    terminate: () => void worker.terminate(),
  };
}

/**
 * A pool of `size` worker threads (default: the machine's cores) running `script`, by default the
 * engine's own worker (node/worker.js beside this file; a bundler that inlines this module must emit
 * that worker next to its output, as the CLI's build does).
 *
 * @param options - `size` (default: the machine's cores) and `script` (a worker entry of one's own).
 * @returns A {@link WorkerPool}: pass it as `runner`, and `close()` it when done.
 * @throws {InvalidInputError} When `size` is not an integer from 1 to 1024.
 * @example
 * ```ts
 * import { createNodePool } from '@searchlab/engine/node';
 * import { countQueens } from '@searchlab/engine/queens';
 * const pool = createNodePool({ size: 2 });
 * const r = await countQueens(12, { runner: pool });
 * await pool.close();
 * console.log(r.status, r.solutions); // done 14200
 * ```
 */
export function createNodePool(options: { size?: number; script?: string | URL } = {}): WorkerPool {
  const script = options.script ?? new URL('./worker.js', import.meta.url);
  processWasmMemory(true); // now: data this thread loads later (useSharedPdbs) is shared with the workers too
  return new WorkerPool(() => nodeWorkerPort(script), options.size ?? availableParallelism());
}
