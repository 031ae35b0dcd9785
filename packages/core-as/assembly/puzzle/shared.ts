// The sliding-tile searches again, for several instances on one shared memory (scripts/build.mjs
// defines SHARED_MEMORY): the pattern databases are loaded once by one instance (pdbSetup,
// pdbAddPatternUnzeroed, the host fills the tables) and only read by the others, which join them
// (pdbJoin). Each instance allocates in a region of its own (common/arena.ts). Host protocol: on a
// new instance, arenaRegion(start, end) and then the start function (_start) before any other call.
// The tables' description (pdb/ranking.ts) is in the static data, shared: written by the loading
// instance only, so one set of pattern databases per memory.
export { kernelVersion, memoryLimitHit, setMemoryLimit, memoryUsed } from '../common/api';
export { arenaRegion } from '../common/arena';
export * from './api';
export { pdbSetup, pdbAddPatternUnzeroed, pdbPatterns, pdbTablePointer, pdbTableBytes, pdbPlacements, pdbReflect, pdbTableDigest } from '../pdb/api';
import { joinGeometry, setPatCount } from '../pdb/ranking';

/** This instance reads the `patterns` tables another instance loaded for a width×height board. */
export function pdbJoin(width: i32, height: i32, patterns: i32): void {
  joinGeometry(width, height);
  setPatCount(patterns);
}

/** End of the static data: the host hands out regions above it (callable before the start function). */
export function staticDataEnd(): usize {
  return __heap_base;
}
