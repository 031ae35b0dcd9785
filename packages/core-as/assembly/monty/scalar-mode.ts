// Which loop plays the 3-door games: a switch for tests, set only by the testing build
// (assembly/testing.ts). The shipped module never writes it, so the optimiser folds it to 0 there.

/** 0 the SIMD batches (default); 1 every game on the scalar loop; 2 the SIMD batches, each replayed on the scalar loop (the rejection fallback). */
export let scalarMode: i32 = 0;

export function setScalarMode(mode: i32): void {
  scalarMode = mode;
}
