/**
 * The TypeScript reference of every N-Queens algorithm, as `Run`s. Each algorithm is a generator
 * that does one unit of work at a time and pauses (`yield`) when its budget is spent; the numbered
 * rules of docs/contracts/queens.md (start, draws, tie-breaks, what a step is) are written here and
 * in the AssemblyScript kernels in the same order, so the same seed gives the same board and the
 * same counters on both backends.
 */
import { Rng } from '../core/rng.js';
import { QueenBoard } from './board.js';
import { constructRows } from './construct.js';
import { expNeg } from './detmath.js';
import { checkObject, reading } from '../core/args.js';
import { normalizeQueensOptions, type NormalizedQueensOptions, type QueensOutcome, type QueensStats } from './options.js';
import type { Run } from '../core/run.js';

/**
 * A queens solve as a {@link Run} (the lab's live view steps one): its board and score history at any time.
 */
export interface QueensRun extends Run<QueensOutcome, QueensStats> {
  /** The board now (an array the caller owns; still readable after dispose; the WASM run hands its final snapshot to the first call after it ended, copies after that). */
  positions(): Int32Array;
  /** hill-climbing: the seed's score at the start and after every step (capped); else empty. */
  history(): number[];
}

interface State {
  o: NormalizedQueensOptions;
  b: QueenBoard;
  rng: Rng;
  stats: QueensStats;
  history: number[];
  /** Budget units left in this step: a body pauses with `s.left = yield` when none is left. */
  left: number;
}

/** A body returns the outcome; it pauses (yield) where its budget runs out. */
type Body = (s: State) => Generator<void, QueensOutcome, number>;
type Pausing<T = void> = Generator<void, T, number>;

/**
 * Every O(N) loop, set-up included, runs in chunks of CHUNK rows, columns or draws, one budget unit
 * each, and pauses between chunks when the budget is spent, so that a slice returns to the driver
 * soon at any N (the kernel pauses at the same places; where a run pauses never changes its draws).
 */
const CHUNK = 1 << 16;
const FAST_CHUNK_COST = CHUNK >> 4;

/**
 * f over [0, count) in CHUNK pieces, `cost` budget units each: 1, except in fast, whose other units
 * are single attempts or swaps (random accesses), so a chunk of sequential rows costs FAST_CHUNK_COST
 * there (the kernel's `chunkCost`, which says why).
 */
function* inChunks(s: State, count: number, f: (a: number, b: number) => void, cost = 1): Pausing {
  for (let a = 0; a < count; a += CHUNK) {
    if (s.left <= 0) s.left = yield;
    f(a, Math.min(count, a + CHUNK));
    s.left -= cost;
  }
}

/** The counters to zero, in chunks of rows. */
const clearBoard = (s: State): Pausing => inChunks(s, s.b.n, (a, b) => s.b.clearRows(a, b));

const SOLVED: QueensOutcome = { kind: 'solved' };
const LIMIT: QueensOutcome = { kind: 'limit' };

/** Rule 1: every row gets nextInt(n), rows 0..n−1 in order. */
function* randomStart(s: State): Pausing {
  const { b, rng } = s;
  yield* clearBoard(s);
  yield* inChunks(s, b.n, (from, to) => {
    for (let r = from; r < to; r++) b.place(r, rng.nextInt(b.n));
  });
}

/**
 * Rule 2 (steepest descent): the move (r, x), x ≠ pos[r], with the least change in attacking pairs;
 * ties go to the last in row-major order (the seed's `<=`). Returns the change; the move in `best`.
 */
function* bestMove(s: State, best: Int32Array): Pausing<number> {
  const { b } = s;
  const n = b.n;
  let bestDelta = Infinity;
  for (let r = 0; r < n; r++) {
    const c = b.pos[r]!;
    const cur = b.conflictsOf(r);
    for (let x0 = 0; x0 < n; x0 += CHUNK) {
      if (s.left <= 0) s.left = yield;
      const end = Math.min(n, x0 + CHUNK);
      for (let x = x0; x < end; x++) {
        if (x === c) continue;
        const d = b.conflictsAt(r, x) - cur;
        if (d <= bestDelta) {
          bestDelta = d;
          best[0] = r;
          best[1] = x;
        }
      }
      s.left--;
    }
  }
  return bestDelta;
}

function record(s: State): void {
  if (s.history.length < s.o.historyLimit) s.history.push(2 * s.b.pairs);
}

/**
 * Steepest descent from `start`: each step takes the best improving move; when none improves, the
 * algorithm's `stuck` step (hill climbing's escape, or a restart). `traced` records the score history.
 */
const descent = (start: (s: State) => Pausing, stuck: (s: State) => Pausing | undefined, traced: boolean): Body =>
  function* (s) {
    const { b, stats, o } = s;
    s.left = yield;
    yield* start(s);
    if (traced) record(s);
    const best = new Int32Array(2);
    for (;;) {
      if (s.left <= 0) s.left = yield;
      if (b.pairs === 0) return SOLVED;
      if (stats.steps >= o.maxSteps) return LIMIT;
      stats.steps++;
      if ((yield* bestMove(s, best)) < 0) {
        b.moveTo(best[0]!, best[1]!);
        stats.moves++;
      } else {
        const more = stuck(s);
        if (more !== undefined) yield* more;
      }
      if (traced) record(s);
    }
  };

/** The seed's hill climbing: from the main diagonal; stuck → K random in-row moves, rows 0, 1, … (cyclically), column nextInt(n). */
const hillClimbing = descent(
  function* (s) {
    yield* clearBoard(s);
    yield* inChunks(s, s.b.n, (from, to) => {
      for (let r = from; r < to; r++) s.b.place(r, r);
    });
  },
  ({ b, rng, stats, o }) => {
    stats.escapes++;
    for (let k = 0; k < o.escapeMoves; k++) b.moveTo(k % b.n, rng.nextInt(b.n));
    return undefined;
  },
  true,
);

/** Random-restart hill climbing: stuck → a fresh random start. */
const restart = descent(
  randomStart,
  function* (s) {
    s.stats.restarts++;
    yield* randomStart(s);
  },
  false,
);

const annealing: Body = function* (s) {
  const { b, rng, stats, o } = s;
  const n = b.n;
  s.left = yield;
  yield* randomStart(s);
  let t = o.t0;
  for (;;) {
    if (s.left <= 0) s.left = yield;
    if (b.pairs === 0) return SOLVED;
    if (stats.steps >= o.maxSteps) return LIMIT;
    stats.steps++;
    const r = rng.nextInt(n);
    const c = b.pos[r]!;
    let x = rng.nextInt(n - 1);
    if (x >= c) x++;
    const d = b.conflictsAt(r, x) - b.conflictsOf(r);
    if (d <= 0 || rng.nextFloat() < expNeg(d / t)) {
      b.moveTo(r, x);
      stats.moves++;
    }
    t = Math.max(t * o.alpha, o.tMin);
    s.left--;
  }
};

const minConflicts: Body = function* (s) {
  const { b, rng, stats, o } = s;
  const n = b.n;
  const pos = b.pos;
  s.left = yield;
  // Start: a random permutation (Fisher–Yates from the end over the identity, as Rng.shuffle).
  yield* clearBoard(s);
  yield* inChunks(s, n, (from, to) => {
    for (let r = from; r < to; r++) pos[r] = r;
  });
  yield* inChunks(s, n, (from, to) => {
    // k counts the swaps: i = n−1−k goes n−1 down to 1.
    for (let k = from; k < to; k++) {
      const i = n - 1 - k;
      if (i <= 0) break;
      const j = rng.nextInt(i + 1);
      const t = pos[i]!;
      pos[i] = pos[j]!;
      pos[j] = t;
    }
  });
  yield* inChunks(s, n, (from, to) => {
    for (let r = from; r < to; r++) b.place(r, pos[r]!);
  });
  const ties = new Int32Array(n);
  for (;;) {
    if (s.left <= 0) s.left = yield;
    if (b.pairs === 0) return SOLVED;
    if (stats.steps >= o.maxSteps) return LIMIT;
    stats.steps++;
    // The row: draws until an attacked one, CHUNK draws per budget unit (few rows may be attacked).
    let r = -1;
    while (r < 0) {
      if (s.left <= 0) s.left = yield;
      for (let k = 0; k < CHUNK; k++) {
        const t = rng.nextInt(n);
        if (b.conflictsOf(t) !== 0) {
          r = t;
          break;
        }
      }
      s.left--;
    }
    const c = pos[r]!;
    let min = Infinity;
    let count = 0;
    for (let x0 = 0; x0 < n; x0 += CHUNK) {
      if (s.left <= 0) s.left = yield;
      const end = Math.min(n, x0 + CHUNK);
      for (let x = x0; x < end; x++) {
        const v = x === c ? b.conflictsOf(r) : b.conflictsAt(r, x);
        if (v < min) {
          min = v;
          count = 0;
        }
        if (v === min) ties[count++] = x;
      }
      s.left--;
    }
    const x = count === 1 ? ties[0]! : ties[rng.nextInt(count)]!;
    if (x !== c) {
      b.moveTo(r, x);
      stats.moves++;
    }
  }
};

/** Attempts without an improving swap after which `fast` starts over. */
export const fastStallLimit = (n: number): number => 8 * n + 1024;

const fast: Body = function* (s) {
  const { b, rng, stats, o } = s;
  const n = b.n;
  const { pos, d1, d2 } = b;
  const attacked = (r: number) => b.conflictsOf(r) > 0;
  s.left = yield;
  for (;;) {
    // Phase 1: greedy permutation. Row i takes a random column among those not yet used; kept when
    // its diagonals are free, for at most 3n attempts.
    yield* inChunks(
      s,
      n,
      (from, to) => {
        b.clearRows(from, to);
        for (let r = from; r < to; r++) pos[r] = r;
      },
      FAST_CHUNK_COST,
    );
    if (s.left <= 0) s.left = yield;
    let i = 0;
    for (let attempts = 0; i < n && attempts < 3 * n; attempts++) {
      if (stats.steps >= o.maxSteps) return LIMIT;
      stats.steps++;
      const j = i + rng.nextInt(n - i);
      const c = pos[j]!;
      if (d1[i + c] === 0 && d2[i - c + n - 1] === 0) {
        pos[j] = pos[i]!;
        b.place(i, c);
        i++;
      }
      if (--s.left <= 0) s.left = yield;
    }
    const m = i;
    // The rest at random (forward Fisher–Yates over rows m..n−1), then counted.
    yield* inChunks(
      s,
      n - m,
      (from, to) => {
        for (let k = m + from; k < Math.min(m + to, n - 1); k++) {
          const j = k + rng.nextInt(n - k);
          const t = pos[k]!;
          pos[k] = pos[j]!;
          pos[j] = t;
        }
      },
      FAST_CHUNK_COST,
    );
    yield* inChunks(
      s,
      n - m,
      (from, to) => {
        for (let k = m + from; k < m + to; k++) b.place(k, pos[k]!);
      },
      FAST_CHUNK_COST,
    );
    if (s.left <= 0) s.left = yield;
    // Phase 2: repair by swaps. Cursor i visits the attacked rows of [lo, n) cyclically; each step
    // swaps row i with a random row j and keeps the swap only when the attacking pairs decrease.
    let lo = m;
    i = m < n ? m : 0;
    let stall = 0;
    for (;;) {
      if (b.pairs === 0) return SOLVED;
      if (!attacked(i)) {
        let k = i;
        do {
          k++;
          if (k >= n) k = lo;
        } while (k !== i && !attacked(k));
        if (!attacked(k)) {
          lo = 0;
          k = 0;
          while (!attacked(k)) k++;
        }
        i = k;
      }
      if (stats.steps >= o.maxSteps) return LIMIT;
      stats.steps++;
      const j = rng.nextInt(n);
      if (j !== i && b.swapRows(i, j) < 0) {
        stats.moves++;
        stall = 0;
      } else {
        if (j !== i) b.swapRows(i, j);
        stall++;
      }
      if (--s.left <= 0) s.left = yield;
      if (stall > fastStallLimit(n)) break;
    }
    stats.restarts++;
  }
};

const constructBody: Body = function* (s) {
  const { b, stats } = s;
  s.left = yield;
  // Rows in chunks; steps count the rows written.
  yield* inChunks(s, b.n, (from, to) => {
    constructRows(b.n, b.pos, from, to);
    stats.steps = to;
  });
  return SOLVED;
};

const BODIES: Record<NormalizedQueensOptions['algorithm'], Body> = {
  'hill-climbing': hillClimbing,
  restart,
  annealing,
  'min-conflicts': minConflicts,
  fast,
  construct: constructBody,
};

/** N = 2 and 3 have no solution: every algorithm ends at once with 'unsolvable'. */
export const unsolvableN = (n: number): boolean => n === 2 || n === 3;

/**
 * A queens solve on the TypeScript reference backend, as a {@link QueensRun} to step (options from {@link normalizeQueensOptions}).
 */
export function createTsQueensRun(options: NormalizedQueensOptions): QueensRun {
  checkObject(options, 'options');
  // Checked (and any default filled) as a solve's options are: once per run, not per step.
  const o = normalizeQueensOptions(
    reading('options', () => options.n),
    options,
  );
  const b = new QueenBoard(o.n, o.algorithm === 'construct');
  const stats: QueensStats = { steps: 0, moves: 0, escapes: 0, restarts: 0, conflicts: 0 };
  const s: State = { o, b, rng: new Rng(o.seed), stats, history: [], left: 0 };
  let outcome: QueensOutcome | null = unsolvableN(o.n) ? { kind: 'unsolvable' } : null;
  const gen = BODIES[o.algorithm](s);
  gen.next(0); // to the first `yield`: bodies receive their first budget there
  return {
    step(budget: number): QueensOutcome | null {
      if (outcome !== null) return outcome;
      const r = gen.next(Math.max(1, Math.floor(budget)));
      if (r.done === true) outcome = r.value;
      return outcome;
    },
    stats: () => ({ ...stats, conflicts: b.pairs }),
    positions: () => b.pos.slice(),
    history: () => s.history.slice(),
    dispose(): void {
      /* nothing to free */
    },
  };
}
