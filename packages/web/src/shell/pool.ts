// The lab's worker pool: Web Workers running the worker entry (src/worker.ts) behind the engine's WorkerPool, so a
// view runs engine tasks off the main thread and cancels them with an AbortSignal.
import { WorkerPool, defaultPoolSize, type ReplyMessage, type WorkerPort } from '@searchlab/engine';

function webWorkerPort(): WorkerPort {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'searchlab-worker' });
  return {
    post: (message) => worker.postMessage(message),
    onReply: (cb) => worker.addEventListener('message', (e: MessageEvent<ReplyMessage>) => cb(e.data)),
    onFailure: (cb) => worker.addEventListener('error', (e) => {
      e.preventDefault();
      cb(new Error(e.message || 'a worker failed to start'));
    }),
    terminate: () => worker.terminate(),
  };
}

let shared: WorkerPool | undefined;

/** The pool every view shares (as many workers as the machine has cores, started on demand). */
export function labPool(): WorkerPool {
  shared ??= new WorkerPool(webWorkerPort, defaultPoolSize());
  return shared;
}

/**
 * One job at a time for a panel: starting a job aborts the previous one, and `current(signal)` tells
 * a late answer from a replaced job apart.
 */
export class JobSlot {
  private controller: AbortController | null = null;

  start(): AbortSignal {
    this.controller?.abort();
    this.controller = new AbortController();
    return this.controller.signal;
  }

  stop(): void {
    this.controller?.abort();
    this.controller = null;
  }

  current(signal: AbortSignal): boolean {
    return this.controller?.signal === signal;
  }
}
