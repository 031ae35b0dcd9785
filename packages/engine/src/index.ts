// @searchlab/engine: the platform every domain shares — typed errors, the seeded PRNG, the run
// driver, the WASM loader, the worker pool and the one work path (split → tasks on a runner →
// merge). It names no domain: each has its own entry point (@searchlab/engine/puzzle, /queens,
// /monty, /fit), and @searchlab/engine/domains loads them all (for a worker entry).
export { SearchlabError, InvalidInputError, UnsupportedError, WasmUnavailableError, type ErrorCode } from './core/errors.js';
export { Rng } from './core/rng.js';
export { BACKENDS, type Backend } from './core/backend.js';
export { runAsync, runSync, type Run, type DriveOptions, type Driven } from './core/run.js';
export { loadKernels, type Kernels, type CommonExports } from './core/kernels.js';
export { parseDecimal, parseInteger, parseDuration } from './core/numbers.js';
export { canonicalJson } from './core/canonical.js';
export { defaultMemoryBytes, parseMemorySize } from './core/memory.js';
export {
  WorkerPool,
  inlinePool,
  DISCARDED,
  type TaskRunner,
  type Task,
  type TaskOptions,
  type WorkerPort,
} from './core/pool.js';
export { runTasks, type Work, type WorkOptions } from './core/work.js';
export {
  serveTasks,
  throttled,
  registerTasks,
  type TaskMessage,
  type ReplyMessage,
  type TaskContext,
  type TaskHandler,
  type TaskHandlers,
} from './core/tasks.js';
