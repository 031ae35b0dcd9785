/**
 * Parallel IDA* (docs/contracts/search.md "Parallel IDA*"), generic over `Problem` and over where a
 * subtree is searched (this thread, a worker pool, a job queue: the caller's `search`).
 *
 * Each iteration at threshold T walks the top of the tree here (visit of the idastar contract) down
 * to a split depth; every node entered there becomes a subtree, searched elsewhere with the same T.
 * The iteration ends when all subtrees are done; the next threshold is the least f over T of the top
 * and of every subtree. The counters of a full iteration are the sequential run's exactly (a sum over
 * a partition of its nodes). In the first iteration with a goal the answer is the goal first in
 * depth-first order — the sequential run's own path — so subtrees after one that found a goal are
 * stopped, those before it finish.
 *
 * The top of a split iteration is planned by `planTop` from a plain-JSON request (the threshold, the
 * split's parameters, the last iteration's subtree sizes): here, or by `options.walkTop` elsewhere (a
 * worker holding the heuristic's tables, so that a queue's producer needs none).
 */
import { expand, pathActions, rootNode, type Node, type Problem } from './problem.js';
import type { SearchCounters } from './types.js';
import { newCounters } from './algorithms.js';
import { DISCARDED } from '../core/pool.js';

/** One subtree of one iteration: its root is the node reached from the start by `path`. */
export interface SubtreeJob<A> {
  /** From 1; 0 for the probe asking the first threshold (the start at threshold −1) when tops are walked elsewhere. */
  iteration: number;
  /** Position of the subtree in depth-first order among the iteration's subtrees (and goals above the split). */
  index: number;
  path: readonly A[];
  threshold: number;
  /** Expansions it may do: the run's node budget left when its iteration's subtrees began (the same on a replay). */
  maxNodes: number;
}

/**
 * A subtree's answer in a parallel IDA* iteration: found (with the moves), exhausted (with the next
 * threshold), out of nodes, or stopped, and its counters.
 */
export interface SubtreeAnswer<A> {
  /** stopped: its signal aborted it (counters so far). */
  outcome: 'found' | 'exhausted' | 'node-limit' | 'stopped';
  /** found: the actions from the subtree's root to the goal. */
  moves?: A[];
  /** exhausted: the least f over the threshold (Infinity: nothing was cut). */
  next?: number;
  counters: SearchCounters;
}

/** Searches one subtree; resolves with outcome 'stopped' (never rejects) when `signal` aborts it. */
export type SubtreeSearch<A> = (job: SubtreeJob<A>, signal: AbortSignal, onProgress: (counters: SearchCounters) => void) => Promise<SubtreeAnswer<A>>;

/** What one iteration did (its own counters, not cumulative). */
export interface IterationReport {
  iteration: number;
  threshold: number;
  /** The least f over the threshold (Infinity: none); NaN when the iteration did not finish. */
  next: number;
  /** Subtrees searched (after a goal or a stop: those started), and the iteration's subtree count. */
  subtrees: number;
  /** The split depth (subtrees of too big a size in the previous iteration were cut deeper). */
  splitDepth: number;
  expanded: number;
  generated: number;
  timeMs: number;
}

/** Where the running iteration stands (beside the counters of onProgress). */
export interface IterationProgress {
  iteration: number;
  threshold: number;
  splitDepth: number;
  /** The iteration's subtrees (goals above the split included), and how many of them finished. */
  subtrees: number;
  done: number;
}

/**
 * What the top of one split iteration is planned from (plain JSON: it may be a queue job's); the
 * answer depends on nothing else (planTop).
 */
export interface TopRequest {
  threshold: number;
  /** Given; auto (absent): from 1, deepened while there are fewer than `wanted` subtrees or they are expected above `targetSubtreeNodes`. */
  splitDepth?: number;
  wanted: number;
  width: number;
  minSubtreeNodes: number;
  /** null: no target (Infinity). */
  targetSubtreeNodes: number | null;
  /** Expansions the walk may do (null: no limit). */
  maxNodes: number | null;
  /** The last iteration's subtree sizes. */
  history: SizeSnapshot;
}

/** The last finished iteration's expansions per subtree root path (every prefix at or below its split depth). */
export interface SizeSnapshot {
  /** [the path's actions joined by commas, expanded]. */
  sizes: [string, number][];
  total: number;
  growth: number;
}

/** The planned top of an iteration: its subtrees (and goals above the split) in depth-first order. */
export interface TopAnswer<A> {
  items: { kind: 'subtree' | 'goal'; path: A[] }[];
  /** The least f over the threshold among the nodes cut in the top (null: none). */
  next: number | null;
  counters: SearchCounters;
  /** The walk reached `maxNodes`. */
  limit: boolean;
  splitDepth: number;
}

export interface ParallelIdaOptions<A> {
  /** How many subtrees run at once (the workers). */
  width: number;
  search: SubtreeSearch<A>;
  /** The least split depth; default: the least giving at least `subtreesPerWorker` × width subtrees. */
  splitDepth?: number;
  /** Default 8. */
  subtreesPerWorker?: number;
  /**
   * Auto split only: an iteration expected to expand fewer nodes (the last one's times its growth;
   * and the first iteration) is one subtree, its root the start (default 0: always split).
   * Saves the cost of many small jobs where there is little to share. A function is asked at every
   * iteration (a batch says Infinity while other instances keep the workers busy).
   */
  minSplitNodes?: number | (() => number);
  /**
   * The auto split is not deepened past where the iteration's expected expansions per subtree fall
   * below this, and no subtree is cut deeper where its parts would be expected below it (default 0):
   * a job must be worth its cost (a queue's round trip).
   */
  minSubtreeNodes?: number;
  /**
   * Auto split only: deepen the split (past `subtreesPerWorker` × width) while the expected expansions
   * per subtree are above this (default Infinity). Smaller subtrees waste less in the last iteration,
   * where the subtrees running beside the one that finds the goal are stopped unfinished.
   */
  targetSubtreeNodes?: number;
  /**
   * Plans the top of split iterations elsewhere (planTop where the problem's heuristic is: a queue's
   * worker); default here. With it the problem is not needed here and its h never called: the first
   * threshold is asked of `search` (the start at threshold −1 expands nothing and answers its f).
   * A rejection once the signal aborted ends the run as aborted; any other is thrown.
   */
  walkTop?: (request: TopRequest) => Promise<TopAnswer<A>>;
  /** Stop (node-limit) once the expansions reach it; checked between subtrees, each gets what is left. */
  maxNodes?: number;
  signal?: AbortSignal;
  /** After every iteration that finished. */
  onIteration?: (report: IterationReport, total: SearchCounters) => void;
  /** The counters so far (finished subtrees plus running ones' last progress), and the iteration's subtrees. */
  onProgress?: (total: SearchCounters, at: IterationProgress) => void;
}

export type ParallelIdaOutcome<A> =
  | { kind: 'found'; moves: A[]; iteration: number; index: number; path: A[] }
  | { kind: 'exhausted' }
  | { kind: 'node-limit' }
  | { kind: 'aborted' };

export interface ParallelIdaResult<A> {
  outcome: ParallelIdaOutcome<A>;
  counters: SearchCounters;
  iterations: IterationReport[];
}

/** A subtree deeper than this many levels below the split depth is not cut further. */
const MAX_EXTRA_DEPTH = 6;
/** A subtree whose expected size is above the iteration's expected total over (this × width) is cut deeper. */
const BALANCE = 16;

/** A subtree's root or a goal above the split, by the actions from the start. */
type Item<A> = { kind: 'subtree' | 'goal'; path: A[] };

interface Top<A> {
  items: Item<A>[];
  next: number;
  counters: SearchCounters;
  limit: boolean;
}

const keyOf = <A>(path: readonly A[]): string => path.map(String).join(',');

/**
 * The top of one iteration: visit of the idastar contract from the start, except that a node
 * entered at `depth` (or deeper, where `deeper` says so) is not expanded here but becomes a subtree.
 */
function walkTop<S, A>(problem: Problem<S, A>, threshold: number, depth: number, deeper: (node: Node<S, A>) => boolean, maxNodes: number): Top<A> {
  const top: Top<A> = { items: [], next: Infinity, counters: newCounters(), limit: false };
  const c = top.counters;
  const visit = (node: Node<S, A>): void => {
    if (top.limit) return;
    if (node.depth > c.maxFrontier) c.maxFrontier = node.depth;
    const f = node.g + problem.h(node.state);
    if (f > threshold) {
      if (f < top.next) top.next = f;
      return;
    }
    if (node.depth >= depth && !deeper(node)) {
      top.items.push({ kind: 'subtree', path: pathActions(node) });
      return;
    }
    if (problem.isGoal(node.state)) {
      top.items.push({ kind: 'goal', path: pathActions(node) });
      return;
    }
    if (c.expanded >= maxNodes) {
      top.limit = true;
      return;
    }
    c.expanded++;
    for (const child of expand(problem, node)) {
      c.generated++;
      visit(child);
    }
  };
  visit(rootNode(problem));
  return top;
}

/** A bound as JSON has it: null for none (Infinity). */
const orNull = (x: number): number | null => (Number.isFinite(x) ? x : null);

/**
 * The top of one split iteration at `request.threshold`: walkTop at the split depth (given, or auto:
 * deepened while there are too few subtrees or they are expected too big, as long as a level deeper
 * gives more and keeps them above minSubtreeNodes), big subtrees of the last iteration cut deeper.
 */
export function planTop<S, A>(problem: Problem<S, A>, request: TopRequest): TopAnswer<A> {
  const history = SizeHistory.from(request.history);
  const { threshold, width, wanted, minSubtreeNodes } = request;
  const budget = request.maxNodes ?? Infinity;
  const target = request.targetSubtreeNodes ?? Infinity;
  const walk = (depth: number): Top<A> =>
    walkTop(problem, threshold, depth, (n) => n.depth < depth + MAX_EXTRA_DEPTH && history.tooBig(pathActions(n), width, minSubtreeNodes), budget);
  let splitDepth = request.splitDepth ?? 1;
  let top = walk(splitDepth);
  // A deeper split only moves nodes from the subtrees to the top, which is walked in one thread.
  while (request.splitDepth === undefined && !top.limit && (top.items.length < wanted || history.expected() / top.items.length > target)) {
    const deeper = walk(splitDepth + 1);
    if (deeper.limit || deeper.items.length <= top.items.length) break;
    if (history.expected() / deeper.items.length < minSubtreeNodes) break;
    top = deeper;
    splitDepth++;
  }
  return { items: top.items, next: orNull(top.next), counters: top.counters, limit: top.limit, splitDepth };
}

/** Subtree sizes of the last iteration by root path (every prefix at or below the split depth), to cut big ones deeper. */
class SizeHistory {
  private sizes = new Map<string, number>();
  private total = 0;
  private growth = 1;

  static from(snapshot: SizeSnapshot): SizeHistory {
    const h = new SizeHistory();
    h.sizes = new Map(snapshot.sizes);
    h.total = snapshot.total;
    h.growth = snapshot.growth;
    return h;
  }

  /** Sorted by path: a request's JSON (a queue job's key) must not depend on the order subtrees finished in. */
  snapshot(): SizeSnapshot {
    return { sizes: [...this.sizes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)), total: this.total, growth: this.growth };
  }

  record(answers: ReadonlyMap<readonly unknown[], number>, splitDepth: number, iterationTotal: number): void {
    const sizes = new Map<string, number>();
    for (const [path, expanded] of answers) {
      for (let k = splitDepth; k <= path.length; k++) {
        const key = keyOf(path.slice(0, k));
        sizes.set(key, (sizes.get(key) ?? 0) + expanded);
      }
    }
    if (this.total > 0) this.growth = Math.max(1, iterationTotal / this.total);
    this.sizes = sizes;
    this.total = iterationTotal;
  }

  /** The next iteration's expected expansions (0 before any iteration finished). */
  expected(): number {
    return this.total * this.growth;
  }

  /**
   * Whether the subtree at `path` is expected to be too big for `width` workers: its size in the last
   * iteration times the growth, or, for a node below the last iteration's cut, its deepest recorded
   * ancestor's shared by a branching factor of 2 per level (an overestimate on sliding tiles, whose
   * trees branch by 2.1–2.4: such a subtree is cut a little deeper than needed, never too shallow).
   * Without that, a cut could only deepen by one level per iteration while the trees grow by a
   * whole level's branching or more per iteration. Never cut where its children (half of it, by the
   * same estimate) are expected below `minNodes` (a job must be worth its cost: a queue's round trip).
   */
  tooBig(path: readonly unknown[], width: number, minNodes: number): boolean {
    for (let k = path.length; k >= 0; k--) {
      const size = this.sizes.get(keyOf(path.slice(0, k)));
      if (size === undefined) continue;
      const estimate = size / 2 ** (path.length - k);
      return estimate > this.total / (BALANCE * width) && (estimate * this.growth) / 2 >= minNodes;
    }
    return false;
  }
}

const add = (into: SearchCounters, c: SearchCounters): void => {
  into.expanded += c.expanded;
  into.generated += c.generated;
  if (c.maxFrontier > into.maxFrontier) into.maxFrontier = c.maxFrontier;
};

/** IDA* with every iteration's subtrees searched `width` at a time by `options.search`. */
export async function parallelIdaStar<S, A>(problem: Problem<S, A> | undefined, options: ParallelIdaOptions<A>): Promise<ParallelIdaResult<A>> {
  const { width, search, signal } = options;
  const maxNodes = options.maxNodes ?? Infinity;
  const wanted = (options.subtreesPerWorker ?? 8) * width;
  const total = newCounters();
  const iterations: IterationReport[] = [];
  const history = new SizeHistory();
  const aborted = (): boolean => signal?.aborted === true;
  const stopped = (): ParallelIdaResult<A> => ({ outcome: { kind: 'aborted' }, counters: total, iterations });
  let walkTop: (request: TopRequest) => Promise<TopAnswer<A>>;
  let threshold: number;
  if (options.walkTop !== undefined) {
    walkTop = options.walkTop;
    const probe = await search({ iteration: 0, index: 0, path: [], threshold: -1, maxNodes }, signal ?? new AbortController().signal, () => undefined);
    add(total, probe.counters);
    if (probe.outcome === 'stopped') return stopped();
    if (probe.outcome !== 'exhausted') return { outcome: { kind: 'node-limit' }, counters: total, iterations };
    threshold = probe.next!;
  } else {
    if (problem === undefined) throw new TypeError('parallelIdaStar: give the problem, or options.walkTop');
    walkTop = async (request) => planTop(problem, request);
    const start = rootNode(problem);
    threshold = start.g + problem.h(start.state);
  }

  for (let iteration = 1; ; iteration++) {
    if (aborted()) return stopped();
    if (threshold === Infinity) return { outcome: { kind: 'exhausted' }, counters: total, iterations };
    const began = globalThis.performance.now();
    total.iterations++;
    const budget = maxNodes - total.expanded;
    const minSplit = typeof options.minSplitNodes === 'function' ? options.minSplitNodes() : (options.minSplitNodes ?? 0);
    const whole = options.splitDepth === undefined && minSplit > 0 && (iteration === 1 || history.expected() < minSplit);
    let top: TopAnswer<A>;
    if (whole) {
      // The start is the one subtree (never cut: the threshold is at least its f), no h asked here.
      top = { items: [{ kind: 'subtree', path: [] }], next: null, counters: newCounters(), limit: false, splitDepth: 0 };
    } else {
      const request: TopRequest = {
        threshold,
        wanted,
        width,
        minSubtreeNodes: options.minSubtreeNodes ?? 0,
        targetSubtreeNodes: orNull(options.targetSubtreeNodes ?? Infinity),
        maxNodes: orNull(budget),
        history: history.snapshot(),
      };
      if (options.splitDepth !== undefined) request.splitDepth = options.splitDepth;
      try {
        top = await walkTop(request);
      } catch (e) {
        if (aborted()) return stopped();
        throw e;
      }
    }
    const { splitDepth } = top;
    const counters = { ...top.counters };
    const report: IterationReport = {
      iteration,
      threshold,
      next: NaN,
      subtrees: 0,
      splitDepth,
      expanded: 0,
      generated: 0,
      timeMs: 0,
    };
    const finish = (): void => {
      report.expanded = counters.expanded;
      report.generated = counters.generated;
      report.timeMs = globalThis.performance.now() - began;
      add(total, counters);
      iterations.push(report);
    };
    if (top.limit) {
      finish();
      return { outcome: { kind: 'node-limit' }, counters: total, iterations };
    }
    const run = await runSubtrees(top.items, {
      iteration,
      threshold,
      splitDepth,
      width,
      search,
      signal,
      maxNodes: budget - counters.expanded,
      counters,
      total,
      onProgress: options.onProgress,
    });
    report.subtrees = run.started;
    if (run.error !== undefined) throw run.error.cause;
    if (run.found !== undefined) {
      finish();
      const { path, moves } = run.found;
      return { outcome: { kind: 'found', moves: [...path, ...moves], iteration, index: run.found.index, path }, counters: total, iterations };
    }
    if (run.stopped !== undefined) {
      finish();
      return { outcome: { kind: run.stopped }, counters: total, iterations };
    }
    report.next = Math.min(top.next ?? Infinity, run.next);
    finish();
    options.onIteration?.(report, { ...total });
    history.record(run.sizes, splitDepth, counters.expanded);
    threshold = report.next;
  }
}

interface IterationRun<A> {
  /** The goal first in depth-first order: its item's path, and the actions from there. */
  found?: { index: number; path: A[]; moves: A[] };
  stopped?: 'node-limit' | 'aborted';
  error?: { cause: unknown };
  next: number;
  started: number;
  /** Expanded per subtree root path (full iterations only). */
  sizes: Map<readonly A[], number>;
}

interface IterationContext<A> {
  iteration: number;
  threshold: number;
  splitDepth: number;
  width: number;
  search: SubtreeSearch<A>;
  signal?: AbortSignal;
  maxNodes: number;
  /** This iteration's counters (the top's already in), and the run's before it. */
  counters: SearchCounters;
  total: SearchCounters;
  onProgress?: (total: SearchCounters, at: IterationProgress) => void;
}

/** Runs the subtrees of one iteration `width` at a time, in depth-first order. */
function runSubtrees<A>(items: readonly Item<A>[], ctx: IterationContext<A>): Promise<IterationRun<A>> {
  const result: IterationRun<A> = { next: Infinity, started: 0, sizes: new Map() };
  // A goal above the split is an answer already: only the subtrees before it can hold an earlier one.
  let firstGoal = items.findIndex((item) => item.kind === 'goal');
  if (firstGoal >= 0) result.found = { index: firstGoal, path: items[firstGoal]!.path, moves: [] };
  else firstGoal = items.length;
  const queue: number[] = [];
  for (let i = 0; i < firstGoal; i++) queue.push(i);
  const running = new Map<number, { controller: AbortController; progress: SearchCounters }>();
  let spent = 0; // expansions of finished subtrees
  let finished = 0;

  return new Promise((resolve) => {
    const stopAll = (why: 'node-limit' | 'aborted'): void => {
      result.stopped ??= why;
      queue.length = 0;
      for (const r of running.values()) r.controller.abort();
    };
    const onAbort = (): void => stopAll('aborted');
    ctx.signal?.addEventListener('abort', onAbort, { once: true });
    if (ctx.signal?.aborted === true) stopAll('aborted');

    const report = (): void => {
      if (ctx.onProgress === undefined) return;
      const now = { ...ctx.total };
      add(now, ctx.counters);
      for (const r of running.values()) add(now, r.progress);
      ctx.onProgress(now, { iteration: ctx.iteration, threshold: ctx.threshold, splitDepth: ctx.splitDepth, subtrees: items.length, done: finished });
    };
    const settle = (): void => {
      if (running.size > 0) return;
      ctx.signal?.removeEventListener('abort', onAbort);
      if (result.found !== undefined) delete result.stopped; // a goal found before the stop is the answer
      resolve(result);
    };
    const launch = (): void => {
      while (running.size < ctx.width && queue.length > 0) {
        const index = queue.shift()!;
        const item = items[index]!;
        const controller = new AbortController();
        const entry = { controller, progress: newCounters() };
        running.set(index, entry);
        result.started++;
        const path = item.path;
        const job: SubtreeJob<A> = { iteration: ctx.iteration, index, path, threshold: ctx.threshold, maxNodes: ctx.maxNodes };
        ctx
          .search(job, controller.signal, (c) => {
            entry.progress = c;
            report();
          })
          .then(
            (answer) => done(index, path, answer),
            (error: unknown) => {
              running.delete(index);
              if (result.error === undefined) {
                result.error = { cause: error };
                stopAll('aborted');
              }
              settle();
            },
          );
      }
      settle();
    };
    const done = (index: number, path: readonly A[], answer: SubtreeAnswer<A>): void => {
      running.delete(index);
      finished++;
      add(ctx.counters, answer.counters);
      spent += answer.counters.expanded;
      result.sizes.set(path, answer.counters.expanded);
      if (answer.outcome === 'found' && (result.found === undefined || index < result.found.index)) {
        result.found = { index, path: items[index]!.path, moves: answer.moves ?? [] };
        // Later subtrees cannot hold the first goal: stop them; earlier ones go on.
        for (let q = queue.length - 1; q >= 0; q--) if (queue[q]! > index) queue.splice(q, 1);
        for (const [i, r] of running) if (i > index) r.controller.abort(DISCARDED);
      } else if (answer.outcome === 'exhausted' && answer.next! < result.next) result.next = answer.next!;
      if (answer.outcome === 'node-limit' || spent >= ctx.maxNodes) stopAll('node-limit');
      report();
      launch();
    };
    report(); // the iteration's subtrees are known
    launch();
  });
}
