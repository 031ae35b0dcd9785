// @searchlab/engine: the platform every domain shares — typed errors, the seeded PRNG, the run
// driver, the WASM loader and the worker pool. Each domain has its own entry point
// (@searchlab/engine/puzzle, …); this root also re-exports the puzzle API for convenience.
export { SearchlabError, InvalidInputError, UnsupportedError, WasmUnavailableError, type ErrorCode } from './core/errors.js';
export { Rng } from './core/rng.js';
export { BACKENDS, type Backend } from './core/backend.js';
export { runAsync, runSync, drive, type Run, type DriveOptions, type Driven } from './core/run.js';
export { loadKernels } from './core/kernels.js';
export { parseDecimal, parseInteger } from './core/numbers.js';
export {
  MemoryLedger, MemoryAccount, processMemory, defaultMemoryBytes, parseMemorySize, WASM_MEMORY_CEILING,
} from './core/memory.js';
export {
  WorkerPool, inlinePool, streamTasks, defaultPoolSize, checkPoolSize,
  type TaskRunner, type Task, type TaskOptions, type WorkerPort,
} from './core/pool.js';
export { serveTasks, runTask, throttled, type TaskMessage, type ReplyMessage, type TaskContext, type TaskHandlers } from './core/tasks.js';
export { TASKS } from './tasks.js';
export * from './puzzle/index.js';
