/** The Monty Hall kernel's raw exports (core-as/assembly/monty/api.ts): numbers only. */
export interface MontyExports {
  /** 0 ok, 1 parameters out of range. Thresholds are ceil(q·2^32), ceil(p·2^32); the seed a u32. */
  montyInit(doors: number, open: number, host: number, qThreshold: number, pThreshold: number, seed: number): number;
  /** Starts chunk `index` (its own PRNG stream). */
  montyBegin(index: number): void;
  /** Plays `games` (< 2^31) games of the current chunk. */
  montyPlay(games: number): void;
  /** Counter i (codes.monty.counter), cumulative since montyInit. */
  montyCounter(i: number): number;
}
