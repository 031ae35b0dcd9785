// Two bundles: the page and the engine's worker entry, which the page's pool loads by URL.
import { build } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';

await mkdir('dist', { recursive: true });
await build({
  entryPoints: { main: 'main.js', 'searchlab-worker': '@searchlab/engine/worker' },
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
});
await copyFile('index.html', 'dist/index.html');
