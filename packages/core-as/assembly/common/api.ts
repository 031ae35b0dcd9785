// Entry points every domain shares: the kernel version and the arena's memory limit.
import { memoryFailed, setLimit, arenaUsed } from './arena';

export function kernelVersion(): i32 {
  return 3;
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
