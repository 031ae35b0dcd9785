// The pool's default worker_threads entry: every domain's tasks (domains.ts), the puzzle's pattern
// databases read from the file cache the main thread built (into the memory the workers share), served by the platform's host.
import '../domains.js';
import { useFileCache } from './pdb-cache.js';
import { useSharedPdbs } from './shared-pdbs.js';
import { serveParentPort } from './host.js';

useFileCache();
useSharedPdbs(); // one copy of the tables for every worker of the pool
serveParentPort();
