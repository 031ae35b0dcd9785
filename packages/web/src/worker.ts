// The lab's one worker entry: every domain's engine tasks, the lab's own (parallel IDA*'s driver),
// the puzzle's pattern databases kept in the browser's storage, served by the engine's Web Worker
// host (@searchlab/engine/browser).
import '@searchlab/engine/domains';
import { registerTasks } from '@searchlab/engine';
import { serveWorkerScope } from '@searchlab/engine/browser';
import { PARALLEL_TASK, labTasks } from './puzzle/parallel.js';
import { usePdbStorage } from './puzzle/pdb-cache.js';

registerTasks(PARALLEL_TASK.domain, labTasks);
usePdbStorage();
serveWorkerScope();
