// heuristicBreakdown: the tile-by-tile h the lab shows adds up to the solver's h.
import { describe, expect, test } from 'vitest';
import { heuristicBreakdown, makeHeuristic } from '../../src/puzzle/heuristics.js';
import { goalBoard } from '../../src/puzzle/board.js';
import { randomSolvable } from '../../src/puzzle/generate.js';
import { HEURISTICS } from '../../src/puzzle/options.js';
import { board } from '../search/helpers.js';

describe('heuristicBreakdown', () => {
  test('its parts add up to h on random boards of several shapes, for every heuristic', () => {
    for (const goal of [goalBoard(3, 3), goalBoard(4, 4), goalBoard(5, 3), goalBoard(3, 3, 'blank-first')]) {
      for (let seed = 0; seed < 40; seed++) {
        const b = randomSolvable(goal, seed);
        for (const name of HEURISTICS) {
          const { h, tiles } = heuristicBreakdown(b, goal, name);
          expect(h).toBe(makeHeuristic(name, goal)(b.cells));
          const parts = {
            misplaced: tiles.filter((t) => t.misplaced).length,
            manhattan: tiles.reduce((a, t) => a + t.manhattan, 0),
            euclidean: h, // summed in another order by the solver: compared to 1e-9 below
            'linear-conflict': tiles.reduce((a, t) => a + t.manhattan + 2 * (Number(t.leavesRow) + Number(t.leavesColumn)), 0),
          }[name];
          if (name === 'euclidean') expect(tiles.reduce((a, t) => a + t.euclidean, 0)).toBeCloseTo(h, 9);
          else expect(parts).toBe(h);
        }
      }
    }
  });
  test('a row conflict: 2 1 in the top row sends one tile out', () => {
    const { h, tiles } = heuristicBreakdown(board('2 1 3/4 5 6/7 8 0'), goalBoard(3, 3), 'linear-conflict');
    expect(h).toBe(4);
    expect(tiles.filter((t) => t.leavesRow).length).toBe(1);
    expect(
      tiles
        .filter((t) => t.misplaced)
        .map((t) => t.tile)
        .sort(),
    ).toEqual([1, 2]);
  });
});
