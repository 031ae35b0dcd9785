/** The sliding-tile kernel's raw exports (core-as/assembly/puzzle/api.ts): numbers and pointers only. */
export interface PuzzleExports {
  /** Address of the input area: start board (i32 per cell) then the goal at +4096 bytes. */
  puzzleInput(): number;
  /** codes.puzzle.init: ok, or why the board/options were refused. */
  puzzleInit(width: number, height: number, algorithm: number, heuristic: number, countBlank: number, weight: number, maxNodes: number): number;
  /** At most `budget` expansions; returns a codes.puzzle.status value. */
  puzzleStep(budget: number): number;
  puzzleStatus(): number;
  puzzleExpanded(): number;
  puzzleGenerated(): number;
  puzzleUnique(): number;
  puzzleMaxFrontier(): number;
  puzzleIterations(): number;
  /** Before puzzleInit of a wida run: w = num/den exactly, the incumbent length (Infinity: none), the threshold range. */
  puzzleWida(num: number, den: number, incumbent: number, first: number, last: number): void;
  /** idastar / wida: the current threshold (wida: den·g + num·h units). */
  puzzleThreshold(): number;
  /** Before puzzleInit of an idastar run: search one subtree (its root's depth, incoming move code or -1, threshold). */
  puzzleSubtree(depth: number, incoming: number, threshold: number): void;
  /** The least f over the threshold seen so far (a subtree's answer once it ended; Infinity: none). */
  puzzleNextThreshold(): number;
  /** Address of the path (an i32 from the raw bindings: use `>>> 0`). */
  puzzlePathPointer(): number;
  puzzlePathLength(): number;
}

/** The pattern-database kernel's raw exports (core-as/assembly/pdb/api.ts). */
export interface PdbExports {
  /** Drops every table and starts a set on a width×height board (≤ 25 cells); 1 ok, 0 refused. */
  pdbSetup(width: number, height: number): number;
  /** A pattern by its label mask (bit L): its index, or -1. */
  pdbAddPattern(mask: number): number;
  /** The same, its table's bytes left undefined (the host fills them: a load). */
  pdbAddPatternUnzeroed(mask: number): number;
  pdbPatterns(): number;
  /** Address of pattern p's table (an i32 from the raw bindings: use `>>> 0`). */
  pdbTablePointer(p: number): number;
  pdbTableBytes(p: number): number;
  pdbPlacements(p: number): number;
  pdbBuildBegin(p: number): number;
  /** 1 when the table is complete. */
  pdbBuildStep(budget: number): number;
  pdbBuildReached(): number;
  pdbBuildDepth(): number;
  pdbReflect(on: number): void;
  /** Address of pattern p's table digest (16 bytes; engine/src/puzzle/pdb-digest.ts is the twin). */
  pdbTableDigest(p: number): number;
  /** Address of the digest of `bytes` bytes at `ptr`. */
  pdbDigest(ptr: number, bytes: number): number;
}

/** The constructive solver's raw exports (core-as/assembly/construct/api.ts). */
export interface ConstructExports {
  /** Resets the arena; the input address: start (i32 per cell) then the goal at +4·W·H bytes. */
  constructBegin(width: number, height: number): number;
  /** 1 solved, 0 not solvable. */
  constructRun(): number;
  constructMovesPointer(): number;
  constructMovesLength(): number;
  /** Runs the post-pass on the constructed moves; returns its length. */
  constructPostPass(): number;
  constructPostPointer(): number;
  constructPostLength(): number;
}
