// @searchlab/engine/node: what only Node has — the worker_threads pool.
export { createNodePool, nodeWorkerPort } from './pool.js';
export { fileCache, useFileCache, defaultCacheDir } from './pdb-cache.js';
export { useSharedPdbs } from './shared-pdbs.js';
export { threadedPdbBuilder, useThreadedPdbBuilds, MAX_BUILD_THREADS } from './pdb-threads.js';
export { writeFileAtomic, type ChunkedContent, type AtomicWriteOptions } from './atomic.js';
