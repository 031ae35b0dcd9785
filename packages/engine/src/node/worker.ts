// A worker_threads worker serving every domain's tasks (the pool's default script).
import { parentPort } from 'node:worker_threads';
import { serveTasks, type TaskMessage } from '../core/tasks.js';
import { TASKS } from '../tasks.js';
import { useFileCache } from './pdb-cache.js';

if (parentPort === null) throw new Error('searchlab worker: not started as a worker thread');
const port = parentPort;
useFileCache(); // workers read the pattern databases the main thread built
serveTasks(TASKS, (cb) => port.on('message', (m: TaskMessage) => cb(m)), (m) => port.postMessage(m));
