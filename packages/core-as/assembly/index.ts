// searchlab kernels: one WebAssembly module, entry points re-exported from here.
import { memoryFailed, setLimit, arenaUsed } from './arena';

export function kernelVersion(): i32 {
  return 2;
}

/** 1 when the last trap was an allocation failure (memory limit), not a bug. */
export function memoryLimitHit(): i32 {
  return memoryFailed;
}

/** Soft cap on the arena in bytes (0 = none, only --maximumMemory); applies from the next allocation. */
export function setMemoryLimit(bytes: f64): void {
  setLimit(bytes <= 0 ? 0 : <u64>bytes);
}

export function memoryUsed(): f64 {
  return <f64>arenaUsed();
}

export {
  puzzleInput, puzzleInit, puzzleStep, puzzleStatus, statExpanded, statGenerated, statUnique,
  statMaxFrontier, statIterations, pathPointer, pathLength, puzzleOpenKind,
} from './puzzle/api';
export { rngSeed, rngSeedStream, rngSetState, rngStatePointer, rngBufferBytes, rngFill, rngShuffle } from './common/rng-api';
