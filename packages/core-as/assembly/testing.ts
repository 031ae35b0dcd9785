// The testing build: every export of the shipped module (index.ts) plus hooks that only tests call.
// scripts/build.mjs compiles it with the same flags into dist/testing.js, which the engine never
// copies into its own dist; tests load it through tests/support/kernels.ts.
import { openKind } from './puzzle/open';
import { setScalarMode } from './monty/scalar-mode';

export * from './index';
// The PRNG twin's own stream and buffer (tests/differential/rng.test.ts).
export * from './testing/rng';

/** The best-first open list of the puzzle run in progress: 1 bucket grid, 2 heap, 0 none (bfs, idastar, no run). */
export function puzzleOpenKind(): i32 {
  return openKind();
}

/** The loop for the 3-door Monty games from now on: 0 SIMD (default), 1 all scalar, 2 every SIMD batch replayed on the scalar loop. */
export function montyScalarOnly(mode: i32): void {
  setScalarMode(mode);
}
