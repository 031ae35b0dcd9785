/**
 * Bounded-suboptimal search (docs/contracts/search.md "wida", "anytime"): the proven bounds of a
 * result, and the anytime solver, a sequence of weighted IDA* runs with decreasing weights. Each
 * run prunes with the best length so far (the incumbent); the last, w = 1, proves optimality. Both
 * backends run the same sequence: the runs are the backend's wida run, the schedule and the bounds
 * are computed here, once.
 */
import type { SearchCounters } from '../search/types.js';
import { weightFraction, type Improvement, type NormalizedSolveOptions, type SolveOptions } from './options.js';
import type { Move } from './types.js';
import type { PuzzleOutcome, PuzzleRun } from './wasm-run.js';

/** The weights anytime tries after its first one (those below it, in this order). */
export const ANYTIME_LADDER: readonly number[] = [5, 3, 2, 1.5, 1.25, 1.1, 1];

/** The weight schedule of anytime starting at w (≥ 1): w, then the ladder's weights below w; ends with 1. */
export function anytimeWeights(w: number): number[] {
  return [w, ...ANYTIME_LADDER.filter((x) => x < w)];
}

/** Every heuristic but countBlank's variants is admissible: only then are bounds claimed. */
export const claimsBounds = (o: NormalizedSolveOptions): boolean => !o.countBlank;

/** The least integer ≥ x, for a quotient of integers (or a float h sum: 1e-9 absorbs its rounding). */
const ceilBound = (x: number): number => Math.ceil(x - 1e-9);

/**
 * The lower bound on the optimal length that a wida run at weight num/den proves from its current
 * threshold T (every earlier iteration was exhausted, T_0 = num·h(start)): C* ≥ ⌈T / num⌉, unless
 * the incumbent (which stops the search below it) is shorter. NaN threshold: nothing proven.
 */
export function thresholdLowerBound(threshold: number, weight: number, incumbent = Infinity): number {
  if (!Number.isFinite(threshold)) return 0;
  return Math.min(incumbent, ceilBound(threshold / weightFraction(weight).num));
}

export interface AnytimeState {
  best?: { moves: Move[]; weight: number };
  /** Proven lower bound on the optimal length (0 when no bound is claimed). */
  lowerBound: number;
  improvements: Omit<Improvement, 'moves'>[];
  /** The incumbent was proven optimal. */
  optimal: boolean;
  /** Why it stopped before proving optimality (node limit); a timeout is known to the driver only. */
  stopped?: 'node-limit';
}

export interface AnytimeRun extends PuzzleRun {
  readonly state: AnytimeState;
}

/** Counters of consecutive runs added up (`unique` 0: nothing is stored). */
export const sumStats = (a: SearchCounters, b: SearchCounters): SearchCounters => ({
  expanded: a.expanded + b.expanded,
  generated: a.generated + b.generated,
  unique: 0,
  maxFrontier: Math.max(a.maxFrontier, b.maxFrontier),
  iterations: a.iterations + b.iterations,
});

/**
 * The anytime solver as one `Run`: `makeRun` creates the backend's wida run for given options.
 * maxNodes counts over all runs. Its outcome is `found` (the best solution: optimal, or the last
 * run stopped at the node limit, see `state`), `node-limit` without any solution, or a run's
 * memory-limit / exhausted outcome.
 */
export function createAnytimeRun(
  options: NormalizedSolveOptions,
  makeRun: (o: NormalizedSolveOptions) => PuzzleRun,
  hooks: Pick<SolveOptions, 'onImprovement' | 'onLowerBound'> = {},
): AnytimeRun {
  const { onImprovement, onLowerBound } = hooks;
  const weights = anytimeWeights(options.weight);
  const bounded = claimsBounds(options);
  const began = performance.now();
  const state: AnytimeState = { lowerBound: 0, improvements: [], optimal: false };
  let done: SearchCounters = { expanded: 0, generated: 0, unique: 0, maxFrontier: 0, iterations: 0 };
  let index = 0;
  let run: PuzzleRun | undefined;
  let outcome: PuzzleOutcome | null = null;
  const incumbent = (): number => state.best?.moves.length ?? Infinity;
  const stats = (): SearchCounters => (run === undefined ? { ...done } : sumStats(done, run.stats()));

  const raiseLowerBound = (lb: number): void => {
    if (!bounded || lb <= state.lowerBound) return;
    state.lowerBound = lb;
    onLowerBound?.(lb, { ...stats(), timeMs: performance.now() - began });
  };
  /** Adds the current run's counters to `done` and disposes it. */
  const closeRun = (): void => {
    if (run === undefined) return;
    done = sumStats(done, run.stats());
    run.dispose();
    run = undefined;
  };
  const finish = (o: PuzzleOutcome): PuzzleOutcome => {
    closeRun();
    return (outcome = o);
  };
  const best = (): PuzzleOutcome => ({ kind: 'found', moves: state.best!.moves });

  return {
    state,
    step(budget) {
      if (outcome !== null) return outcome;
      const weight = weights[index]!;
      if (run === undefined) {
        const maxNodes = options.maxNodes - done.expanded;
        if (maxNodes <= 0) {
          state.stopped = 'node-limit';
          return finish(state.best ? best() : { kind: 'node-limit' });
        }
        run = makeRun({ ...options, algorithm: 'wida', weight, incumbent: incumbent(), maxNodes });
      }
      const out = run.step(budget);
      raiseLowerBound(thresholdLowerBound(run.threshold?.() ?? NaN, weight, incumbent()));
      if (out === null) return null;
      if (out.kind === 'found') {
        // Strictly shorter than the incumbent: a node with g + h >= incumbent is pruned.
        state.best = { moves: out.moves, weight };
        const length = out.moves.length;
        raiseLowerBound(thresholdLowerBound(run.threshold?.() ?? NaN, weight, length));
        closeRun();
        if (bounded && state.lowerBound >= length) state.optimal = true;
        const total = { ...done, timeMs: performance.now() - began };
        const improvement: Improvement = {
          length, moves: out.moves, weight,
          lowerBound: state.lowerBound,
          ...(bounded && { bound: boundRatio(length, state.lowerBound) }),
          stats: total,
        };
        const { moves: _m, ...summary } = improvement;
        state.improvements.push(summary);
        onImprovement?.(improvement);
        index++;
        if (state.optimal || (!bounded && index >= weights.length)) return finish(best());
        if (index >= weights.length) index = weights.length - 1; // unreachable when bounded: w = 1 proves optimality
        return null;
      }
      if (out.kind === 'exhausted') {
        // Nothing shorter than the incumbent exists (with an admissible h): it is optimal.
        if (state.best === undefined) return finish(out);
        if (bounded) {
          raiseLowerBound(incumbent());
          state.optimal = true;
        }
        return finish(best());
      }
      if (out.kind === 'node-limit') {
        state.stopped = 'node-limit';
        return finish(state.best ? best() : out);
      }
      return finish(out);
    },
    stats,
    threshold: () => NaN,
    dispose() {
      if (run !== undefined) finish({ kind: 'node-limit' });
    },
  };
}

/** length / lowerBound, the proven ratio to optimal (1 for length 0). */
export const boundRatio = (length: number, lowerBound: number): number =>
  length === 0 ? 1 : lowerBound > 0 ? length / lowerBound : Infinity;
