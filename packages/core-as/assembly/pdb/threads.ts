// The pattern-database builder on several threads: a module of its own, compiled with shared
// memory and atomics (scripts/build.mjs), for hosts with threads (Node's worker_threads). Host
// protocol: on the primary instance pdbSetup, pdbAddPattern, pdbBuildBegin(p); every other thread
// instantiates the module on the same memory and calls pdbBuildJoin(t); then per layer d = 0, 1, …
// the primary calls pdbBuildLayerReset() and every thread pdbBuildChunks(d), until a layer finds no
// new state (sum 0); then pdbBuildEnd() on the primary. The tables are those of the one-thread build.
export { pdbSetup, pdbAddPattern, pdbPatterns, pdbTablePointer, pdbTableBytes, pdbPlacements } from './api';
export { memoryLimitHit, setMemoryLimit, memoryUsed } from '../common/api';
import { buildBegin } from './builder';
import { buildJoin, buildLayerReset, buildChunks, buildStop, buildReachedAll, buildEnd, publishBuild } from './builder-threads';

/** Begins pattern p's build on the primary and publishes it for the threads. */
export function pdbBuildBegin(p: i32): i32 {
  if (!buildBegin(p)) return 0;
  publishBuild();
  return 1;
}

export function pdbBuildJoin(t: i32): i32 { return buildJoin(t) ? 1 : 0; }
export function pdbBuildLayerReset(): void { buildLayerReset(); }
/** New states this thread found in layer `depth`; -1 if stopped. */
export function pdbBuildChunks(depth: i32): f64 { return buildChunks(depth); }
export function pdbBuildStop(): void { buildStop(); }
export function pdbBuildReachedAll(): f64 { return buildReachedAll(); }
export function pdbBuildEnd(): void { buildEnd(); }
