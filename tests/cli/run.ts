// Spawns the built CLI bundle, (re)building it first when it is missing or older than the sources.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'packages/cli/dist/searchlab.js');

function newestMtime(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Builds dist/searchlab.js via packages/cli/build.mjs unless it is newer than the CLI and engine sources. */
export function ensureBuilt(): void {
  let built = 0;
  try {
    built = statSync(BIN).mtimeMs;
  } catch { /* missing */ }
  const sources = Math.max(newestMtime(join(ROOT, 'packages/cli/src')), newestMtime(join(ROOT, 'packages/engine/src')));
  if (built > sources) return;
  const r = spawnSync(process.execPath, [join(ROOT, 'packages/cli/build.mjs')], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building the CLI failed:\n${r.stderr}${r.stdout}`);
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node searchlab.js ...args` from the repo root, with `input` on stdin (closed when absent). */
export function run(args: string[], input = ''): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, SEARCHLAB_DEBUG: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** Runs and parses stdout as the one JSON object the command printed. */
export async function runJson(args: string[], input = ''): Promise<RunResult & { json: any }> {
  const r = await run([...args, '--json'], input);
  let json: unknown;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    throw new Error(`stdout is not one JSON value (exit ${r.code}):\n${r.stdout}\nstderr:\n${r.stderr}`);
  }
  return { ...r, json };
}
