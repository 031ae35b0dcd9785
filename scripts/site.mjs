// `pnpm site [folder]`: the static site — the browser lab at the root and the engine's API reference
// under api/ — in one folder (default site/) that works from any static host under any sub-path: every
// URL in it is relative, routes live in the hash, and nothing needs special headers.
// Run after the build (`pnpm site` builds first).
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(process.argv[2] ?? join(root, 'site'));
const lab = join(root, 'packages/web/dist');
if (!existsSync(join(lab, 'index.html'))) {
  console.error('searchlab site: packages/web/dist is not built; run `pnpm build` first');
  process.exit(1);
}
// Built beside the target and renamed, so a host never serves half a site.
const tmp = `${out}.tmp-${process.pid}`;
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
cpSync(lab, tmp, { recursive: true, filter: (f) => !f.endsWith('.map') });
const typedoc = join(dirname(createRequire(import.meta.url).resolve('typedoc/package.json')), 'bin', 'typedoc');
execFileSync(process.execPath, [typedoc, '--out', join(tmp, 'api'), '--logLevel', 'Error'], { cwd: root, stdio: 'inherit' });
// GitHub Pages and similar hosts skip folders that start with _ unless told not to.
writeFileSync(join(tmp, '.nojekyll'), '');
rmSync(out, { recursive: true, force: true });
renameSync(tmp, out);
console.log(`searchlab site: ${out} (the lab at index.html, the API reference at api/index.html)`);
