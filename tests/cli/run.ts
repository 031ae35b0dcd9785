// Spawns the built CLI bundle, (re)building it first when it is missing or older than the sources.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { ROOT, ensureBundle } from '../support/bundle.js';

export { ROOT };
export const BIN = join(ROOT, 'packages/cli/dist/searchlab.js');

/** Builds dist/searchlab.js via packages/cli/build.mjs unless it is newer than the CLI and engine sources. */
export const ensureBuilt = (): void => ensureBundle('cli', BIN);

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node searchlab.js ...args` from the repo root, with `input` on stdin (closed when absent). */
export function run(args: string[], input = '', nodeArgs: string[] = [], env: Record<string, string> = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, BIN, ...args], { cwd: ROOT, env: { ...process.env, SEARCHLAB_DEBUG: '', ...env } });
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

/** `run`, plus the child's peak resident memory in bytes (process.resourceUsage().maxRSS at exit). */
export function runMeasured(args: string[], env: Record<string, string> = {}): Promise<RunResult & { maxRssBytes: number }> {
  return inTempDir('rss', async (dir) => {
    const file = join(dir, 'max-rss');
    const r = await run(args, '', ['--import', pathToFileURL(join(ROOT, 'tests/support/max-rss.mjs')).href], { ...env, SEARCHLAB_MAX_RSS_FILE: file });
    return { ...r, maxRssBytes: Number(readFileSync(file, 'utf8')) * 1024 };
  });
}

/** Runs `body` in a fresh temporary directory (searchlab-<prefix>-…), removed afterwards whatever happens. */
export async function inTempDir<T>(prefix: string, body: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `searchlab-${prefix}-`));
  try {
    return await body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A stderr that is one `searchlab: …` line and nothing that looks like a stack trace. */
export function expectOneLineError(stderr: string): void {
  expect(stderr).toMatch(/^searchlab: \S.*\n$/);
  expect(stderr).not.toMatch(/\n\s+at /);
}
