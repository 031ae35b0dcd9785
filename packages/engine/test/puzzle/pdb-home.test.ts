// Loaded pattern databases live in one kernel instance of their own (docs/contracts/pdb.md, "Where
// the tables live"): the tables are views of that memory, a search leases it, and searches running
// at the same time in one thread (the second gets a copy) give the same results as one at a time.
import { describe, expect, it } from 'vitest';
import { PDB_SPECS, forgetPdbs, goalBoard, loadPdb, randomWalk, setPdbBuilder, setPdbCache, solvePuzzle } from '@searchlab/engine/puzzle';
import { buildPatternReference, patternDistance } from '../../src/puzzle/pdb.js';

describe('where loaded tables live', () => {
  it('views of one kernel memory; concurrent searches equal searches one at a time; tables intact after', async () => {
    setPdbCache(undefined);
    setPdbBuilder(undefined);
    forgetPdbs();
    const pdb = await loadPdb(PDB_SPECS.pdb555);
    expect(pdb.tables.every((t) => t.buffer === pdb.tables[0]!.buffer)).toBe(true);
    const goal = goalBoard(4, 4, 'blank-first');
    const boards = [1, 2, 3, 4].map((seed) => randomWalk(goal, 45, 100 + seed).board);
    const solve = (b: typeof goal) => solvePuzzle(b, goal, { algorithm: 'idastar', heuristic: 'pdb555' });
    const alone = [];
    for (const b of boards) alone.push(await solve(b));
    const together = await Promise.all(boards.map(solve));
    expect(together.map((r) => [r.length, r.stats.expanded])).toEqual(alone.map((r) => [r.length, r.stats.expanded]));
    const labels = PDB_SPECS.pdb555.patterns[2]!;
    const ref = buildPatternReference(4, 4, labels);
    let bad = 0;
    for (let r = 0; r < ref.length; r += 7) if (patternDistance(pdb.tables[2]!, labels, r, 4, 16) !== ref[r]) bad++;
    expect(bad).toBe(0);
    forgetPdbs();
  });
});
