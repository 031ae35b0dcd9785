// @searchlab/engine/worker: a Web Worker script serving every domain's tasks. Build it as its own
// script (an esbuild entry point, Vite's `?worker&url`) and pass its URL to `createWebPool`.
import './domains.js';
import { serveWorkerScope } from './browser/index.js';

serveWorkerScope();
