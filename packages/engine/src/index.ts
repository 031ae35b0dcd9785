// searchlab engine: the public typed API. Clients (CLI, web lab, embedders) import only from here.
export * from './errors.js';
export * from './rng.js';
export * from './puzzle/types.js';
export * from './puzzle/board.js';
export * from './puzzle/parse.js';
export * from './puzzle/solvability.js';
export * from './puzzle/generate.js';
export * from './search/types.js';
export * from './search/run.js';
export * from './search/problem.js';
export * from './search/algorithms.js';
export * from './search/heuristics.js';
export * from './search/sliding.js';
export * from './search/solve.js';
export { loadKernels } from './wasm/loader.js';
