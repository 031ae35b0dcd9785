// @searchlab/engine/monty: Monty Hall games (n doors, k opened, three hosts, three strategies),
// exact win probabilities as rationals, and a seeded simulation on either backend.
export {
  HOSTS,
  STRATEGIES,
  MAX_DOORS,
  COUNTER,
  normalizeGame,
  normalizeSimulation,
  montySpec,
  type Host,
  type Strategy,
  type MontyGame,
  type MontyGameOptions,
  type MontySimulationOptions,
  type NormalizedSimulation,
  type MontySpec,
  type Counters,
} from './model.js';
export { Fraction, frac } from './fraction.js';
export { exactAnswer, wilson, type ExactAnswer, type ExactRates } from './exact.js';
export type { MontyKernel } from './ts-kernel.js';
export { createMontyRun, createKernel, type MontyRun, type MontyStats, type MontyOutcome, type ChunkRange } from './run.js';
export { simulateMonty, summarize, type MontyResult, type StrategyResult, type Estimate, type MontyHooks } from './simulate.js';
