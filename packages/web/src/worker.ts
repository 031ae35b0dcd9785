// The lab's one worker entry: every domain's engine tasks, the puzzle's pattern databases kept in
// the browser's storage, and the shell's host serving them.
import '@searchlab/engine/domains';
import { usePdbStorage } from './puzzle/pdb-cache.js';
import { serveWorkerScope } from './shell/worker.js';

usePdbStorage();
serveWorkerScope();
