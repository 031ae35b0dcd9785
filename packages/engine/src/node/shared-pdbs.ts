/**
 * Pattern databases shared by the worker threads of this process (pdb contract, "Shared by the
 * worker threads"): the searches' shared-memory build, kept out of browser bundles by living here.
 */
import { searchSharedWasmBase64 } from '#core-as/search-shared';
import { processWasmMemory } from '../core/shared-memory.js';
import { setSharedSearchBuild } from '../puzzle/pdb-store.js';

/**
 * From now on, tables loaded from the cache go into the memory this process's worker threads share
 * (created here, or in a worker the one its parent handed over), one copy for all of them, counted
 * once in the memory budget. Call it before loading tables in a thread that starts a pool (the
 * engine's worker calls it, so the workers share their copy in any case; the CLI calls it for --jobs).
 *
 * @example
 * ```ts
 * import { PDB_SPECS, loadPdb } from '@searchlab/engine/puzzle';
 * import { createNodePool, useSharedPdbs } from '@searchlab/engine/node';
 *
 * useSharedPdbs();
 * await loadPdb(PDB_SPECS.pdb555); // the copy the pool's workers will read
 * const pool = createNodePool({ size: 2 });
 * await pool.close();
 * ```
 */
export function useSharedPdbs(): void {
  if (processWasmMemory(true) !== undefined) setSharedSearchBuild(searchSharedWasmBase64);
}
