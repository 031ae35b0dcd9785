// Pattern databases: ranks, the WASM builder against the plain TS reference builder entry for
// entry, exact distances (a full 8-puzzle pattern is the true distance), admissibility on samples.
import { describe, expect, it } from 'vitest';
import { PDB_SPECS, goalBoard, loadPdb, placements, randomWalk, solvePuzzle, type PdbSpec } from '@searchlab/engine/puzzle';
import { makeHeuristic } from '../../src/puzzle/heuristics.js';
// The builder's internals are not public: they are tested from their source.
import { buildPatternReference, patternDistance, pdbHeuristic, rankPlacement, unrankPlacement } from '../../src/puzzle/pdb.js';

const spec = (width: number, patterns: number[][]): PdbSpec => ({ key: `test-${width}`, width, height: width, patterns });

describe('ranks of placements', () => {
  it('rank and unrank are inverse and dense over every placement', () => {
    const n = placements(9, 3);
    for (let r = 0; r < n; r++) expect(rankPlacement(unrankPlacement(r, 3, 9), 9)).toBe(r);
    expect(new Set(Array.from({ length: n }, (_, r) => unrankPlacement(r, 3, 9).join())).size).toBe(n);
  });
});

describe('the WASM builder against the TS reference builder', () => {
  const cases: [string, PdbSpec][] = [
    [
      '8-puzzle 4-4',
      spec(3, [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ]),
    ],
    [
      '8-puzzle 3-5',
      spec(3, [
        [2, 4, 8],
        [1, 3, 5, 6, 7],
      ]),
    ],
    [
      '15-puzzle 3 + 4 tiles',
      spec(4, [
        [13, 14, 15],
        [1, 4, 5, 8],
      ]),
    ],
  ];
  for (const [name, s] of cases) {
    it(`${name}: every entry equal`, async () => {
      const pdb = await loadPdb(s);
      s.patterns.forEach((labels, p) => {
        const ref = buildPatternReference(s.width, s.height, labels);
        const cells = s.width * s.height;
        let mismatches = 0;
        for (let r = 0; r < ref.length; r++) {
          if (patternDistance(pdb.tables[p]!, labels, r, s.width, cells) !== ref[r]) mismatches++;
        }
        expect(mismatches).toBe(0);
      });
    });
  }

  it('a pattern of all eight tiles gives the true distance of the 8-puzzle (BFS)', async () => {
    const labels = [1, 2, 3, 4, 5, 6, 7, 8];
    const pdb = await loadPdb(spec(3, [labels]));
    const goal = goalBoard(3, 3, 'blank-first');
    for (let seed = 1; seed <= 12; seed++) {
      const start = randomWalk(goal, 40, seed).board;
      const bfs = await solvePuzzle(start, goal, { algorithm: 'bfs' });
      expect(pdbHeuristic(pdb, goal, false)(start.cells)).toBe(bfs.length);
    }
  });
});

describe('5-5-5 on the 15-puzzle', () => {
  it('never exceeds the true distance, for both goal conventions, with and without reflection', async () => {
    const pdb = await loadPdb(PDB_SPECS.pdb555);
    for (const preset of ['blank-first', 'blank-last'] as const) {
      const goal = goalBoard(4, 4, preset);
      const hs = [pdbHeuristic(pdb, goal, false), pdbHeuristic(pdb, goal, true)];
      const manhattan = makeHeuristic('manhattan', goal);
      let stronger = 0;
      for (let seed = 1; seed <= 10; seed++) {
        const start = randomWalk(goal, 34, 500 + seed).board;
        const optimal = (await solvePuzzle(start, goal, { algorithm: 'idastar', heuristic: 'linear-conflict' })).length!;
        for (const h of hs) {
          expect(h(start.cells)).toBeLessThanOrEqual(optimal);
          expect(h(start.cells)).toBeGreaterThanOrEqual(manhattan(start.cells));
          if (h(start.cells) > manhattan(start.cells)) stronger++;
        }
      }
      expect(stronger).toBeGreaterThan(0);
    }
  });
});
