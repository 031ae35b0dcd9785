// searchlab kernels: one WebAssembly module. Each domain's entry points live in its own api file
// (typed for TypeScript in engine/src/<domain>/kernel.ts); add one line here per domain. Hooks that
// only tests call go in testing.ts (a second module, never shipped), not here.
export * from './common/api';
export * from './puzzle/api';
export * from './queens/api';
export * from './monty/api';
export * from './fit/api';
export * from './pdb/api';
export * from './construct/api';
