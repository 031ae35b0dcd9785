// The lab's worker pool: Web Workers running the lab's worker entry (src/worker.ts) behind the engine's browser pool
// (@searchlab/engine/browser), so a view runs engine tasks off the main thread and cancels them
// with an AbortSignal.
import type { WorkerPool } from '@searchlab/engine';
import { createWebPool } from '@searchlab/engine/browser';

let shared: WorkerPool | undefined;

/** The pool every view shares (as many workers as the machine has cores, started on demand). */
export function labPool(): WorkerPool {
  shared ??= createWebPool(new URL('./worker.js', import.meta.url));
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
