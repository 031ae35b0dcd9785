// The lab's worker host: the registered engine tasks served with the engine's message envelope
// (the same host that Node's worker_threads run). It names no domain: the worker entry
// (src/worker.ts) loads them first.
import { serveTasks, type ReplyMessage, type TaskMessage } from '@searchlab/engine';

/** Serves the registered tasks on this Web Worker's scope. */
export function serveWorkerScope(): void {
  // The DOM lib types `self` as a Window; only these two members are used.
  const scope = self as unknown as {
    postMessage(message: ReplyMessage): void;
    onmessage: ((event: MessageEvent<TaskMessage>) => void) | null;
  };
  serveTasks((cb) => (scope.onmessage = (event) => cb(event.data)), (message) => scope.postMessage(message));
}
