/**
 * The reference search algorithms, generic over `Problem` (problem.ts), following
 * docs/contracts/search.md to the letter: the WASM kernels must reproduce these node counts.
 *
 * Every search is a generator: it yields (the live counters) every `limits.sliceSize` expansions
 * so that a driver (solve.ts) can check a timeout or an AbortSignal, report progress and keep a
 * browser responsive; it returns a `SearchOutcome`. `runToEnd` drains one without pausing.
 */
import { expand, rootNode, type Node, type Problem, type StateKey } from './problem.js';
import type { MemoryAccount } from '../core/memory.js';
import type { SearchCounters } from './types.js';

export type SearchOutcome<S, A> =
  | { kind: 'found'; node: Node<S, A> }
  | { kind: 'exhausted' }
  | { kind: 'node-limit' }
  /** What the search stores passed `limits.memory` (its limit or the shared budget). */
  | { kind: 'memory-limit' };

export type SearchGenerator<S, A> = Generator<SearchCounters, SearchOutcome<S, A>, void>;

export interface SearchLimits {
  /** Stop (outcome node-limit) before an expansion once `expanded >= maxNodes`. Default Infinity. */
  maxNodes?: number;
  /** Expansions between two yields. Read at every yield point, so a driver may change it. */
  sliceSize?: number;
  /**
   * Counts the bytes the search stores (reached table, open list or queue, nodes); when a charge is
   * refused the search ends with outcome memory-limit. Omitted: unlimited.
   */
  memory?: MemoryAccount;
}

/**
 * Estimated V8 heap bytes per stored item, measured on Node 20 (64-bit, pointer compression off):
 * a search node object, an open-list entry (object plus heap slot), a reached-table entry (Map or
 * Set). The state itself is `problem.stateBytes` (STATE_BYTES when the problem does not say).
 */
export const NODE_BYTES = 56;
export const ENTRY_BYTES = 48;
export const REACHED_BYTES = 40;
export const STATE_BYTES = 64;

/** Charges one stored node (and its reached entry when `isNew`); false when the memory limit refuses. */
function store<S, A>(problem: Problem<S, A>, limits: SearchLimits, node: Node<S, A>, frontierBytes: number, isNew: boolean): boolean {
  if (limits.memory === undefined) return true;
  const state = problem.stateBytes?.(node.state) ?? STATE_BYTES;
  return limits.memory.charge(NODE_BYTES + state + frontierBytes + (isNew ? REACHED_BYTES : 0));
}

export const DEFAULT_SLICE = 4096;

export function newCounters(): SearchCounters {
  return { expanded: 0, generated: 0, unique: 0, maxFrontier: 0, iterations: 0 };
}

/** Drive a search to its end without pausing. */
export function runToEnd<R>(search: Generator<unknown, R, void>): R {
  for (;;) {
    const step = search.next();
    if (step.done === true) return step.value;
  }
}

/** Counts expansions since the last yield; shared by nested generators (IDA*'s iterations). */
interface Slice {
  since: number;
}

/** Before an expansion: true (and a new slice begins) when the generator must yield first. */
function sliceDue(slice: Slice, limits: SearchLimits): boolean {
  if (slice.since < (limits.sliceSize ?? DEFAULT_SLICE)) return false;
  slice.since = 0;
  return true;
}

/** Count one expansion, in the totals and in the current slice. */
function countExpansion(slice: Slice, counters: SearchCounters): void {
  counters.expanded++;
  slice.since++;
}

// ---------------------------------------------------------------------------------------------
// Best-first family

/** An open-list entry. Ordered by f ascending, then LARGER g first, then earlier insertion. */
export interface Entry<S, A> {
  readonly f: number;
  readonly seq: number;
  readonly node: Node<S, A>;
}

export function before<S, A>(a: Entry<S, A>, b: Entry<S, A>): boolean {
  if (a.f !== b.f) return a.f < b.f;
  if (a.node.g !== b.node.g) return a.node.g > b.node.g;
  return a.seq < b.seq;
}

/** A binary min-heap keyed by (f, -g, seq). seq values are unique, so the order is total. */
export class OpenList<S, A> {
  private readonly heap: Entry<S, A>[] = [];

  get size(): number {
    return this.heap.length;
  }

  /** The entries in heap order (not pop order): for the step API's view of the open list. */
  entries(): readonly Entry<S, A>[] {
    return this.heap;
  }

  push(entry: Entry<S, A>): void {
    const h = this.heap;
    let i = h.length;
    h.push(entry);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(entry, h[parent]!)) break;
      h[i] = h[parent]!;
      i = parent;
    }
    h[i] = entry;
  }

  pop(): Entry<S, A> | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const r = l + 1;
      const c = r < h.length && before(h[r]!, h[l]!) ? r : l;
      if (!before(h[c]!, last)) break;
      h[i] = h[c]!;
      i = c;
    }
    h[i] = last;
    return top;
  }
}

export interface BestFirstOptions {
  /** false for Dijkstra: settle every reachable state, remember the goal when it is popped. */
  stopAtGoal?: boolean;
  /** The reached table (key → best g) to fill; pass one in to read it afterwards. */
  reached?: Map<StateKey, number>;
  /**
   * false (greedy): a state is pushed only when first reached, never again for a cheaper g, so a
   * closed state is never reopened (contract: "greedy"). Default true.
   */
  reopen?: boolean;
}

/**
 * Best-first search on the priority f(node) (contract: "Best-first family"). A state is pushed
 * again when reached by a cheaper path (unless `reopen` is false); the older entry becomes stale
 * and is dropped when popped.
 */
export function* bestFirstSearch<S, A>(
  problem: Problem<S, A>,
  f: (node: Node<S, A>) => number,
  limits: SearchLimits = {},
  counters: SearchCounters = newCounters(),
  options: BestFirstOptions = {},
): SearchGenerator<S, A> {
  const maxNodes = limits.maxNodes ?? Infinity;
  const stopAtGoal = options.stopAtGoal ?? true;
  const reached = options.reached ?? new Map<StateKey, number>();
  const reopen = options.reopen ?? true;
  const open = new OpenList<S, A>();
  const slice: Slice = { since: 0 };
  let seq = 0;
  let goal: Node<S, A> | undefined;

  const root = rootNode(problem);
  if (!store(problem, limits, root, ENTRY_BYTES, true)) return { kind: 'memory-limit' };
  open.push({ f: f(root), seq: seq++, node: root });
  reached.set(problem.key(root.state), 0);
  counters.unique = reached.size;
  counters.maxFrontier = 1;
  counters.iterations = 1;

  for (;;) {
    const entry = open.pop();
    if (entry === undefined) return goal !== undefined ? { kind: 'found', node: goal } : { kind: 'exhausted' };
    const node = entry.node;
    if (node.g > reached.get(problem.key(node.state))!) continue; // stale
    if (goal === undefined && problem.isGoal(node.state)) {
      if (stopAtGoal) return { kind: 'found', node };
      goal = node; // popped first with the least g: optimal; keep settling the rest
    }
    if (counters.expanded >= maxNodes) return { kind: 'node-limit' };
    if (sliceDue(slice, limits)) yield counters;
    countExpansion(slice, counters);
    for (const child of expand(problem, node)) {
      counters.generated++;
      const key = problem.key(child.state);
      const old = reached.get(key);
      if (old === undefined || (reopen && child.g < old)) {
        if (!store(problem, limits, child, ENTRY_BYTES, old === undefined)) return { kind: 'memory-limit' };
        reached.set(key, child.g);
        open.push({ f: f(child), seq: seq++, node: child });
        if (open.size > counters.maxFrontier) counters.maxFrontier = open.size;
      }
    }
    counters.unique = reached.size;
  }
}

// The family, each one choice of f (aima-python search4e style).

export const astar = <S, A>(p: Problem<S, A>, limits?: SearchLimits, counters?: SearchCounters) =>
  bestFirstSearch(p, (n) => n.g + p.h(n.state), limits, counters);

export const uniformCostSearch = <S, A>(p: Problem<S, A>, limits?: SearchLimits, counters?: SearchCounters) => bestFirstSearch(p, (n) => n.g, limits, counters);

/** Greedy best-first: f = h, and a state is never pushed twice (no reopening). */
export const greedySearch = <S, A>(p: Problem<S, A>, limits?: SearchLimits, counters?: SearchCounters) =>
  bestFirstSearch(p, (n) => p.h(n.state), limits, counters, { reopen: false });

/** Weighted A*: f = g + w·h, computed exactly as `g + w * h` in f64 (both backends). */
export const weightedAstar = <S, A>(p: Problem<S, A>, weight: number, limits?: SearchLimits, counters?: SearchCounters) =>
  bestFirstSearch(p, (n) => n.g + weight * p.h(n.state), limits, counters);

/**
 * Dijkstra: the same f as UCS, but it does not stop at the goal. UCS only needs the frontier up
 * to the goal's cost and stops when the goal is popped; Dijkstra settles EVERY reachable state
 * (then the goal's path is the one recorded when it was popped).
 */
export const dijkstra = <S, A>(p: Problem<S, A>, limits?: SearchLimits, counters?: SearchCounters) =>
  bestFirstSearch(p, (n) => n.g, limits, counters, { stopAtGoal: false });

/** Cost of the cheapest path from the initial state to every reachable state (key → cost). */
export function dijkstraDistances<S, A>(problem: Problem<S, A>): Map<StateKey, number> {
  const reached = new Map<StateKey, number>();
  runToEnd(bestFirstSearch(problem, (n) => n.g, {}, newCounters(), { stopAtGoal: false, reached }));
  return reached;
}

/** Number of actions from the initial state to every reachable state (key → depth); plain BFS. */
export function bfsDistances<S, A>(problem: Problem<S, A>): Map<StateKey, number> {
  const dist = new Map<StateKey, number>();
  let depth = 0;
  for (const keys of bfsLayers(problem)) {
    for (const key of keys) dist.set(key, depth);
    depth++;
  }
  return dist;
}

/** The keys of the states at distance 0, 1, … from the initial state, a layer at a time (plain BFS: a caller may stop or yield between layers). */
export function* bfsLayers<S, A>(problem: Problem<S, A>): Generator<StateKey[], void, void> {
  const seen = new Set<StateKey>([problem.key(problem.initial)]);
  let layer: Node<S, A>[] = [rootNode(problem)];
  while (layer.length > 0) {
    yield layer.map((node) => problem.key(node.state));
    const next: Node<S, A>[] = [];
    for (const node of layer) {
      for (const child of expand(problem, node)) {
        const key = problem.key(child.state);
        if (seen.has(key)) continue;
        seen.add(key);
        next.push(child);
      }
    }
    layer = next;
  }
}

// ---------------------------------------------------------------------------------------------
// Breadth-first search

/** BFS with the goal test on generation (contract: "bfs"). */
export function* breadthFirstSearch<S, A>(problem: Problem<S, A>, limits: SearchLimits = {}, counters: SearchCounters = newCounters()): SearchGenerator<S, A> {
  const maxNodes = limits.maxNodes ?? Infinity;
  const slice: Slice = { since: 0 };
  const root = rootNode(problem);
  if (!store(problem, limits, root, 8, true)) return { kind: 'memory-limit' };
  const reached = new Set<StateKey>([problem.key(root.state)]);
  counters.unique = 1;
  counters.maxFrontier = 1;
  counters.iterations = 1;
  if (problem.isGoal(root.state)) return { kind: 'found', node: root };

  let queue: Node<S, A>[] = [root];
  let head = 0;
  for (;;) {
    if (head === queue.length) return { kind: 'exhausted' };
    const node = queue[head++]!;
    if (head > 65536 && head * 2 > queue.length) {
      queue = queue.slice(head); // drop the dequeued prefix now and then
      head = 0;
    }
    if (counters.expanded >= maxNodes) return { kind: 'node-limit' };
    if (sliceDue(slice, limits)) yield counters;
    countExpansion(slice, counters);
    for (const child of expand(problem, node)) {
      counters.generated++;
      const key = problem.key(child.state);
      if (reached.has(key)) continue;
      if (!store(problem, limits, child, 8, true)) return { kind: 'memory-limit' };
      reached.add(key);
      counters.unique = reached.size;
      if (problem.isGoal(child.state)) return { kind: 'found', node: child };
      queue.push(child);
      if (queue.length - head > counters.maxFrontier) counters.maxFrontier = queue.length - head;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Depth-first family: IDA*, depth-limited DFS, IDDFS share one bounded depth-first walk.

interface DepthFirstRules<S, A> {
  /** IDA*: cut a node whose f exceeds `bound` BEFORE its goal test, returning that f. */
  readonly f?: (node: Node<S, A>) => number;
  readonly bound?: number;
  /** DFS: a node at this depth is goal-tested but not expanded (returns depth + 1). */
  readonly leafDepth?: number;
  /** DFS: skip a child whose state is already on the current path (still counted as generated). */
  readonly avoidPathRepeats?: boolean;
  /** Where the walk starts (a subtree of parallel IDA*); default the problem's root node. */
  readonly root?: Node<S, A>;
}

type WalkResult<S, A> =
  | { kind: 'found'; node: Node<S, A> }
  | { kind: 'node-limit' }
  /** Nothing found: the least value that was cut off (Infinity when nothing was cut). */
  | { kind: 'cut'; next: number };

const EXPAND = 'expand';
const FOUND = 'found';
const LIMIT = 'limit';

/**
 * One depth-first walk from the root, written iteratively (an explicit stack) so that it can yield
 * between slices. It is the recursive `visit` of the contract:
 *   visit(node): [f > bound → return f]; goal → found; [depth = leafDepth → return depth+1];
 *                expanded >= maxNodes → node-limit; expanded++;
 *                for each child: generated++; [on path → skip]; m = min(m, visit(child)); return m
 * maxFrontier is the largest depth of any visited node (including nodes cut at the bound).
 */
function* boundedDepthFirst<S, A>(
  problem: Problem<S, A>,
  rules: DepthFirstRules<S, A>,
  limits: SearchLimits,
  counters: SearchCounters,
  slice: Slice,
): Generator<SearchCounters, WalkResult<S, A>, void> {
  const maxNodes = limits.maxNodes ?? Infinity;
  const bound = rules.bound ?? Infinity;
  const onPath = rules.avoidPathRepeats === true ? new Set<StateKey>() : null;
  interface Frame {
    readonly node: Node<S, A>;
    readonly children: Node<S, A>[];
    i: number;
    min: number;
  }
  const stack: Frame[] = [];

  const enter = (node: Node<S, A>): number | typeof EXPAND | typeof FOUND | typeof LIMIT => {
    if (node.depth > counters.maxFrontier) counters.maxFrontier = node.depth;
    if (rules.f !== undefined) {
      const f = rules.f(node);
      if (f > bound) return f;
    }
    if (problem.isGoal(node.state)) return FOUND;
    if (rules.leafDepth !== undefined && node.depth >= rules.leafDepth) return node.depth + 1;
    if (counters.expanded >= maxNodes) return LIMIT;
    return EXPAND;
  };

  let current = rules.root ?? rootNode(problem);
  let r = enter(current);
  for (;;) {
    if (r === FOUND) return { kind: 'found', node: current };
    if (r === LIMIT) return { kind: 'node-limit' };
    if (r === EXPAND) {
      if (sliceDue(slice, limits)) yield counters;
      countExpansion(slice, counters);
      // Children are built eagerly but counted as generated one by one, as the recursion does.
      stack.push({ node: current, children: expand(problem, current), i: 0, min: Infinity });
      onPath?.add(problem.key(current.state));
    } else {
      if (stack.length === 0) return { kind: 'cut', next: r };
      const parent = stack[stack.length - 1]!;
      if (r < parent.min) parent.min = r;
    }
    // Pick the next node to visit, returning from finished frames.
    for (;;) {
      const top = stack[stack.length - 1]!;
      if (top.i < top.children.length) {
        const child = top.children[top.i++]!;
        counters.generated++;
        if (onPath !== null && onPath.has(problem.key(child.state))) continue;
        current = child;
        r = enter(child);
        break;
      }
      stack.pop();
      onPath?.delete(problem.key(top.node.state));
      if (stack.length === 0) return { kind: 'cut', next: top.min };
      const parent = stack[stack.length - 1]!;
      if (top.min < parent.min) parent.min = top.min;
    }
  }
}

/** The threshold of the iteration in progress, kept up to date by `idaStar` for its caller. */
export interface Threshold {
  value: number;
}

/**
 * Thresholds of an IDA* run (contract "wida"): the first is at least `first` (a proven lower bound
 * skips the iterations below it); the run ends exhausted, its threshold the next one, instead of
 * starting an iteration above `last`.
 */
export interface ThresholdRange {
  first?: number;
  last?: number;
}

/**
 * IDA* (contract: "idastar"): bound = f(start), then the least f that exceeded the bound. `f`
 * defaults to g + h; weighted IDA* passes its own (contract: "wida"), which returns Infinity for a
 * node it prunes outright (never entered, never a next bound; a pruned root: exhausted).
 */
export function* idaStar<S, A>(
  problem: Problem<S, A>,
  limits: SearchLimits = {},
  counters: SearchCounters = newCounters(),
  f: (n: Node<S, A>) => number = (n) => n.g + problem.h(n.state),
  threshold: Threshold = { value: 0 },
  raise: (next: number) => number = (next) => next,
  range: ThresholdRange = {},
): SearchGenerator<S, A> {
  const slice: Slice = { since: 0 };
  let bound = Math.max(f(rootNode(problem)), range.first ?? 0);
  for (;;) {
    counters.iterations++;
    threshold.value = bound; // Infinity once exhausted: no threshold is left
    if (bound === Infinity) return { kind: 'exhausted' };
    const r = yield* boundedDepthFirst(problem, { f, bound }, limits, counters, slice);
    if (r.kind !== 'cut') return r;
    if (r.next === Infinity) {
      threshold.value = Infinity;
      return { kind: 'exhausted' };
    }
    bound = raise(r.next);
    if (bound > (range.last ?? Infinity)) {
      threshold.value = bound; // stopped before this iteration
      return { kind: 'exhausted' };
    }
  }
}

/** How the search of one subtree of parallel IDA* ended: a goal, the node limit, or done with the least f over its bound. */
export type SubtreeOutcome<S, A> = { kind: 'found'; node: Node<S, A> } | { kind: 'node-limit' } | { kind: 'exhausted'; next: number };

/**
 * One subtree of a parallel IDA* iteration (contract "Parallel IDA*"): visit(root) of the idastar
 * contract at a fixed bound, root being a node of the whole search (its depth, g and incoming action
 * as there, so parent pruning and f are the same). Ends at the root again: `next` is the least f
 * over the bound (Infinity: nothing was cut).
 */
export function* idaSubtree<S, A>(
  problem: Problem<S, A>,
  root: Node<S, A>,
  bound: number,
  limits: SearchLimits = {},
  counters: SearchCounters = newCounters(),
): Generator<SearchCounters, SubtreeOutcome<S, A>, void> {
  counters.iterations = 1;
  const f = (n: Node<S, A>): number => n.g + problem.h(n.state);
  const r = yield* boundedDepthFirst(problem, { f, bound, root }, limits, counters, { since: 0 });
  return r.kind === 'cut' ? { kind: 'exhausted', next: r.next } : r;
}

/** A weight w ≥ 1 as the exact fraction num / den the weighted searches use (contract: "wida"). */
export interface WeightFraction {
  num: number;
  den: number;
}

/**
 * Weighted IDA* (contract: "wida"): thresholds on f = den·g + num·h, exact integers for an integer h;
 * a node with g + h >= incumbent cannot lead to a shorter solution and is pruned. The next threshold
 * is the least pruned f raised to num·⌈f / num⌉ (num × the integer lower bound it proves).
 */
export function weightedIdaStar<S, A>(
  problem: Problem<S, A>,
  weight: WeightFraction,
  incumbent: number,
  limits?: SearchLimits,
  counters?: SearchCounters,
  threshold?: Threshold,
  range?: ThresholdRange,
): SearchGenerator<S, A> {
  const { num, den } = weight;
  return idaStar(
    problem,
    limits,
    counters,
    (n) => {
      const h = problem.h(n.state);
      return n.g + h >= incumbent ? Infinity : den * n.g + num * h;
    },
    threshold,
    (next) => Math.max(next, Math.ceil(next / num - 1e-9) * num),
    range,
  );
}

/** Depth-limited DFS: nodes at depthLimit are goal-tested, not expanded; no repeats on the path. */
export function* depthLimitedSearch<S, A>(
  problem: Problem<S, A>,
  depthLimit: number,
  limits: SearchLimits = {},
  counters: SearchCounters = newCounters(),
): SearchGenerator<S, A> {
  counters.iterations = 1;
  const r = yield* boundedDepthFirst(problem, { leafDepth: depthLimit, avoidPathRepeats: true }, limits, counters, { since: 0 });
  return r.kind === 'cut' ? { kind: 'exhausted' } : r;
}

/** IDDFS: depth-limited DFS with limits 0, 1, 2, … until found or an iteration cut nothing off. */
export function* iterativeDeepeningSearch<S, A>(
  problem: Problem<S, A>,
  limits: SearchLimits = {},
  counters: SearchCounters = newCounters(),
): SearchGenerator<S, A> {
  const slice: Slice = { since: 0 };
  for (let depth = 0; ; depth++) {
    counters.iterations++;
    const r = yield* boundedDepthFirst(problem, { leafDepth: depth, avoidPathRepeats: true }, limits, counters, slice);
    if (r.kind !== 'cut') return r;
    if (r.next === Infinity) return { kind: 'exhausted' };
  }
}
