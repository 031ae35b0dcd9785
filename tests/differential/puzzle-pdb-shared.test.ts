// IDA* with pattern databases, WASM against the TS reference (pdb-suite.ts), on the searches'
// shared-memory build: 5-5-5 is read from the cache into the memory worker threads would share and
// searched there (5-5-5-5-4, a second set, stays in an instance of its own: one set is shared).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { processWasmMemory } from '../../packages/engine/src/core/shared-memory.js';
import { useSharedPdbs } from '../../packages/engine/src/node/shared-pdbs.js';
import { fileCache } from '../../packages/engine/src/node/pdb-cache.js';
import { PDB_SPECS } from '../../packages/engine/src/puzzle/pdb.js';
import { loadPdb, setPdbCache, sharedPdbReaders } from '../../packages/engine/src/puzzle/pdb-store.js';
import { pdbDifferentialSuite } from './pdb-suite.js';

beforeAll(() => {
  setPdbCache(fileCache(mkdtempSync(join(tmpdir(), 'searchlab-pdb-shared-'))));
  useSharedPdbs();
  expect(processWasmMemory()).toBeDefined();
});

it('5-5-5, built in this thread, is cached and then read into the shared memory', async () => {
  const pdb = await loadPdb(PDB_SPECS.pdb555);
  expect(pdb.tables.every((t) => t.buffer instanceof SharedArrayBuffer)).toBe(true);
  expect(await sharedPdbReaders(PDB_SPECS.pdb555)).toBe(1);
});

pdbDifferentialSuite(' (shared-memory build)');
