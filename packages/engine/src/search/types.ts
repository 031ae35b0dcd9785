/** Statistics every search of search/algorithms.ts keeps (both backends of a domain fill them the same way). */
export interface SearchStats {
  /** Nodes taken off the frontier and expanded (goal test passed as false). */
  expanded: number;
  /** Successors created (every child produced by a legal move, before duplicate checks). */
  generated: number;
  /** Distinct states ever stored (reached table size); for IDA*, DFS, IDDFS, 0 (no table). */
  unique: number;
  /** Largest frontier size seen (open list / queue entries; for IDA* and DFS: largest path depth). */
  maxFrontier: number;
  /** Iterations of IDA* or IDDFS (1 for other algorithms). */
  iterations: number;
  timeMs: number;
}

/** A search's counters without its time ({@link SearchStats} less `timeMs`). */
export type SearchCounters = Omit<SearchStats, 'timeMs'>;
