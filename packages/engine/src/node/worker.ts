// The pool's default worker_threads entry: every domain's tasks (domains.ts), the puzzle's pattern
// databases read from the file cache the main thread built, served by the platform's host.
import '../domains.js';
import { useFileCache } from './pdb-cache.js';
import { serveParentPort } from './host.js';

useFileCache();
serveParentPort();
