// Pattern databases for the 24-puzzle (5×5, blank-first goal): build and load times of pdb6666 and
// pdb55554, and Korf's cheapest random 24-puzzles (data/korf24-50.tsv) solved OPTIMALLY by IDA*
// with 6-6-6-6 + reflection, lengths asserted equal to the published optima.
// Full run: every database built in a fresh cache directory, then all the instances below.
// --quick: the databases from the user's cache (built there once if missing), the cheapest instance only.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadKernels } from '@searchlab/engine';
import { PDB_SPECS, forgetPdbs, goalLike, loadPdb, parseBoard, pdbBuildBytes, pdbTableBytes, solvePuzzle } from '@searchlab/engine/puzzle';
import { defaultCacheDir, useFileCache } from '@searchlab/engine/node';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const korf = readFileSync(join(repo, 'data/korf24-50.tsv'), 'utf8').split('\n').filter((l) => /^\d/.test(l)).map((l) => {
  const [id, optimal, tiles] = l.split('\t');
  const start = parseBoard(tiles, { size: 5 });
  return { id: +id, optimal: +optimal, start, goal: goalLike(start, 'blank-first') };
});
/**
 * Korf's 24-puzzles to solve, cheapest first, each with a node limit. Measured on this code
 * (6-6-6-6 + reflection, expanded nodes): #25 137 115 672, #40 168 042 877, #30 1 230 070 436 (all
 * optimal); more than 3.5·10^9: #20; more than 2.5·10^9: #22, #47; more than 10^9: #29, #36;
 * #44 1 109 650 716, #1 1 929 003 471. A limit hit is a
 * row with status limit, not an error.
 */
const INSTANCES = [
  { id: 25, maxNodes: 4e8 },
  { id: 40, maxNodes: 4e8 },
  { id: 30, maxNodes: 3e9 },
  { id: 44, maxNodes: 1.5e9 },
  { id: 1, maxNodes: 2.5e9 },
];
const MB = 2 ** 20;
const mb = (b) => +(b / MB).toFixed(1);
const s = (ms) => +(ms / 1000).toFixed(2);

export async function run(bench) {
  await loadKernels();
  const fresh = !bench.quick;
  const cacheDir = fresh ? mkdtempSync(join(tmpdir(), 'searchlab-bench-pdb24-')) : defaultCacheDir();
  useFileCache(cacheDir);
  try {
    const builds = bench.table('24-puzzle pattern database builds (WASM, single thread)', [
      { key: 'partition', label: 'partition', align: 'left' }, { key: 'tablesMB', label: 'tables MB (4 bits/entry)' },
      { key: 'peakMB', label: 'build peak MB' }, { key: 'buildS', label: fresh ? 'build s (incl. cache write)' : 'build or load s (user cache)' },
      { key: 'loadS', label: 'load from cache s' },
    ], 'Target (issue 11): all 5×5 databases built in ≤ 10 minutes on one thread, then loaded from the cache in seconds. One build each.');
    let total = 0;
    for (const name of ['pdb55554', 'pdb6666']) {
      const spec = PDB_SPECS[name];
      forgetPdbs();
      const t0 = performance.now();
      await loadPdb(spec);
      const buildMs = performance.now() - t0;
      total += buildMs;
      forgetPdbs();
      const t1 = performance.now();
      await loadPdb(spec);
      const loadMs = performance.now() - t1;
      builds.add({ partition: name, tablesMB: mb(pdbTableBytes(spec)), peakMB: mb(pdbBuildBytes(spec)), buildS: s(buildMs), loadS: s(loadMs) });
      bench.log(`${name}: ${fresh ? 'built' : 'built or loaded'} in ${s(buildMs)} s, loaded from cache in ${s(loadMs)} s`);
    }
    if (fresh) builds.note(`All 5×5 databases built in ${s(total)} s.`);

    const solves = bench.table("Korf's 24-puzzles solved optimally: IDA*, 6-6-6-6 + reflection (WASM, single thread, databases loaded)", [
      { key: 'korf', label: 'Korf #' }, { key: 'optimal', label: 'optimal (published)' }, { key: 'status', label: 'status', align: 'left' },
      { key: 'length', label: 'length' },
      { key: 'nodes', label: 'expanded' }, { key: 'seconds', label: 'seconds' }, { key: 'mnps', label: 'M nodes/s' },
    ], 'Korf & Felner 2002 (6-6-6-6 + reflection, their partition): about two days per instance on average, the easiest ~10^8–10^9 nodes. Times are the solver\'s own (search only), one run each; lengths asserted equal to the published optima.');
    for (const { id, maxNodes } of bench.quick ? INSTANCES.slice(0, 1) : INSTANCES) {
      const k = korf.find((x) => x.id === id);
      const r = await solvePuzzle(k.start, k.goal, { algorithm: 'idastar', heuristic: 'pdb6666', maxNodes });
      if (r.status === 'solved' && r.length !== k.optimal) throw new Error(`Korf 24 #${id}: length ${r.length}, optimal ${k.optimal}`);
      if (r.status !== 'solved' && r.status !== 'limit') throw new Error(`Korf 24 #${id}: ${r.status} (${r.reason ?? ''})`);
      solves.add({
        korf: id, optimal: k.optimal, status: r.status === 'solved' ? 'optimal' : `node limit ${maxNodes}`, length: r.length ?? '-',
        nodes: r.stats.expanded, seconds: s(r.stats.timeMs), mnps: +(r.stats.expanded / r.stats.timeMs / 1000).toFixed(2),
      });
      bench.log(`Korf 24 #${id}: ${r.status}, length ${r.length ?? '-'} (optimal ${k.optimal}), ${r.stats.expanded} nodes, ${s(r.stats.timeMs)} s`);
    }
  } finally {
    forgetPdbs();
    if (fresh) rmSync(cacheDir, { recursive: true, force: true });
  }
}
