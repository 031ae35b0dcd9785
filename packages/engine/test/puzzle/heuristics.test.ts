// The heuristics' values on known boards (seed 004's counted-blank variant included) and their
// admissibility and consistency, checked against exhaustive search on small boards.
import { describe, expect, test } from 'vitest';
import { InvalidInputError } from '../../src/core/errors.js';
import type { Board } from '../../src/puzzle/types.js';
import { bfsDistances, breadthFirstSearch, newCounters, runToEnd } from '../../src/search/algorithms.js';
import { HEURISTIC_INFO, heuristicInfo, makeHeuristic } from '../../src/puzzle/heuristics.js';
import { pathActions } from '../../src/search/problem.js';
import { SlidingTileProblem, tileState } from '../../src/puzzle/problem.js';
import { HEURISTICS, type HeuristicName } from '../../src/puzzle/options.js';
import { board, keyCells, prng } from '../search/helpers.js';

const GOAL = board('1 2 3/4 5 6/7 8 0');
const h = (name: HeuristicName, b: Board, goal = GOAL, countBlank = false) => makeHeuristic(name, goal, countBlank)(b.cells);

describe('values on known boards', () => {
  test('two tiles one step off', () => {
    const b = board('1 2 3/4 5 6/0 7 8');
    expect([h('misplaced', b), h('manhattan', b), h('euclidean', b), h('linear-conflict', b)]).toEqual([2, 2, 2, 2]);
  });

  test('linear conflict counts line size minus the longest increasing subsequence, per row and column', () => {
    // row 0 holds 3 2 1: goal columns 2 1 0, LIS 1, so two tiles must leave the row: +4 (not +6 for 3 pairs)
    expect(h('manhattan', board('3 2 1/4 5 6/7 8 0'))).toBe(4);
    expect(h('linear-conflict', board('3 2 1/4 5 6/7 8 0'))).toBe(8);
    // column 0 holds 7 4 1 (goal rows 2 1 0): +4; row 0 holds 7 2 3: 7 is not at home in row 0
    expect(h('linear-conflict', board('7 2 3/4 5 6/1 8 0'))).toBe(4 + 4);
    // the blank never takes part
    expect(h('linear-conflict', board('2 1 3/4 5 6/7 8 0'))).toBe(2 + 2);
  });

  test('euclidean sums square roots in f64', () => {
    const b = board('0 2 3/4 5 6/7 8 1');
    expect(h('euclidean', b)).toBe(Math.sqrt(8));
    expect(h('euclidean', b, GOAL, true)).toBe(Math.sqrt(8) + Math.sqrt(8));
    expect(h('euclidean', board('1 2 3/4 5 6/8 7 0'))).toBe(2);
    expect(h('euclidean', board('5 2 3/4 1 6/7 8 0'))).toBe(2 * Math.SQRT2);
  });

  test('against an arbitrary goal (blank first)', () => {
    const goal = board('0 1 2/3 4 5/6 7 8');
    expect(h('manhattan', goal, goal)).toBe(0);
    expect(h('manhattan', GOAL, goal)).toBe(12);
    expect(h('misplaced', GOAL, goal)).toBe(8);
    expect(h('misplaced', GOAL, goal, true)).toBe(9);
  });

  test('seed 004: counting the blank overestimates (hn = 16 at the fifth state, 12 moves from the goal)', () => {
    const fifth = board('0 2 3 4 5/1 # 7 # 8/6 10 11 12 15/9 # 14 # 20/13 16 17 18 19');
    const goal = board('1 2 3 4 5/6 # 7 # 8/9 10 0 11 12/13 # 14 # 15/16 17 18 19 20');
    expect(h('manhattan', fifth, goal, true)).toBe(16);
    expect(h('misplaced', fifth, goal, true)).toBe(13);
    expect(h('euclidean', fifth, goal, true)).toBeCloseTo(14.828, 3);
    expect(h('manhattan', fifth, goal)).toBe(12); // without the blank: never above the true 12
    const r = runToEnd(breadthFirstSearch(new SlidingTileProblem(fifth, goal), {}, newCounters()));
    expect(r.kind === 'found' && pathActions(r.node).length).toBe(12);
    expect(heuristicInfo('manhattan', true).admissible).toBe(false);
    expect(heuristicInfo('manhattan', false).admissible).toBe(true);
  });

  test('countBlank is refused with linear-conflict', () => {
    expect(() => makeHeuristic('linear-conflict', GOAL, true)).toThrow(InvalidInputError);
  });

  test('the documented admissibility and consistency match what is measured on every 3x2 state', () => {
    const goal = board('1 2/3 4/5 0');
    const p = new SlidingTileProblem(goal, goal);
    const dist = bfsDistances(p);
    for (const name of HEURISTICS) {
      for (const countBlank of name === 'linear-conflict' ? [false] : [false, true]) {
        const fn = makeHeuristic(name, goal, countBlank);
        let admissible = true;
        let consistent = true;
        for (const [key, d] of dist) {
          const cells = keyCells(key);
          const here = fn(cells);
          if (here > d + 1e-9) admissible = false;
          const s = tileState({ width: goal.width, height: goal.height, cells });
          for (const a of p.actions(s)) if (here - fn(p.result(s, a).cells) > 1 + 1e-9) consistent = false;
        }
        expect(heuristicInfo(name, countBlank), `${name} countBlank=${countBlank}`).toMatchObject({ admissible, consistent });
      }
    }
  });
});

/**
 * Every state reachable from the goal with its exact distance (moves are reversible, so the
 * distance from the goal is the distance to it), then h ≤ distance and |h(s) − h(s')| ≤ 1.
 */
function checkAdmissibleAndConsistent(goal: Board, sample?: (i: number) => boolean) {
  const p = new SlidingTileProblem(goal, goal);
  const dist = bfsDistances(p);
  const fns = HEURISTICS.map((name) => [name, makeHeuristic(name, goal)] as const);
  const lc = makeHeuristic('linear-conflict', goal);
  const man = makeHeuristic('manhattan', goal);
  let i = 0;
  let checked = 0;
  for (const [key, d] of dist) {
    const cells = keyCells(key);
    for (const [name, fn] of fns) if (fn(cells) > d) expect(fn(cells), `${name} on ${cells.join(' ')}`).toBeLessThanOrEqual(d);
    const here = lc(cells);
    if (here < man(cells)) expect(here).toBeGreaterThanOrEqual(man(cells));
    if (sample !== undefined && !sample(i++)) continue;
    checked++;
    const s = tileState({ width: goal.width, height: goal.height, cells });
    for (const a of p.actions(s)) {
      const there = lc(p.result(s, a).cells);
      if (Math.abs(here - there) > 1) expect(Math.abs(here - there), `${cells.join(' ')} ${a}`).toBeLessThanOrEqual(1);
    }
  }
  return { states: dist.size, checked };
}

describe('linear conflict is admissible and consistent', () => {
  test('every state of 2x3 and 3x2', () => {
    expect(checkAdmissibleAndConsistent(board('1 2 3/4 5 0')).states).toBe(360);
    expect(checkAdmissibleAndConsistent(board('1 2/3 4/5 0')).states).toBe(360);
  });

  test('every state of a walled 2x4 and a walled 3x3', () => {
    expect(checkAdmissibleAndConsistent(board('# 1 2 3/4 5 6 0')).states).toBeGreaterThan(100); // a dead-end cell: few states
    expect(checkAdmissibleAndConsistent(board('1 2 #/3 4 5/6 7 0')).states).toBe(20160);
  });

  test('every 3x3 state against BFS distances; consistency on a seeded sample', () => {
    const rand = prng(42);
    const r = checkAdmissibleAndConsistent(GOAL, () => rand() < 0.05);
    expect(r.states).toBe(181_440);
    expect(r.checked).toBeGreaterThan(5000);
  });
});
