/**
 * The Node side of the worker pool: worker_threads behind the pool's `WorkerPort`. Node-only, so it
 * lives under the `@searchlab/engine/node` entry point and never reaches a browser bundle.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { WorkerPool, type WorkerPort } from '../core/pool.js';
import type { ReplyMessage } from '../core/tasks.js';

export function nodeWorkerPort(script: string | URL): WorkerPort {
  const worker = new Worker(script);
  return {
    post: (message) => worker.postMessage(message),
    onReply: (cb) => void worker.on('message', (m: ReplyMessage) => cb(m)),
    onFailure(cb) {
      worker.on('error', cb);
      worker.on('exit', (code) => { if (code !== 0) cb(new Error(`a worker exited with code ${code}`)); });
    },
    terminate: () => void worker.terminate(),
  };
}

/**
 * A pool of `size` worker threads (default: the machine's cores) running `script`, by default the
 * engine's own worker (node/worker.js beside this file; a bundler that inlines this module must emit
 * that worker next to its output, as the CLI's build does).
 */
export function createNodePool(options: { size?: number; script?: string | URL } = {}): WorkerPool {
  const script = options.script ?? new URL('./worker.js', import.meta.url);
  return new WorkerPool(() => nodeWorkerPort(script), options.size ?? availableParallelism());
}
