// Keeps a package's esbuild bundle fresh for tests run straight from vitest (pnpm test builds
// everything first; a developer running one file should not test a stale bundle).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Runs packages/<pkg>/build.mjs unless `bundle` is newer than that package's and the engine's sources. */
export function ensureBundle(pkg: 'cli' | 'web', bundle: string): void {
  let built = 0;
  try {
    built = statSync(bundle).mtimeMs;
  } catch {
    /* missing: build it */
  }
  const sources = Math.max(newestMtime(join(ROOT, 'packages', pkg, 'src')), newestMtime(join(ROOT, 'packages/engine/src')));
  if (built > sources) return;
  const r = spawnSync(process.execPath, [join(ROOT, 'packages', pkg, 'build.mjs')], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building packages/${pkg} failed:\n${r.stderr}${r.stdout}`);
}
