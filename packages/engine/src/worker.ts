// @searchlab/engine/worker: a Web Worker script serving every domain's tasks. Build it as its own
// script (esbuild entry point, Vite `?worker&url`) and pass its URL to `createWebPool`.
import { serveWorkerScope } from './browser/index.js';
import { TASKS } from './tasks.js';

serveWorkerScope(TASKS);
