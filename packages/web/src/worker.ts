// The lab's one worker entry: every domain's engine tasks, the puzzle's pattern databases kept in
// the browser's storage, served by the engine's Web Worker host (@searchlab/engine/browser).
import '@searchlab/engine/domains';
import { serveWorkerScope } from '@searchlab/engine/browser';
import { usePdbStorage } from './puzzle/pdb-cache.js';

usePdbStorage();
serveWorkerScope();
