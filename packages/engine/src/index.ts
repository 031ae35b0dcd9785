// @searchlab/engine: the platform every domain shares — typed errors, the seeded PRNG, the run
// driver, the WASM loader, the worker pool and the one work path (split → tasks on a runner →
// merge). It names no domain: each has its own entry point (@searchlab/engine/puzzle, /queens,
// /monty, /fit), and @searchlab/engine/domains loads them all (for a worker entry).
export { SearchlabError, InvalidInputError, UnsupportedError, WasmUnavailableError, type ErrorCode } from './core/errors.js';
export { Rng } from './core/rng.js';
export { BACKENDS, type Backend } from './core/backend.js';
export { runAsync, runSync, drive, type Run, type DriveOptions, type Driven } from './core/run.js';
export { loadKernels, type Kernels, type CommonExports } from './core/kernels.js';
export { SharedSpace, processWasmMemory } from './core/shared-memory.js';
export type { Problem, Node, StateKey } from './search/problem.js';
export type { SearchCounters } from './search/types.js';
export type { SubtreeAnswer } from './search/parallel-ida.js';
export { parseDecimal, parseInteger, parseDuration } from './core/numbers.js';
export { canonicalJson } from './core/canonical.js';
export {
  MemoryLedger, MemoryAccount, processMemory, defaultMemoryBytes, parseMemorySize, WASM_MEMORY_CEILING,
} from './core/memory.js';
export {
  WorkerPool, inlinePool, defaultPoolSize, checkPoolSize, DISCARDED,
  type TaskRunner, type Task, type TaskOptions, type WorkerPort,
} from './core/pool.js';
export { runTasks, type Work, type WorkOptions } from './core/work.js';
export {
  serveTasks, runTask, throttled, registerTasks, registeredTasks,
  type TaskMessage, type ReplyMessage, type TaskContext, type TaskHandler, type TaskHandlers,
} from './core/tasks.js';
