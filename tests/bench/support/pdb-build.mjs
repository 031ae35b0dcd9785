// One pattern-database build in a process of its own, so its peak memory is its own: builds the
// named partition into the cache directory given (which must not hold it yet) on the threaded
// builder with the given thread count, or with "kernel" on this thread's kernel (one thread).
// Prints one JSON line: {"ms": build time incl. cache writes, "maxRssMB": the process's peak}.
import { PDB_SPECS, loadPdb } from '@searchlab/engine/puzzle';
import { useFileCache, useThreadedPdbBuilds } from '@searchlab/engine/node';

const [name, dir, mode] = process.argv.slice(2);
if (!(name in PDB_SPECS) || !dir || !mode) throw new Error('usage: pdb-build.mjs <partition> <cache dir> <threads|kernel>');
useFileCache(dir);
if (mode !== 'kernel') useThreadedPdbBuilds(Number(mode));
const t0 = performance.now();
await loadPdb(PDB_SPECS[name]);
const ms = performance.now() - t0;
console.log(JSON.stringify({ ms, maxRssMB: process.resourceUsage().maxRSS / 1024 }));
