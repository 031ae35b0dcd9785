// @searchlab/engine/monty: Monty Hall games (n doors, k opened, three hosts, three strategies),
// exact win probabilities as rationals, and a seeded simulation on either backend.
export {
  HOSTS, STRATEGIES, MAX_DOORS, CHUNK_GAMES, COUNTERS, COUNTER, normalizeGame, normalizeSimulation, montySpec, chunkCount, chunkGames,
  type Host, type Strategy, type MontyGame, type MontyGameOptions, type MontySimulationOptions, type NormalizedSimulation, type MontySpec, type Counters,
} from './model.js';
export { Fraction, frac } from './fraction.js';
export { exactAnswer, wilson, Z95, type ExactAnswer, type ExactRates } from './exact.js';
export { DoorSet, createTsKernel, range, coinThreshold, laneRng, LANES, type MontyKernel } from './ts-kernel.js';
export { createWasmKernel } from './wasm-kernel.js';
export { createMontyRun, createKernel, splitTasks, sumCounters, type MontyRun, type MontyStats, type MontyOutcome, type MontyChunkTask } from './run.js';
export { simulateMonty, summarize, runMontyTask, montyTasks, MONTY_TASKS, type MontyResult, type StrategyResult, type Estimate, type MontyHooks } from './simulate.js';
export type { ChunkRange } from './run.js';
