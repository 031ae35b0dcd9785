// The lab's one worker script: the engine's worker entry (every domain's tasks, the pool's
// envelope), after the lab's own set-up: pattern databases cached in IndexedDB.
import { TASKS } from '@searchlab/engine';
import { serveWorkerScope } from '@searchlab/engine/browser';
import { usePdbStorage } from '../puzzle/pdb-cache.js';

usePdbStorage();
serveWorkerScope(TASKS);
