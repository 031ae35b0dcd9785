// The pattern-database kernel's entry points (raw bindings: numbers only). Host protocol:
// pdbSetup(w, h) drops every table; pdbAddPattern(mask) per pattern; then either fill the table
// (pdbAddPatternUnzeroed, then pdbTablePointer / pdbTableBytes) from a cache, or pdbBuildBegin(p) and pdbBuildStep(budget) until
// it returns 1. The tables stay in the instance for the puzzle searches with heuristic pdb.
import { setupGeometry, addPattern, patTable, patBytes, patSize, patCount } from './ranking';
import { buildBegin, buildStep, bDepth, bReached } from './builder';
import { setReflect } from './lookup';
import { digest } from './digest';

export function pdbSetup(width: i32, height: i32): i32 { return setupGeometry(width, height) ? 1 : 0; }
/** Index of the new pattern (labels = goal cells of the canonical frame, bit L), or -1; its table zeroed (for a build). */
export function pdbAddPattern(mask: i32): i32 { return addPattern(<u32>mask); }
/** The same, its table's bytes left as they are: the host fills them all (a load from a cache). */
export function pdbAddPatternUnzeroed(mask: i32): i32 { return addPattern(<u32>mask, false); }
export function pdbPatterns(): i32 { return patCount; }
export function pdbTablePointer(p: i32): usize { return patTable(p); }
export function pdbTableBytes(p: i32): f64 { return patBytes(p); }
export function pdbPlacements(p: i32): f64 { return patSize(p); }
export function pdbBuildBegin(p: i32): i32 { return buildBegin(p) ? 1 : 0; }
/** 1 when the table is complete. */
export function pdbBuildStep(budget: f64): i32 { return buildStep(budget >= 9.0e18 ? i64.MAX_VALUE : <i64>budget); }
export function pdbBuildReached(): f64 { return bReached; }
export function pdbBuildDepth(): i32 { return bDepth; }
/** Whether the next searches take the max with the diagonally reflected lookup (default 1). */
export function pdbReflect(on: i32): void { setReflect(on != 0); }
/** The checksum of pattern p's table (16 bytes at the address returned; engine/src/puzzle/pdb-digest.ts is its twin). */
export function pdbTableDigest(p: i32): usize { return digest(patTable(p), patBytes(p)); }
/** The same checksum of any `bytes` bytes at `ptr` (tests). */
export function pdbDigest(ptr: usize, bytes: f64): usize { return digest(ptr, bytes); }
