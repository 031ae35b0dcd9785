// The lab's one worker script: every domain's engine tasks (engine/src/tasks.ts), served with the
// engine's message envelope — the same host that Node's worker_threads run.
import { TASKS, serveTasks, type ReplyMessage, type TaskMessage } from '@searchlab/engine';
import { usePdbStorage } from '../puzzle/pdb-cache.js';

// The DOM lib types `self` as a Window; only these two members are used.
const scope = self as unknown as {
  postMessage(message: ReplyMessage): void;
  onmessage: ((event: MessageEvent<TaskMessage>) => void) | null;
};

usePdbStorage();
serveTasks(TASKS, (cb) => (scope.onmessage = (event) => cb(event.data)), (message) => scope.postMessage(message));
