// Builds the browser lab into dist/: two esbuild bundles (page + the puzzle's workers) and
// the static files. Views import their markup (*.html) as text.
// The engine is bundled from its TypeScript sources; its WASM is embedded as base64, so the
// bundles need nothing else at run time.
import { build } from 'esbuild';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, 'src');
const dist = join(here, 'dist');
// A folder, so that subpaths resolve too (@searchlab/engine/puzzle → src/puzzle/index.ts).
const engineEntry = join(here, '..', 'engine', 'src');

/** Write via a temporary file and rename, so the server never serves a half-written file. */
async function writeAtomic(path, contents) {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, contents);
  await rename(tmp, path);
}

const result = await build({
  entryPoints: { main: join(src, 'main.ts'), worker: join(src, 'worker.ts') },
  outdir: dist,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: 'linked',
  alias: { '@searchlab/engine': engineEntry },
  loader: { '.html': 'text', '.tsv': 'text' },
  write: false,
  logLevel: 'warning',
}).catch(() => {
  // esbuild has already printed the errors with their locations.
  process.exit(1);
});

for (const file of result.outputFiles) await writeAtomic(file.path, file.contents);
for (const name of ['index.html', 'style.css']) {
  await writeAtomic(join(dist, name), await readFile(join(src, name)));
}

const files = result.outputFiles.map((f) => relative(here, f.path)).filter((p) => !p.endsWith('.map'));
console.log(`web: built ${[...files, 'dist/index.html', 'dist/style.css'].join(', ')}`);
