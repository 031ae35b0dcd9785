/**
 * A search problem in the style of aima-python's search4e: the algorithms in algorithms.ts know
 * nothing about puzzles, only this interface. A domain implements it (the puzzle's: puzzle/problem.ts).
 */

/** A key for the reached table: cheap to hash, equal exactly when the states are equal. */
export type StateKey = string | number;

/**
 * A search problem over states `S` and actions `A` in the style of aima-python: the generic searches
 * know only this interface. {@link SlidingTileProblem} is the puzzle's.
 */
export interface Problem<S, A> {
  readonly initial: S;
  /** Legal actions in s, in the FIXED successor order every algorithm uses. */
  actions(s: S): readonly A[];
  /** The state reached from `s` by action `a`. */
  result(s: S, a: A): S;
  /** Whether `s` is a goal. */
  isGoal(s: S): boolean;
  /** Cost of reaching s2 from s by a (1 for sliding tiles). */
  actionCost(s: S, a: A, s2: S): number;
  /** Heuristic estimate of the cost from s to a goal (0 for an uninformed problem). */
  h(s: S): number;
  /** The key of `s` in the reached table. */
  key(s: S): StateKey;
  /** Estimated bytes one stored state takes (for memory limits); omitted: a default of algorithms.ts. */
  stateBytes?(s: S): number;
  /**
   * Parent pruning: true when `a` undoes `previous` (the action that produced the node).
   * Such an action is skipped and not counted as generated. Omit to disable pruning.
   */
  isInverse?(a: A, previous: A): boolean;
}

/** A node of the search tree: a state, the node it was reached from, the action, and its path cost g. */
export interface Node<S, A> {
  readonly state: S;
  readonly parent: Node<S, A> | null;
  /** The action that produced this node (null at the root). */
  readonly action: A | null;
  /** Path cost from the initial state. */
  readonly g: number;
  /** Number of actions from the initial state. */
  readonly depth: number;
}

export function rootNode<S, A>(problem: Problem<S, A>): Node<S, A> {
  return { state: problem.initial, parent: null, action: null, g: 0, depth: 0 };
}

/**
 * The children of `node`, in successor order, minus the action that undoes node.action.
 * (A plain array rather than a generator: it is on every algorithm's hot path.)
 */
export function expand<S, A>(problem: Problem<S, A>, node: Node<S, A>): Node<S, A>[] {
  const s = node.state;
  const prev = node.action;
  const children: Node<S, A>[] = [];
  for (const a of problem.actions(s)) {
    if (prev !== null && problem.isInverse !== undefined && problem.isInverse(a, prev)) continue;
    const s2 = problem.result(s, a);
    children.push({ state: s2, parent: node, action: a, g: node.g + problem.actionCost(s, a, s2), depth: node.depth + 1 });
  }
  return children;
}

/** The actions from the root (or from `from`, an ancestor of `node`) to `node`. */
export function pathActions<S, A>(node: Node<S, A>, from?: Node<S, A>): A[] {
  const actions: A[] = [];
  for (let n: Node<S, A> | null = node; n !== null && n !== from && n.action !== null; n = n.parent) actions.push(n.action);
  return actions.reverse();
}

/** The states from the root to `node` (both included). */
export function pathStates<S, A>(node: Node<S, A>): S[] {
  const states: S[] = [];
  for (let n: Node<S, A> | null = node; n !== null; n = n.parent) states.push(n.state);
  return states.reverse();
}
