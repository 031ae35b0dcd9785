// The generic searches (search/algorithms.ts) on small boards: optimal lengths, the contract's
// counting rules checked by hand, sliced runs, and distances over the 8-puzzle's whole space.
import { describe, expect, test } from 'vitest';
import type { Board, Move } from '../../src/puzzle/types.js';
import {
  astar,
  bfsDistances,
  breadthFirstSearch,
  depthLimitedSearch,
  dijkstra,
  dijkstraDistances,
  greedySearch,
  idaStar,
  iterativeDeepeningSearch,
  newCounters,
  runToEnd,
  uniformCostSearch,
  weightedAstar,
  type SearchGenerator,
  type SearchLimits,
} from '../../src/search/algorithms.js';
import type { SearchCounters } from '../../src/search/types.js';
import { pathActions, type Problem } from '../../src/search/problem.js';
import { SlidingTileProblem, type TileState } from '../../src/puzzle/problem.js';
import type { HeuristicName } from '../../src/puzzle/options.js';
import { board, prng, randomWalk } from './helpers.js';

type Search = (p: SlidingTileProblem, limits?: SearchLimits, c?: SearchCounters) => SearchGenerator<TileState, Move>;

function solve(search: Search, start: Board, goal: Board, heuristic?: HeuristicName, limits: SearchLimits = {}) {
  const p = new SlidingTileProblem(start, goal, { heuristic });
  const counters = newCounters();
  const outcome = runToEnd(search(p, limits, counters));
  const moves = outcome.kind === 'found' ? pathActions(outcome.node) : undefined;
  return { outcome, moves, counters, problem: p };
}

/** Replays moves and checks they reach the goal. */
function reaches(start: Board, goal: Board, moves: readonly Move[]): boolean {
  const p = new SlidingTileProblem(start, goal);
  let s = p.initial;
  for (const m of moves) {
    if (!p.actions(s).includes(m)) return false;
    s = p.result(s, m);
  }
  return p.isGoal(s);
}

const GOALS: Record<string, Board> = {
  '3x3': board('1 2 3/4 5 6/7 8 0'),
  '2x3': board('1 2 3/4 5 0'),
  '3x2': board('0 1/2 3/4 5'),
  'walled 2x4': board('# 1 2 3/4 5 6 0'),
  'walled 3x3 corner': board('# 1 2/3 4 5/6 7 0'),
  'walled 3x3 ring': board('1 2 3/4 # 5/6 7 0'),
};
const ADMISSIBLE: HeuristicName[] = ['misplaced', 'manhattan', 'euclidean', 'linear-conflict'];

describe('every algorithm on small boards', () => {
  const rand = prng(2024);
  for (const [name, goal] of Object.entries(GOALS)) {
    for (const steps of [6, 15, 40]) {
      const start = randomWalk(goal, steps, rand);
      test(`${name}, random walk of ${steps}`, () => {
        const bfs = solve(breadthFirstSearch, start, goal);
        expect(bfs.outcome.kind).toBe('found');
        const optimal = bfs.moves!.length;
        expect(reaches(start, goal, bfs.moves!)).toBe(true);
        expect(optimal).toBeLessThanOrEqual(steps);

        const exact: [string, Search, HeuristicName?][] = [
          ['ucs', uniformCostSearch],
          ...ADMISSIBLE.map((h): [string, Search, HeuristicName] => ['astar', astar, h]),
          ...ADMISSIBLE.map((h): [string, Search, HeuristicName] => ['idastar', idaStar, h]),
        ];
        if (name !== '3x3') exact.push(['dijkstra', dijkstra]); // settles all 181,440 states: once below
        if (optimal <= 10) exact.push(['iddfs', iterativeDeepeningSearch]);
        for (const [alg, search, h] of exact) {
          const r = solve(search, start, goal, h);
          expect(r.moves?.length, `${alg} ${h ?? ''}`).toBe(optimal);
          expect(reaches(start, goal, r.moves!)).toBe(true);
        }

        const greedy = solve(greedySearch, start, goal, 'manhattan');
        expect(reaches(start, goal, greedy.moves!)).toBe(true);
        const w = solve((p, l, c) => weightedAstar(p, 2, l, c), start, goal, 'manhattan');
        expect(reaches(start, goal, w.moves!)).toBe(true);
        expect(w.moves!.length).toBeLessThanOrEqual(2 * optimal); // bounded suboptimality
        // depth-limited DFS: any path within the limit (bounded by maxNodes: DFS can take very long)
        const dfs = solve((p, l, c) => depthLimitedSearch(p, optimal + 4, l, c), start, goal, undefined, { maxNodes: 200_000 });
        if (dfs.outcome.kind === 'found') {
          expect(dfs.moves!.length).toBeLessThanOrEqual(optimal + 4);
          expect(reaches(start, goal, dfs.moves!)).toBe(true);
        } else {
          expect(dfs.outcome.kind).toBe('node-limit');
        }
        if (optimal > 0) {
          const tooShort = solve((p, l, c) => depthLimitedSearch(p, optimal - 1, l, c), start, goal, undefined, { maxNodes: 200_000 });
          expect(tooShort.outcome.kind).not.toBe('found');
        }
      });
    }
  }
});

describe('counting rules of the contract (hand-checked)', () => {
  const goal = board('1 2/3 0');

  test('bfs: FIFO, parent pruning, goal test on generation', () => {
    // start: blank top-left, two moves from the goal
    const r = solve(breadthFirstSearch, board('0 1/3 2'), goal);
    expect(r.moves).toEqual(['right', 'down']);
    expect(r.counters).toEqual({ expanded: 3, generated: 4, unique: 5, maxFrontier: 2, iterations: 1 });
  });

  test('astar: one move away', () => {
    const r = solve(astar, board('1 2/0 3'), goal, 'manhattan');
    expect(r.moves).toEqual(['right']);
    expect(r.counters).toEqual({ expanded: 1, generated: 2, unique: 3, maxFrontier: 2, iterations: 1 });
  });

  test('idastar: one move away (the up child is cut at the bound)', () => {
    const r = solve(idaStar, board('1 2/0 3'), goal, 'manhattan');
    expect(r.moves).toEqual(['right']);
    expect(r.counters).toEqual({ expanded: 1, generated: 2, unique: 0, maxFrontier: 1, iterations: 1 });
  });

  test('start == goal: found at once, nothing expanded', () => {
    for (const search of [breadthFirstSearch, astar, idaStar, iterativeDeepeningSearch] as Search[]) {
      const r = solve(search, goal, goal, 'manhattan');
      expect(r.moves).toEqual([]);
      expect(r.counters.expanded).toBe(0);
      expect(r.counters.generated).toBe(0);
    }
  });

  test('maxNodes stops before the next expansion with node-limit', () => {
    const start = board('8 6 7/2 5 4/3 0 1');
    for (const search of [breadthFirstSearch, astar, uniformCostSearch, idaStar, iterativeDeepeningSearch] as Search[]) {
      const r = solve(search, start, GOALS['3x3']!, 'manhattan', { maxNodes: 25 });
      expect(r.outcome.kind).toBe('node-limit');
      expect(r.counters.expanded).toBe(25);
    }
  });

  test('a sliced run yields every sliceSize expansions and ends exactly like an unsliced one', () => {
    const start = randomWalk(GOALS['3x3']!, 40, prng(7));
    for (const search of [breadthFirstSearch, astar, idaStar] as Search[]) {
      const whole = solve(search, start, GOALS['3x3']!, 'linear-conflict');
      const p = new SlidingTileProblem(start, GOALS['3x3']!, { heuristic: 'linear-conflict' });
      const counters = newCounters();
      const gen = search(p, { sliceSize: 7 }, counters);
      let yields = 0;
      for (let next = gen.next(); ; next = gen.next()) {
        if (next.done === true) {
          expect(next.value.kind).toBe('found');
          if (next.value.kind === 'found') expect(pathActions(next.value.node)).toEqual(whole.moves);
          break;
        }
        yields++;
        expect(next.value.expanded).toBe(7 * yields);
      }
      expect(yields).toBeGreaterThan(0);
      expect(counters).toEqual(whole.counters);
    }
  });

  // A tiny explicit graph (generic Problem): actions are the names of the successors.
  function graph(edges: Record<string, string[]>, h: Record<string, number>): Problem<string, string> {
    return {
      initial: 'S',
      actions: (s) => edges[s] ?? [],
      result: (_s, a) => a,
      isGoal: (s) => s === 'G',
      actionCost: () => 1,
      h: (s) => h[s] ?? 0,
      key: (s) => s,
    };
  }

  test('greedy never reopens: a state reached again by a shorter path is not pushed again', () => {
    const p = graph({ S: ['A', 'B'], A: ['C'], B: ['D'], D: ['C'], C: ['G'] }, { S: 5, A: 3, B: 1, D: 0.5, C: 4 });
    const counters = newCounters();
    const r = runToEnd(greedySearch(p, {}, counters));
    // C keeps its first discovery (via D, g = 3): A's cheaper offer (g = 2) is not pushed
    expect(r.kind === 'found' && pathActions(r.node)).toEqual(['B', 'D', 'C', 'G']);
    // S, B, D, A, C expanded
    expect(counters).toEqual({ expanded: 5, generated: 6, unique: 6, maxFrontier: 2, iterations: 1 });
  });

  test('astar: on equal f the entry with the LARGER g is popped first', () => {
    // X (g 1, f 3) is pushed before Z (g 2, f 3): Z and then G (g 3, f 3) go first; X is never expanded.
    const p = graph({ S: ['X', 'Y'], Y: ['Z'], Z: ['G'], X: ['G'] }, { S: 2, X: 2, Y: 1, Z: 1, G: 0 });
    const counters = newCounters();
    const r = runToEnd(astar(p, {}, counters));
    expect(r.kind === 'found' && pathActions(r.node)).toEqual(['Y', 'Z', 'G']);
    expect(counters.expanded).toBe(3);
  });
});

describe('distances from the initial state', () => {
  test('the 8-puzzle has 181,440 reachable states, at most 31 moves apart; Dijkstra agrees with BFS', () => {
    const p = new SlidingTileProblem(GOALS['3x3']!, GOALS['3x3']!);
    const bfs = bfsDistances(p);
    expect(bfs.size).toBe(181_440);
    expect([...bfs.values()].reduce((a, b) => Math.max(a, b))).toBe(31);
    const dij = dijkstraDistances(p);
    expect(dij.size).toBe(bfs.size);
    for (const [k, d] of bfs) if (dij.get(k) !== d) expect(dij.get(k)).toBe(d);
  });

  test('dijkstra settles every state while ucs stops at the goal', () => {
    const start = board('1 2 3/4 5 6/0 7 8');
    const ucs = solve(uniformCostSearch, start, GOALS['3x3']!);
    const dij = solve(dijkstra, start, GOALS['3x3']!);
    expect(dij.moves).toEqual(ucs.moves);
    expect(ucs.counters.unique).toBeLessThan(100);
    expect(dij.counters.unique).toBe(181_440);
    expect(dij.counters.expanded).toBe(181_440);
  });
});
