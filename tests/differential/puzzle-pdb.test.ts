// IDA* with pattern databases, WASM against the TS reference (pdb-suite.ts), the tables in a kernel
// instance of their own (no threads share them here).
import { expect, it } from 'vitest';
import { PDB_SPECS } from '../../packages/engine/src/puzzle/pdb.js';
import { loadPdb } from '../../packages/engine/src/puzzle/pdb-store.js';
import { pdbDifferentialSuite } from './pdb-suite.js';

it('5-5-5 lives in an instance of its own here: its tables are not on a shared memory', async () => {
  const pdb = await loadPdb(PDB_SPECS.pdb555);
  expect(pdb.tables.length).toBe(PDB_SPECS.pdb555.patterns.length);
  expect(pdb.tables.some((t) => t.buffer instanceof SharedArrayBuffer)).toBe(false);
});

pdbDifferentialSuite();
