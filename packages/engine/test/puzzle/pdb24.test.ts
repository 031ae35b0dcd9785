// Pattern databases on 5×5 boards (the 24-puzzle): the WASM builder against the plain TS reference
// builder entry for entry on small patterns (blank regions past cell 16 included), admissibility of
// pdb55554 against optimal lengths, and the memory limit choosing or refusing a partition.
import { afterAll, describe, expect, it } from 'vitest';
import {
  PDB_SPECS,
  forgetPdbs,
  goalBoard,
  loadPdb,
  pdbBuildBytes,
  pdbTableBytes,
  randomWalk,
  resolveHeuristic,
  setPdbCache,
  solvePuzzle,
  type PdbSpec,
} from '@searchlab/engine/puzzle';
import { makeHeuristic } from '../../src/puzzle/heuristics.js';
// The builder's internals are not public: they are tested from their source.
import { buildPatternReference, patternDistance, pdbHeuristic } from '../../src/puzzle/pdb.js';

afterAll(() => forgetPdbs());

describe('5×5: the WASM builder against the TS reference builder', () => {
  // Corners and the far edge: placements that cut the blank's cells into several regions, high cells.
  const spec: PdbSpec = {
    key: 'test-5x5',
    width: 5,
    height: 5,
    patterns: [
      [1, 5, 6],
      [18, 23, 24],
      [4, 9, 20],
      [12, 13],
    ],
  };
  it('every entry equal', async () => {
    const pdb = await loadPdb(spec);
    spec.patterns.forEach((labels, p) => {
      const ref = buildPatternReference(5, 5, labels);
      let mismatches = 0;
      let unreached = 0;
      for (let r = 0; r < ref.length; r++) {
        if (ref[r]! < 0) unreached++;
        if (patternDistance(pdb.tables[p]!, labels, r, 5, 25) !== ref[r]) mismatches++;
      }
      expect(unreached).toBe(0); // a partial pattern reaches every placement
      expect(mismatches).toBe(0);
    });
  });
});

describe('pdb55554 on the 24-puzzle', () => {
  it('never exceeds the optimal length, both goal conventions, with and without reflection; often above Manhattan', async () => {
    const pdb = await loadPdb(PDB_SPECS.pdb55554);
    let stronger = 0;
    for (const preset of ['blank-first', 'blank-last'] as const) {
      const goal = goalBoard(5, 5, preset);
      const [plain, reflected] = [pdbHeuristic(pdb, goal, false), pdbHeuristic(pdb, goal, true)];
      const manhattan = makeHeuristic('manhattan', goal);
      for (let seed = 1; seed <= 8; seed++) {
        const start = randomWalk(goal, 40, 2400 + seed).board;
        const optimal = (await solvePuzzle(start, goal, { algorithm: 'idastar', heuristic: 'linear-conflict' })).length!;
        const [h0, h1, m] = [plain(start.cells), reflected(start.cells), manhattan(start.cells)];
        expect(h1).toBeLessThanOrEqual(optimal);
        expect(h1).toBeGreaterThanOrEqual(h0);
        expect(h0).toBeGreaterThanOrEqual(m);
        if (h0 > m) stronger++;
      }
    }
    expect(stronger).toBeGreaterThan(0);
  });

  it('solves a 5×5 random walk optimally with the same length as linear conflict, on both backends', async () => {
    const goal = goalBoard(5, 5, 'blank-first');
    const start = randomWalk(goal, 50, 31).board;
    const lc = await solvePuzzle(start, goal, { algorithm: 'idastar', heuristic: 'linear-conflict' });
    const wasm = await solvePuzzle(start, goal, { heuristic: 'pdb55554' });
    const ts = await solvePuzzle(start, goal, { heuristic: 'pdb55554', backend: 'ts' });
    expect(wasm.status).toBe('solved');
    expect(wasm.length).toBe(lc.length);
    expect(ts.stats.expanded).toBe(wasm.stats.expanded);
    expect(wasm.stats.expanded).toBeLessThan(lc.stats.expanded);
  });
});

describe('5×5 limits', () => {
  it('a 7-tile pattern (2 422 728 000 placements, past i32 ranks) is refused, not built', async () => {
    const big: PdbSpec = { key: 'big', width: 5, height: 5, patterns: [[1, 2, 3, 4, 5, 6, 7]] };
    await expect(loadPdb(big)).rejects.toThrow('big: patterns must be disjoint sets of tiles 1..24, each with fewer than 2^31 placements');
  });

  it('pdb6666 refused when its build does not fit; auto takes pdb55554 under that limit, pdb6666 without one', async () => {
    setPdbCache(undefined);
    const goal = goalBoard(5, 5, 'blank-first');
    const start = randomWalk(goal, 30, 5).board;
    const limit = 200 * 2 ** 20;
    expect(pdbBuildBytes(PDB_SPECS.pdb55554)).toBeLessThan(limit);
    expect(pdbTableBytes(PDB_SPECS.pdb6666)).toBeGreaterThan(limit); // 4 tables of 127 512 000 entries at 4 bits
    const r = await solvePuzzle(start, goal, { heuristic: 'pdb6666', maxMemoryBytes: limit });
    expect(r.status).toBe('limit');
    expect(r.reason).toMatch(/^memory: the pdb6666 pattern databases need \d+ MB to build, more than the memory limit of 200 MB$/);
    const auto = await solvePuzzle(start, goal, { heuristic: 'auto', maxMemoryBytes: limit });
    expect(auto.heuristic).toBe('pdb55554');
    expect(auto.status).toBe('solved');
    expect((await resolveHeuristic(goal, { heuristic: 'auto' })).heuristic).toBe('pdb6666');
    expect((await resolveHeuristic(goal, { heuristic: 'auto', maxMemoryBytes: 2 ** 20 })).heuristic).toBe('linear-conflict');
  });
});
