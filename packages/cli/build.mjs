// Bundles the CLI and the engine's TypeScript sources into one ESM file, dist/searchlab.js.
import { build } from 'esbuild';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const out = here('./dist/searchlab.js');
// Write beside the target and rename, so a concurrent `node dist/searchlab.js` never sees half a file.
const tmp = `${out}.${process.pid}.tmp`;

await mkdir(here('./dist'), { recursive: true });
try {
  await build({
    entryPoints: [here('./src/main.ts')],
    outfile: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The engine is consumed from source: no separate engine build step is needed for the CLI.
    // A folder, so that subpaths resolve too: @searchlab/engine/puzzle → src/puzzle/index.ts.
    alias: { '@searchlab/engine': here('../engine/src') },
    // commander is CommonJS and requires node built-ins: give the ESM bundle a real `require`.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __searchlabRequire } from 'node:module';\nconst require = __searchlabRequire(import.meta.url);",
    },
    sourcemap: false,
    logLevel: 'warning',
  });
  await chmod(tmp, 0o755);
  await rename(tmp, out);
} catch (err) {
  await rm(tmp, { force: true });
  // esbuild already printed the diagnostics.
  if (!err?.errors) console.error(err);
  process.exit(1);
}
