/** The TypeScript reference backend of the puzzle solver: the generic searches as a `Run`. */
import {
  astar,
  breadthFirstSearch,
  idaSubtree,
  depthLimitedSearch,
  dijkstra,
  greedySearch,
  idaStar,
  iterativeDeepeningSearch,
  newCounters,
  uniformCostSearch,
  weightedAstar,
  weightedIdaStar,
  type SearchGenerator,
  type SearchLimits,
  type Threshold,
} from '../search/algorithms.js';
import { MemoryAccount, defaultMemoryBytes, heapMemory, processMemory } from '../core/memory.js';
import { pathActions, type Node } from '../search/problem.js';
import type { SearchCounters } from '../search/types.js';
import { weightFraction, type NormalizedSolveOptions } from './options.js';
import { UnsupportedError } from '../core/errors.js';
import { SlidingTileProblem, type TileState } from './problem.js';
import type { Board, Move } from './types.js';
import { memoryLimit, type PuzzleOutcome, type PuzzleRun, type SubtreeRoot } from './wasm-run.js';

function search(
  problem: SlidingTileProblem,
  o: NormalizedSolveOptions,
  limits: SearchLimits,
  c: SearchCounters,
  t: Threshold,
): SearchGenerator<TileState, Move> {
  switch (o.algorithm) {
    case 'bfs':
      return breadthFirstSearch(problem, limits, c);
    case 'dfs':
      return depthLimitedSearch(problem, o.depthLimit, limits, c);
    case 'iddfs':
      return iterativeDeepeningSearch(problem, limits, c);
    case 'ucs':
      return uniformCostSearch(problem, limits, c);
    case 'dijkstra':
      return dijkstra(problem, limits, c);
    case 'greedy':
      return greedySearch(problem, limits, c);
    case 'astar':
      return astar(problem, limits, c);
    case 'wastar':
      return weightedAstar(problem, o.weight, limits, c);
    case 'idastar':
      return idaStar(problem, limits, c, undefined, t);
    case 'wida':
      return weightedIdaStar(problem, weightFraction(o.weight), o.incumbent, limits, c, t, { first: o.firstThreshold, last: o.lastThreshold });
    case 'anytime':
      throw new UnsupportedError('anytime is a sequence of wida runs (optimistic.ts), not one run');
    case 'construct':
      throw new Error('construct is not a search: solve.ts runs it (solve-construct.ts)');
  }
}

/**
 * A run of the reference search; a pattern database's tables must be loaded (loadPdb).
 * `subtree`: search one subtree of parallel IDA* whose root is `start` (idastar only).
 */
export function createTsPuzzleRun(start: Board, goal: Board, options: NormalizedSolveOptions, subtree?: SubtreeRoot): PuzzleRun {
  const problem = new SlidingTileProblem(start, goal, options);
  // The TS runs of a thread share its V8 heap as well as the process budget.
  const memory = new MemoryAccount(options.maxMemoryBytes ?? defaultMemoryBytes('ts'), [processMemory, heapMemory]);
  const limits: SearchLimits = { maxNodes: options.maxNodes, sliceSize: 1, memory };
  const counters = newCounters();
  const threshold: Threshold = { value: subtree?.threshold ?? NaN };
  let root: Node<TileState, Move> | undefined;
  let next = NaN;
  let generator: Generator<SearchCounters, { kind: string; node?: Node<TileState, Move>; next?: number }, void>;
  if (subtree === undefined) generator = search(problem, options, limits, counters, threshold);
  else {
    if (options.algorithm !== 'idastar') throw new UnsupportedError(`a subtree of parallel IDA* runs idastar, not ${options.algorithm}`);
    root = { state: problem.initial, parent: null, action: subtree.incoming, g: subtree.depth, depth: subtree.depth };
    generator = idaSubtree(problem, root, subtree.threshold, limits, counters);
  }
  let outcome: PuzzleOutcome | null = null;
  return {
    step(budget) {
      if (outcome !== null) return outcome;
      limits.sliceSize = Math.max(1, Math.floor(budget));
      const step = generator.next();
      if (step.done !== true) return null;
      const r = step.value;
      if (r.kind === 'found') outcome = { kind: 'found', moves: pathActions(r.node!, root) };
      else if (r.kind === 'memory-limit') outcome = memoryLimit(memory);
      else outcome = { kind: r.kind as 'exhausted' | 'node-limit' };
      if (r.next !== undefined) next = r.next;
      return outcome;
    },
    stats: () => ({ ...counters }),
    threshold: () => threshold.value,
    nextThreshold: () => next,
    dispose() {
      generator.return({ kind: 'exhausted', next: Infinity });
      memory.close();
    },
  };
}
