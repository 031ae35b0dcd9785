// The pattern-database builder on several threads: a module of its own, compiled with shared
// memory and atomics (scripts/build.mjs), for hosts with threads (Node's worker_threads). Host
// protocol: on the primary instance pdbSetup, pdbAddPattern, pdbBuildBegin(p); every other thread
// instantiates the module on the same memory and calls pdbBuildJoin(t); then per layer d = 0, 1, …
// the primary calls pdbBuildLayerReset() and every thread pdbBuildChunks(d), until a layer finds no
// new state (sum 0); then pdbBuildEnd() on the primary. The tables are those of the one-thread build.
export { pdbSetup, pdbAddPattern, pdbPatterns, pdbTablePointer, pdbTableBytes, pdbPlacements, pdbBuildBegin } from './api';
export { memoryLimitHit, setMemoryLimit, memoryUsed } from '../common/api';
import { buildJoin, buildLayerReset, buildChunks, buildStop, buildReachedAll, buildEnd } from './pdb';

export function pdbBuildJoin(t: i32): i32 { return buildJoin(t) ? 1 : 0; }
export function pdbBuildLayerReset(): void { buildLayerReset(); }
/** New states this thread found in layer `depth`; -1 if stopped. */
export function pdbBuildChunks(depth: i32): f64 { return buildChunks(depth); }
export function pdbBuildStop(): void { buildStop(); }
export function pdbBuildReachedAll(): f64 { return buildReachedAll(); }
export function pdbBuildEnd(): void { buildEnd(); }
