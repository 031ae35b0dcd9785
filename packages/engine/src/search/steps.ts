/**
 * Step-through search for teaching: one event per action of the generic search, for any `Problem`.
 *
 * The events follow docs/contracts/search.md in the kernels' order (bound check, goal test, node
 * limit, expansion; children in successor order minus parent pruning), so the counters they imply
 * equal the solver's exactly: `expanded` = number of `select` events, `generated` = number of
 * `generate` events, and the `end` event carries the full counters (unique, maxFrontier,
 * iterations) kept as algorithms.ts keeps them. A reference-speed path (an object per event): the
 * solver's loops in algorithms.ts and the WASM kernels do not go through it.
 */
import { checkObject, checkOptionalFunction, shown } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { OpenList, before, newCounters, type Entry } from './algorithms.js';
import { pathActions, type Node, type Problem, type StateKey } from './problem.js';
import type { SearchCounters } from './types.js';

/** The algorithms the step-by-step search shows (the solver's searches, with the same counters). */
export const STEP_ALGORITHMS = ['bfs', 'dfs', 'iddfs', 'ucs', 'greedy', 'astar', 'wastar', 'idastar'] as const;
/** One of {@link STEP_ALGORITHMS}. */
export type StepAlgorithm = (typeof STEP_ALGORITHMS)[number];

/** Options of a step-by-step search: the algorithm, weight, depth limit and node limit. */
export interface StepOptions {
  algorithm: StepAlgorithm;
  /** wastar's w in f = g + w·h (default 2). */
  weight?: number;
  /** dfs's depth limit (default 50). */
  depthLimit?: number;
  /** Stop (outcome node-limit) before an expansion once `expanded >= maxNodes`, as the solver does. */
  maxNodes?: number;
}

/** A search node as the events show it: its own id and its parent's, with h and the algorithm's f. */
export interface StepNode<S, A> extends Node<S, A> {
  /** 0 for the root, then 1, 2, … in the order nodes are generated. */
  readonly id: number;
  readonly parentId: number | null;
  readonly h: number;
  /** The priority the algorithm orders by: g + h (A*, IDA*), g + w·h, g (UCS), h (greedy), depth (BFS, DFS, IDDFS). */
  readonly f: number;
}

/**
 * What became of a generated child: `added` to the open list (or, depth-first, visited next);
 * `duplicate`: already reached at no greater cost (best-first, BFS) or already on the current path
 * (DFS, IDDFS); `reopened`: reached again by a cheaper path and pushed again (its older entry goes
 * stale); `pruned`: cut by the IDA* threshold or the depth limit (visited, not expanded).
 */
export type ChildFate = 'added' | 'duplicate' | 'reopened' | 'pruned';

/** How a step-by-step search ended: a goal found, the space exhausted, or the node limit reached. */
export type StepOutcome = 'found' | 'exhausted' | 'node-limit';

/**
 * One action of the generic search, in the order the kernels do them (docs/contracts/search.md):
 * a new iteration, a node selected, a child generated (and its fate), a stale entry dropped, the goal, the end.
 * Their counts imply the solver's counters exactly.
 */
export type StepEvent<S, A> =
  /** IDA*: a new iteration with threshold `bound` on f; IDDFS: a new depth limit `bound`. */
  | { readonly kind: 'iteration'; readonly iteration: number; readonly bound: number }
  /** A node taken for expansion (its children follow); `open`/`closed` are sizes after taking it. */
  | {
      readonly kind: 'select';
      readonly node: StepNode<S, A>;
      readonly expanded: number;
      readonly open: number;
      readonly closed: number;
      /** How many generate events of its children follow (depth-first: interleaved with their subtrees). */
      readonly children: number;
    }
  /** `last`: no further child is generated before another node is taken (nextStep ends a step here). */
  | { readonly kind: 'generate'; readonly node: StepNode<S, A>; readonly fate: ChildFate; readonly generated: number; readonly last: boolean }
  /** Best-first: a popped entry whose state was since reached more cheaply; dropped, not counted. */
  | { readonly kind: 'stale'; readonly node: StepNode<S, A> }
  | { readonly kind: 'goal'; readonly node: StepNode<S, A>; readonly path: readonly A[] }
  | { readonly kind: 'end'; readonly outcome: StepOutcome; readonly counters: SearchCounters };

/** One entry of the open list in pop order, with what decides its place. */
export interface FrontierEntry<S, A> {
  readonly node: StepNode<S, A>;
  /** Best-first: the insertion number, the last tie-break (after f, then larger g). */
  readonly seq: number;
}

/**
 * A search run one event at a time, with views of its open list, closed set and counters between events.
 */
export interface StepSearch<S, A> {
  /** The events, one per call; the last is `end`. */
  readonly events: Generator<StepEvent<S, A>, void, void>;
  /** The first `k` entries of the open list in the order the algorithm will take them (stale entries left out). */
  frontier(k: number): FrontierEntry<S, A>[];
  /** States expanded so far (best-first, BFS: the closed set; depth-first: the nodes on the current path). */
  closedSize(): number;
  /** The counters so far (the solver's, same meaning). */
  readonly counters: SearchCounters;
}

/** The algorithm's priority of a node, from its g, h and depth. */
function priority(options: StepOptions): (g: number, h: number, depth: number) => number {
  switch (options.algorithm) {
    case 'astar':
    case 'idastar':
      return (g, h) => g + h;
    case 'wastar': {
      const w = options.weight ?? 2;
      return (g, h) => g + w * h;
    }
    case 'ucs':
      return (g) => g;
    case 'greedy':
      return (_g, h) => h;
    default:
      return (_g, _h, depth) => depth;
  }
}

/** Makes the step nodes of one search: ids in generation order, h and f computed once. */
class NodeMaker<S, A> {
  private nextId = 0;
  constructor(
    private readonly problem: Problem<S, A>,
    private readonly f: (g: number, h: number, depth: number) => number,
  ) {}

  root(): StepNode<S, A> {
    return this.make(this.problem.initial, null, null, 0, 0);
  }

  /** The children of `node` in successor order minus parent pruning (as problem.ts `expand`). */
  children(node: StepNode<S, A>): StepNode<S, A>[] {
    const { problem } = this;
    const out: StepNode<S, A>[] = [];
    for (const a of problem.actions(node.state)) {
      if (node.action !== null && problem.isInverse?.(a, node.action) === true) continue;
      const s2 = problem.result(node.state, a);
      out.push(this.make(s2, node, a, node.g + problem.actionCost(node.state, a, s2), node.depth + 1));
    }
    return out;
  }

  private make(state: S, parent: StepNode<S, A> | null, action: A | null, g: number, depth: number): StepNode<S, A> {
    const h = this.problem.h(state);
    return { id: this.nextId++, parentId: parent?.id ?? null, state, parent, action, g, depth, h, f: this.f(g, h, depth) };
  }
}

function checkStepOptions(problem: unknown, options: StepOptions): void {
  checkObject(problem, 'problem');
  for (const fn of ['actions', 'result', 'isGoal', 'actionCost', 'h', 'key'] as const) {
    if (typeof (problem as Record<string, unknown>)[fn] !== 'function') throw new InvalidInputError(`problem.${fn} must be a function`);
  }
  checkOptionalFunction((problem as Record<string, unknown>).isInverse, 'problem.isInverse');
  checkObject(options, 'options');
  if (!(STEP_ALGORITHMS as readonly string[]).includes(options.algorithm)) {
    throw new InvalidInputError(`step: unknown algorithm '${shown(options.algorithm)}' (choose from ${STEP_ALGORITHMS.join(', ')})`);
  }
  const { weight, depthLimit, maxNodes } = options;
  if (weight !== undefined && !(Number.isFinite(weight) && weight >= 1)) throw new InvalidInputError(`step: weight must be a number ≥ 1, got ${shown(weight)}`);
  if (depthLimit !== undefined && !(Number.isSafeInteger(depthLimit) && depthLimit >= 0))
    throw new InvalidInputError(`step: depthLimit must be a whole number ≥ 0, got ${shown(depthLimit)}`);
  if (maxNodes !== undefined && !(typeof maxNodes === 'number' && maxNodes >= 0))
    throw new InvalidInputError(`step: maxNodes must be ≥ 0, got ${shown(maxNodes)}`);
}

/** The events of `options.algorithm` on `problem`, with views of its open and closed lists. */
export function searchSteps<S, A>(problem: Problem<S, A>, options: StepOptions): StepSearch<S, A> {
  checkStepOptions(problem, options);
  const nodes = new NodeMaker(problem, priority(options));
  const counters = newCounters();
  const maxNodes = options.maxNodes ?? Infinity;
  switch (options.algorithm) {
    case 'bfs':
      return breadthFirstSteps(problem, nodes, counters, maxNodes);
    case 'dfs':
      return depthFirstSteps(problem, nodes, counters, maxNodes, { kind: 'dfs', depthLimit: options.depthLimit ?? 50 });
    case 'iddfs':
      return depthFirstSteps(problem, nodes, counters, maxNodes, { kind: 'iddfs' });
    case 'idastar':
      return depthFirstSteps(problem, nodes, counters, maxNodes, { kind: 'idastar' });
    default:
      return bestFirstSteps(problem, nodes, counters, maxNodes, options.algorithm !== 'greedy');
  }
}

// ---------------------------------------------------------------------------------------------
// Best-first family (contract "Best-first family"): A*, UCS, greedy (no reopening), weighted A*.

function bestFirstSteps<S, A>(problem: Problem<S, A>, nodes: NodeMaker<S, A>, counters: SearchCounters, maxNodes: number, reopen: boolean): StepSearch<S, A> {
  const open = new OpenList<S, A>();
  const reached = new Map<StateKey, number>();
  const closed = new Set<StateKey>();
  let seq = 0;
  const stale = (e: Entry<S, A>): boolean => e.node.g > reached.get(problem.key(e.node.state))!;

  function* events(): Generator<StepEvent<S, A>, void, void> {
    const root = nodes.root();
    open.push({ f: root.f, seq: seq++, node: root });
    reached.set(problem.key(root.state), 0);
    counters.unique = 1;
    counters.maxFrontier = 1;
    counters.iterations = 1;
    for (;;) {
      const entry = open.pop();
      if (entry === undefined) return yield { kind: 'end', outcome: 'exhausted', counters: { ...counters } };
      const node = entry.node as StepNode<S, A>;
      const key = problem.key(node.state);
      if (node.g > reached.get(key)!) {
        yield { kind: 'stale', node };
        continue;
      }
      if (problem.isGoal(node.state)) {
        yield { kind: 'goal', node, path: pathActions(node) };
        return yield { kind: 'end', outcome: 'found', counters: { ...counters } };
      }
      if (counters.expanded >= maxNodes) return yield { kind: 'end', outcome: 'node-limit', counters: { ...counters } };
      counters.expanded++;
      closed.add(key);
      const children = nodes.children(node);
      yield { kind: 'select', node, expanded: counters.expanded, open: open.size, closed: closed.size, children: children.length };
      for (const [i, child] of children.entries()) {
        counters.generated++;
        const childKey = problem.key(child.state);
        const old = reached.get(childKey);
        let fate: ChildFate = 'duplicate';
        if (old === undefined || (reopen && child.g < old)) {
          fate = old === undefined ? 'added' : 'reopened';
          reached.set(childKey, child.g);
          open.push({ f: child.f, seq: seq++, node: child });
          if (open.size > counters.maxFrontier) counters.maxFrontier = open.size;
        }
        counters.unique = reached.size;
        yield { kind: 'generate', node: child, fate, generated: counters.generated, last: i === children.length - 1 };
      }
    }
  }

  return {
    events: events(),
    counters,
    closedSize: () => closed.size,
    frontier(k) {
      // A copy sorted by the heap's own order: fine for the few thousand entries a lesson shows.
      const live = open
        .entries()
        .filter((e) => !stale(e))
        .sort((a, b) => (before(a, b) ? -1 : 1));
      return live.slice(0, k).map((e) => ({ node: e.node as StepNode<S, A>, seq: e.seq }));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Breadth-first search (contract "bfs"): the goal test on generation.

function breadthFirstSteps<S, A>(problem: Problem<S, A>, nodes: NodeMaker<S, A>, counters: SearchCounters, maxNodes: number): StepSearch<S, A> {
  const queue: StepNode<S, A>[] = [];
  let head = 0;
  const reached = new Set<StateKey>();

  function* events(): Generator<StepEvent<S, A>, void, void> {
    const root = nodes.root();
    reached.add(problem.key(root.state));
    counters.unique = 1;
    counters.maxFrontier = 1;
    counters.iterations = 1;
    if (problem.isGoal(root.state)) {
      yield { kind: 'goal', node: root, path: [] };
      return yield { kind: 'end', outcome: 'found', counters: { ...counters } };
    }
    queue.push(root);
    for (;;) {
      if (head === queue.length) return yield { kind: 'end', outcome: 'exhausted', counters: { ...counters } };
      const node = queue[head++]!;
      if (counters.expanded >= maxNodes) return yield { kind: 'end', outcome: 'node-limit', counters: { ...counters } };
      counters.expanded++;
      const children = nodes.children(node);
      yield { kind: 'select', node, expanded: counters.expanded, open: queue.length - head, closed: counters.expanded, children: children.length };
      for (const [i, child] of children.entries()) {
        counters.generated++;
        const key = problem.key(child.state);
        const last = i === children.length - 1;
        if (reached.has(key)) {
          yield { kind: 'generate', node: child, fate: 'duplicate', generated: counters.generated, last };
          continue;
        }
        reached.add(key);
        counters.unique = reached.size;
        yield { kind: 'generate', node: child, fate: 'added', generated: counters.generated, last };
        if (problem.isGoal(child.state)) {
          yield { kind: 'goal', node: child, path: pathActions(child) };
          return yield { kind: 'end', outcome: 'found', counters: { ...counters } };
        }
        queue.push(child);
        if (queue.length - head > counters.maxFrontier) counters.maxFrontier = queue.length - head;
      }
    }
  }

  return {
    events: events(),
    counters,
    closedSize: () => counters.expanded,
    frontier: (k) => queue.slice(head, head + k).map((node) => ({ node, seq: node.id })),
  };
}

// ---------------------------------------------------------------------------------------------
// Depth-first family (contract "idastar", "dfs", "iddfs"): one bounded walk per iteration.

type DepthFirstKind = { kind: 'idastar' } | { kind: 'iddfs' } | { kind: 'dfs'; depthLimit: number };

/** A visit's answer: the goal was found, the node limit stopped it, or the least cut value. */
type Visit = 'found' | 'limit' | number;

function depthFirstSteps<S, A>(
  problem: Problem<S, A>,
  nodes: NodeMaker<S, A>,
  counters: SearchCounters,
  maxNodes: number,
  rules: DepthFirstKind,
): StepSearch<S, A> {
  /** The path's frames: a node and its children not visited yet (the depth-first "open list"). */
  const frames: { node: StepNode<S, A>; children: StepNode<S, A>[]; next: number }[] = [];
  const onPath = new Set<StateKey>();
  const pathRepeats = rules.kind !== 'idastar';
  let bound = 0;
  const end = (outcome: StepOutcome): StepEvent<S, A> => ({ kind: 'end', outcome, counters: { ...counters } });
  const seen = (node: StepNode<S, A>): void => {
    if (node.depth > counters.maxFrontier) counters.maxFrontier = node.depth;
  };
  /** IDA*: f over the threshold; DFS/IDDFS: a non-goal node at the depth limit. Cut nodes are visited, not expanded. */
  const cutValue = (node: StepNode<S, A>): number | null => {
    if (rules.kind === 'idastar') return node.f > bound ? node.f : null;
    return !problem.isGoal(node.state) && node.depth >= bound ? node.depth + 1 : null;
  };

  /** visit(node) of the contract, for a node already announced (root, or a child generated as added). */
  function* visit(node: StepNode<S, A>): Generator<StepEvent<S, A>, Visit, void> {
    if (problem.isGoal(node.state)) {
      yield { kind: 'goal', node, path: pathActions(node) };
      return 'found';
    }
    if (counters.expanded >= maxNodes) return 'limit';
    counters.expanded++;
    const frame = { node, children: nodes.children(node), next: 0 };
    frames.push(frame);
    onPath.add(problem.key(node.state));
    yield { kind: 'select', node, expanded: counters.expanded, open: pending(), closed: frames.length, children: frame.children.length };
    let min = Infinity;
    while (frame.next < frame.children.length) {
      const child = frame.children[frame.next++]!;
      counters.generated++;
      if (pathRepeats && onPath.has(problem.key(child.state))) {
        yield { kind: 'generate', node: child, fate: 'duplicate', generated: counters.generated, last: frame.next === frame.children.length };
        continue;
      }
      seen(child);
      const cut = cutValue(child);
      // An added child is visited next: its own step begins.
      yield {
        kind: 'generate',
        node: child,
        fate: cut === null ? 'added' : 'pruned',
        generated: counters.generated,
        last: cut === null || frame.next === frame.children.length,
      };
      const r = cut ?? (yield* visit(child));
      if (r === 'found' || r === 'limit') return r;
      if (r < min) min = r;
    }
    frames.pop();
    onPath.delete(problem.key(node.state));
    return min;
  }

  function pending(): number {
    let n = 0;
    for (const f of frames) n += f.children.length - f.next;
    return n;
  }

  function* iteration(root: StepNode<S, A>): Generator<StepEvent<S, A>, Visit, void> {
    counters.iterations++;
    yield { kind: 'iteration', iteration: counters.iterations, bound };
    seen(root);
    const cut = rules.kind === 'idastar' ? null : cutValue(root); // f(root) is the first threshold
    return cut ?? (yield* visit(root));
  }

  function* events(): Generator<StepEvent<S, A>, void, void> {
    const root = nodes.root();
    if (rules.kind === 'dfs') {
      bound = rules.depthLimit;
      counters.iterations = 1;
      seen(root);
      const r = cutValue(root) ?? (yield* visit(root));
      return yield end(r === 'found' ? 'found' : r === 'limit' ? 'node-limit' : 'exhausted');
    }
    bound = rules.kind === 'idastar' ? root.f : 0;
    for (;;) {
      const r = yield* iteration(root);
      if (r === 'found') return yield end('found');
      if (r === 'limit') return yield end('node-limit');
      if (r === Infinity) return yield end('exhausted');
      bound = rules.kind === 'idastar' ? r : bound + 1;
    }
  }

  return {
    events: events(),
    counters,
    closedSize: () => frames.length,
    frontier(k) {
      // The next child of the deepest frame is visited first; then its siblings, then the frames above.
      const out: FrontierEntry<S, A>[] = [];
      for (let i = frames.length - 1; i >= 0 && out.length < k; i--) {
        const f = frames[i]!;
        for (let j = f.next; j < f.children.length && out.length < k; j++) out.push({ node: f.children[j]!, seq: f.children[j]!.id });
      }
      return out;
    },
  };
}

/**
 * The events of one teaching step (one expansion): any iteration or stale events, the node taken,
 * and its children generated up to the next node taken (depth-first: up to the first child visited,
 * or a continuation of the children after a subtree returned); the goal and the end together. The
 * search is never advanced past the step, so `frontier()` shows the open list as the step left it.
 * Empty once the events are over.
 */
export function nextStep<S, A>(events: Iterator<StepEvent<S, A>, void, void>): StepEvent<S, A>[] {
  checkObject(events, 'events');
  if (typeof events.next !== 'function') throw new InvalidInputError('events must be the iterator of a step search (its `events`)');
  const step: StepEvent<S, A>[] = [];
  for (;;) {
    const r = events.next();
    if (r.done === true) return step;
    const e = r.value;
    step.push(e);
    if (e.kind === 'end' || (e.kind === 'select' && e.children === 0) || (e.kind === 'generate' && e.last)) return step;
  }
}
