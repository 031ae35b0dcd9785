// The page's side of the search worker: one job at a time (a solve or a comparison); stopping
// terminates the worker, and the next job starts a fresh one.
import type { WorkerReply, WorkerRequest } from './protocol.js';

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export class SearchWorker {
  private worker: Worker | null = null;
  private jobId = 0;
  private onReply: ((reply: WorkerReply) => void) | null = null;
  private onCrash: ((message: string) => void) | null = null;

  /** Starts a job; replies of older jobs are dropped. */
  run(request: Request, onReply: (reply: WorkerReply) => void, onCrash: (message: string) => void): void {
    this.onReply = onReply;
    this.onCrash = onCrash;
    this.get().postMessage({ ...request, id: ++this.jobId } as WorkerRequest);
  }

  stop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.onReply = null;
    this.onCrash = null;
  }

  private get(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'searchlab-search' });
    w.onmessage = (e: MessageEvent<WorkerReply>) => {
      if (e.data.id === this.jobId) this.onReply?.(e.data);
    };
    w.onerror = (e) => {
      e.preventDefault();
      const crash = this.onCrash;
      this.stop();
      crash?.(e.message || 'the search worker failed to start');
    };
    this.worker = w;
    return w;
  }
}
