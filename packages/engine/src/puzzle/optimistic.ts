/**
 * The bounded solvers wida and anytime as one sequence of weighted IDA* runs (docs/contracts/search.md
 * "wida, the sequence", "anytime"): optimistic search. Weighted IDA* runs at falling weights find and
 * improve a solution (the improver); single IDA* iterations raise a proven lower bound on the optimal
 * length (the prover); it stops once length ≤ target × lower bound (wida: target w; anytime: 1,
 * optimal). One weighted IDA* run at w proves the same bound but, with a heuristic well below the
 * true distance (6-6-6-6 on the 24-puzzle: about 0.8 of it), explores nearly the tree of an optimal
 * search; the optimistic split needs a short enough solution and a proof far below the optimum, both
 * cheap. Both backends run the same sequence: the runs are the backend's wida runs, ended by their
 * node limits (exact on both); the schedule is computed here.
 */
import { newCounters } from '../search/algorithms.js';
import type { SearchCounters } from '../search/types.js';
import { weightFraction, type Improvement, type NormalizedSolveOptions, type SolveOptions } from './options.js';
import type { Move } from './types.js';
import type { PuzzleOutcome, PuzzleRun } from './wasm-run.js';

/** Every heuristic but countBlank's variants is admissible: only then are bounds claimed. */
export const claimsBounds = (o: NormalizedSolveOptions): boolean => !o.countBlank;

/**
 * The lower bound on the optimal length that a wida run at weight num/den proves from its current
 * threshold T (every earlier iteration was exhausted, T_0 = num·h(start)): C* ≥ ⌈T / num⌉ (1e-9
 * absorbs a float h's rounding), unless the incumbent (which stops the search below it) is shorter.
 * A threshold that is not finite (NaN, or Infinity after an exhausted run): nothing proven.
 */
export function thresholdLowerBound(threshold: number, weight: number, incumbent = Infinity): number {
  if (!Number.isFinite(threshold)) return 0;
  return Math.min(incumbent, Math.ceil(threshold / weightFraction(weight).num - 1e-9));
}

/** length / lowerBound, the proven ratio to optimal (1 for length 0). */
export const boundRatio = (length: number, lowerBound: number): number => (length === 0 ? 1 : lowerBound > 0 ? length / lowerBound : Infinity);

/** Counters of consecutive runs added up (`unique` 0: nothing is stored). */
const sumStats = (a: SearchCounters, b: SearchCounters): SearchCounters => ({
  expanded: a.expanded + b.expanded,
  generated: a.generated + b.generated,
  unique: 0,
  maxFrontier: Math.max(a.maxFrontier, b.maxFrontier),
  iterations: a.iterations + b.iterations,
});

/** The improver's weights, from heavy (cheap, long solutions) to light. */
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

/**
 * wida's improver weights for a bound w: those of IMPROVER_WEIGHTS above w and at most
 * max(3, 2w − 1), then w itself (above 1): a run at w that finds a solution proves the bound alone.
 */
export function widaWeights(w: number): number[] {
  const top = Math.max(3, 2 * w - 1);
  return [...IMPROVER_WEIGHTS.filter((x) => x > w && x <= top), ...(w > 1 ? [w] : [])];
}

/** anytime's improver weights from w: w (above 1), then those of IMPROVER_WEIGHTS below it. */
export function anytimeWeights(w: number): number[] {
  return [...(w > 1 ? [w] : []), ...IMPROVER_WEIGHTS.filter((x) => x < w)];
}

export interface SequenceState {
  best?: { moves: Move[]; weight: number };
  /** Proven lower bound on the optimal length (0 when no bound is claimed). */
  lowerBound: number;
  /** Every better solution in order (moves left out). */
  improvements: Omit<Improvement, 'moves'>[];
  /** The best solution was proven optimal. */
  optimal: boolean;
  /** Why it stopped before its target (node limit); a timeout is known to the driver only. */
  stopped?: 'node-limit';
}

export interface SequenceRun extends PuzzleRun {
  readonly state: SequenceState;
}

export interface SequencePlan {
  /** The improver's weights, tried in this order. */
  weights: number[];
  /** Stop once den·length ≤ num·lowerBound. */
  target: { num: number; den: number };
  /** A node limit ends it with the best solution so far (anytime) rather than node-limit (wida). */
  keepBest: boolean;
}

/**
 * The sequence as one `Run`: `makeRun` creates the backend's single wida run. Its outcome is `found`
 * (the target is proven, the solution is optimal, or a node limit stopped it with `keepBest`),
 * `exhausted` for an unsolvable board, `node-limit` or a run's memory-limit. Without an admissible
 * heuristic nothing is proven: there is no prover, each weight runs to its end, and an exhausted run
 * only ends the sequence.
 */
export function createSequenceRun(
  options: NormalizedSolveOptions,
  makeRun: (o: NormalizedSolveOptions) => PuzzleRun,
  plan: SequencePlan,
  hooks: Hooks = {},
): SequenceRun {
  const { onImprovement, onLowerBound } = hooks;
  const { num, den } = plan.target;
  const bounded = claimsBounds(options);
  const began = performance.now();
  const state: SequenceState = { lowerBound: 0, improvements: [], optimal: false };
  /** Weights not yet done (done: found a solution, or heavier than the one that found the best). */
  let pending = plan.weights.slice();
  let next = 0; // index into pending: the improver's next weight
  const failures = new Map<number, number>(); // turns a weight ran out of nodes
  let done = newCounters();
  let run: PuzzleRun | undefined;
  let role: 'improve' | 'prove' = 'improve';
  let runWeight = 0;
  let proverIncumbent = Infinity;
  let lastCost = 0,
    prevCost = 0; // nodes of the last two prover iterations
  let turnLeft = bounded ? MIN_TURN : Infinity;
  let outcome: PuzzleOutcome | null = null;

  const best = (): number => state.best?.moves.length ?? Infinity;
  const stats = (): SearchCounters => (run === undefined ? { ...done } : sumStats(done, run.stats()));
  const left = (): number => options.maxNodes - stats().expanded;
  /** The least length the prover must prove: best ≤ target · need. */
  const need = (): number => (state.best ? Math.ceil((den * best()) / num - 1e-9) : Infinity);
  const proven = (): boolean => state.best !== undefined && den * best() <= num * state.lowerBound;

  const raise = (lb: number): void => {
    if (!bounded || lb <= state.lowerBound) return;
    state.lowerBound = lb;
    onLowerBound?.(lb, { ...stats(), timeMs: performance.now() - began });
  };
  const improve = (moves: Move[], weight: number): void => {
    state.best = { moves, weight };
    const improvement: Improvement = {
      length: moves.length,
      moves,
      weight,
      lowerBound: state.lowerBound,
      ...(bounded && { bound: boundRatio(moves.length, state.lowerBound) }),
      stats: { ...stats(), timeMs: performance.now() - began },
    };
    const { moves: _m, ...summary } = improvement;
    state.improvements.push(summary);
    onImprovement?.(improvement);
  };
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
  const found = (): PuzzleOutcome => {
    if (bounded && state.lowerBound >= best()) state.optimal = true;
    return finish({ kind: 'found', moves: state.best!.moves });
  };
  const limited = (o: PuzzleOutcome): PuzzleOutcome => {
    state.stopped = 'node-limit';
    return plan.keepBest && state.best ? found() : finish(o);
  };

  /** An improver turn: IMPROVER_SHARE × what the next prover iteration is expected to take. */
  const turnBudget = (): number => {
    const growth = prevCost > 0 ? Math.min(16, Math.max(2, lastCost / prevCost)) : 8;
    return Math.max(MIN_TURN, Math.round(IMPROVER_SHARE * lastCost * growth));
  };

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
    run = makeRun({
      ...options,
      algorithm: 'wida',
      weight: 1,
      incumbent: proverIncumbent,
      firstThreshold: state.lowerBound,
      lastThreshold: state.lowerBound,
      maxNodes: left(),
    });
  };

  const improverEnded = (out: PuzzleOutcome, cost: number): PuzzleOutcome | null => {
    raise(thresholdLowerBound(run!.threshold?.() ?? NaN, runWeight, best()));
    turnLeft -= cost;
    if (out.kind === 'found') {
      // Strictly shorter than the incumbent (pruning); heavier weights are not worth another try.
      closeRun();
      improve(out.moves, runWeight);
      pending = pending.filter((x) => x < runWeight);
      next = 0;
      return proven() ? found() : null;
    }
    if (out.kind === 'exhausted') {
      // Nothing shorter than the incumbent exists: it is optimal (without one: unsolvable).
      if (state.best === undefined) return finish(out);
      raise(best());
      return found();
    }
    if (out.kind === 'node-limit') {
      closeRun();
      if (left() <= 0) return limited(out);
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
      closeRun();
      raise(out.moves.length);
      improve(out.moves, 1);
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
      if (proven()) return found();
      role = 'improve';
      turnLeft = turnBudget();
      return null;
    }
    return out.kind === 'node-limit' ? limited(out) : finish(out);
  };

  return {
    state,
    step(budget) {
      if (outcome !== null) return outcome;
      if (run === undefined) {
        if (left() <= 0) return limited({ kind: 'node-limit' });
        // Without an admissible h there is nothing to prove: the improver's weights are the whole sequence.
        if (!bounded && pending.length === 0) return state.best ? found() : finish({ kind: 'exhausted' });
        start();
      }
      const out = run!.step(budget);
      if (out === null) return null;
      const cost = run!.stats().expanded;
      if (!bounded && out.kind === 'exhausted') return state.best ? found() : finish(out); // proves nothing: ends the sequence
      return role === 'improve' ? improverEnded(out, cost) : proverEnded(out, cost);
    },
    stats,
    threshold: () => NaN,
    dispose() {
      if (run !== undefined) finish({ kind: 'node-limit' });
    },
  };
}

type Hooks = Pick<SolveOptions, 'onImprovement' | 'onLowerBound'>;

/** wida: stops once length ≤ w × lower bound; a node limit first gives node-limit. */
export const createWidaRun = (options: NormalizedSolveOptions, makeRun: (o: NormalizedSolveOptions) => PuzzleRun, hooks: Hooks = {}): SequenceRun =>
  createSequenceRun(options, makeRun, { weights: widaWeights(options.weight), target: weightFraction(options.weight), keepBest: false }, hooks);

/** anytime: improves until proven optimal; a node limit keeps the best solution and its proven gap. */
export const createAnytimeRun = (options: NormalizedSolveOptions, makeRun: (o: NormalizedSolveOptions) => PuzzleRun, hooks: Hooks = {}): SequenceRun =>
  createSequenceRun(options, makeRun, { weights: anytimeWeights(options.weight), target: { num: 1, den: 1 }, keepBest: true }, hooks);
