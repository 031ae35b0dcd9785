// The worker_threads side of the pool: serve the registered tasks through the parent port. It names
// no domain: the worker entry (worker.ts) loads the domains first.
import { parentPort } from 'node:worker_threads';
import { serveTasks, type TaskMessage } from '../core/tasks.js';

export function serveParentPort(): void {
  if (parentPort === null) throw new Error('searchlab worker: not started as a worker thread');
  const port = parentPort;
  serveTasks(
    (cb) => port.on('message', (m: TaskMessage) => cb(m)),
    (m) => port.postMessage(m),
  );
}
