/**
 * wida, the bounded-suboptimal solver (docs/contracts/search.md "wida"): optimistic search with
 * weighted IDA*. Weighted IDA* runs at weights above the bound find and improve a solution (the
 * improver); single IDA* iterations raise a proven lower bound on the optimal length (the prover);
 * it stops once length ≤ w × lower bound. One weighted IDA* run at w proves the same bound but,
 * with a heuristic well below the true distance (6-6-6-6 on the 24-puzzle: about 0.8 of it), it
 * explores nearly the tree of an optimal search; the optimistic split needs a short enough solution
 * and a proof far below the optimum, both cheap. Both backends run the same sequence: the runs are
 * the backend's wida runs, ended by their node limits (exact on both), the schedule is computed here.
 */
import type { SearchCounters } from '../search/types.js';
import { sumStats, thresholdLowerBound } from './anytime.js';
import { weightFraction, type NormalizedSolveOptions } from './options.js';
import type { Move } from './types.js';
import type { PuzzleOutcome, PuzzleRun } from './wasm-run.js';

/** The improver's weights, tried from the first above 1 at most max(3, 2w − 1) down (contract "wida"). */
export const IMPROVER_WEIGHTS: readonly number[] = [5, 3, 2, 1.6, 1.5, 1.45, 1.4, 1.35, 1.3, 1.25, 1.2, 1.15, 1.1, 1.05];
/** Turns an improver weight keeps before the next weight's turn. */
export const RETRIES = 2;
/**
 * An improver turn gets this many times the expected cost of the next prover iteration: a shorter
 * solution lowers what the prover must reach (on Korf's 24-puzzles 2 beat 1 and 4 in total nodes).
 */
export const IMPROVER_SHARE = 2;
/** The least node budget of an improver turn. */
export const MIN_TURN = 1 << 16;

export interface OptimisticState {
  best?: { moves: Move[]; weight: number };
  /** Proven lower bound on the optimal length (0 when no bound is claimed). */
  lowerBound: number;
}

export interface OptimisticRun extends PuzzleRun {
  readonly state: OptimisticState;
}

/** The improver's weights for a bound w: those of IMPROVER_WEIGHTS at most max(3, 2w − 1). */
export function improverWeights(w: number): number[] {
  const top = Math.max(3, 2 * w - 1);
  return IMPROVER_WEIGHTS.filter((x) => x <= top);
}

/**
 * The optimistic wida as one `Run` (an admissible heuristic: the bounds are proofs); `makeRun`
 * creates the backend's single wida run. Its outcome is
 * `found` once the bound is proven (or the solution is optimal), `exhausted` for an unsolvable board
 * (with an admissible h), `node-limit` when maxNodes (over all runs) ran out first.
 */
export function createOptimisticRun(options: NormalizedSolveOptions, makeRun: (o: NormalizedSolveOptions) => PuzzleRun): OptimisticRun {
  const { num, den } = weightFraction(options.weight);
  const weights = improverWeights(options.weight);
  const state: OptimisticState = { lowerBound: 0 };
  /** Weights not yet done (done: found a solution, or below the one that found the best). */
  let pending = weights.slice();
  let next = 0; // index into pending: the improver's next weight
  const failures = new Map<number, number>(); // turns a weight ran out of nodes
  let done: SearchCounters = { expanded: 0, generated: 0, unique: 0, maxFrontier: 0, iterations: 0 };
  let run: PuzzleRun | undefined;
  let role: 'improve' | 'prove' = 'improve';
  let runWeight = 0;
  let proverIncumbent = Infinity;
  let lastCost = 0, prevCost = 0; // nodes of the last two prover iterations
  let outcome: PuzzleOutcome | null = null;

  const best = (): number => state.best?.moves.length ?? Infinity;
  /** The least length the prover must prove: best ≤ w · need. */
  const need = (): number => (state.best ? Math.ceil((den * best()) / num - 1e-9) : Infinity);
  const proven = (): boolean => state.best !== undefined && den * best() <= num * state.lowerBound;
  const raise = (lb: number): void => {
    if (lb > state.lowerBound) state.lowerBound = lb;
  };
  const stats = (): SearchCounters => (run === undefined ? { ...done } : sumStats(done, run.stats()));
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
  const found = (): PuzzleOutcome => finish({ kind: 'found', moves: state.best!.moves });
  const left = (): number => options.maxNodes - stats().expanded;

  /** An improver turn: IMPROVER_SHARE × what the next prover iteration is expected to take. */
  const turnBudget = (): number => {
    const growth = prevCost > 0 ? Math.min(16, Math.max(2, lastCost / prevCost)) : 8;
    return Math.max(MIN_TURN, Math.round(IMPROVER_SHARE * lastCost * growth));
  };
  let turnLeft = MIN_TURN;

  /** Starts the next run: an improver weight while the turn lasts, else one prover iteration. */
  const start = (): void => {
    if (role === 'improve' && pending.length > 0 && turnLeft > 0) {
      runWeight = pending[next % pending.length]!;
      run = makeRun({ ...options, algorithm: 'wida', weight: runWeight, incumbent: best(), maxNodes: Math.min(turnLeft, left()) });
      return;
    }
    role = 'prove';
    proverIncumbent = need();
    // One IDA* iteration at the proven lower bound (or h(start) above it): first = last = lowerBound.
    run = makeRun({ ...options, algorithm: 'wida', weight: 1, incumbent: proverIncumbent, firstThreshold: state.lowerBound, lastThreshold: state.lowerBound, maxNodes: left() });
  };

  const improverEnded = (out: PuzzleOutcome, cost: number): PuzzleOutcome | null => {
    raise(thresholdLowerBound(run!.threshold?.() ?? NaN, runWeight, best()));
    turnLeft -= cost;
    if (out.kind === 'found') {
      // Strictly shorter than the incumbent; heavier weights are not worth another try.
      state.best = { moves: out.moves, weight: runWeight };
      pending = pending.filter((x) => x < runWeight);
      next = 0;
      closeRun();
      return proven() ? found() : null;
    }
    if (out.kind === 'exhausted') {
      // Nothing shorter than the incumbent exists: it is optimal (or, without one, the board is unsolvable).
      if (state.best === undefined) return finish(out);
      raise(best());
      return found();
    }
    if (out.kind === 'node-limit') {
      closeRun();
      if (left() <= 0) return finish(out);
      // The turn is over. A weight gets a second turn (a larger budget) before the next weight's.
      const w = pending[next % pending.length]!;
      const tries = (failures.get(w) ?? 0) + 1;
      failures.set(w, tries);
      if (tries % RETRIES === 0) next = (next + 1) % pending.length;
      role = 'prove';
      return null;
    }
    return finish(out);
  };

  const proverEnded = (out: PuzzleOutcome, cost: number): PuzzleOutcome | null => {
    prevCost = lastCost;
    lastCost = cost;
    if (out.kind === 'found') {
      // Found within an iteration whose threshold is at most the optimum: optimal.
      state.best = { moves: out.moves, weight: 1 };
      raise(best());
      return found();
    }
    if (out.kind === 'exhausted') {
      // Stopped before the next iteration: nothing shorter than its threshold t exists. A threshold of
      // Infinity: no node was left below the prover's incumbent, so nothing shorter than it exists.
      const t = run!.threshold?.() ?? NaN;
      const lb = t === Infinity ? proverIncumbent : t;
      if (lb === Infinity) return finish(out);
      raise(Math.min(lb, best()));
      closeRun();
      if (proven() || state.lowerBound >= best()) return found();
      role = 'improve';
      turnLeft = turnBudget();
      return null;
    }
    return finish(out);
  };

  return {
    state,
    step(budget) {
      if (outcome !== null) return outcome;
      if (run === undefined) {
        if (left() <= 0) return finish({ kind: 'node-limit' });
        start();
      }
      const out = run!.step(budget);
      if (out === null) return null;
      const cost = run!.stats().expanded;
      return role === 'improve' ? improverEnded(out, cost) : proverEnded(out, cost);
    },
    stats,
    threshold: () => NaN,
    dispose() {
      if (run !== undefined) finish({ kind: 'node-limit' });
    },
  };
}
