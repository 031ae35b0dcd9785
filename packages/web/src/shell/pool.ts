// The lab's worker pool: Web Workers running the lab's worker entry (src/worker.ts) behind the engine's browser pool
// (@searchlab/engine/browser), so a view runs engine tasks off the main thread and cancels them
// with an AbortSignal.
import type { WorkerPool } from '@searchlab/engine';
import { createWebPool } from '@searchlab/engine/browser';

let shared: WorkerPool | undefined;
let drivers: WorkerPool | undefined;

/** The pool every view shares (as many workers as the machine has cores, started on demand). */
export function labPool(): WorkerPool {
  shared ??= createWebPool(new URL('./worker.js', import.meta.url));
  return shared;
}

/** How many workers the lab's pool has. */
export const labWorkers = (): number => labPool().width;

/**
 * One worker beside the pool for a task that hands work to the pool (parallel IDA*'s driver, through
 * the relay): on the pool itself it would hold a worker its own subtrees wait for.
 */
export function driverPool(): WorkerPool {
  drivers ??= createWebPool(new URL('./worker.js', import.meta.url), { size: 1, name: 'searchlab-driver' });
  return drivers;
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
