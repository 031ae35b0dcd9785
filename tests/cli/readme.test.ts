// Every `searchlab` example in the README, run as a newcomer would paste it (in README order, in one
// scratch directory, `searchlab` on PATH), with its exit code and a time budget. The examples are
// read from whatever README is there: shell code blocks, backslash continuations joined, pipes kept.
//
// The README's conventions this test reads (docs/readme-examples.md):
// - an expected exit code other than 0 is written in the example's comment as "(exit N)" or "exit N";
// - an example that takes longer than a few seconds says so in its comment as "~N s" or "~N min"
//   (e.g. "# … (~5 min the first time: builds …)"). It then gets a budget of three times that plus
//   30 s, and when the stated cost is over 30 s it runs only with SEARCHLAB_README_LONG=1;
// - every other example has 60 s (it should take seconds; the margin is for a loaded machine).
// Skipped, with the reason printed: interactive examples (`play`), and those needing PostgreSQL
// (`--db`, `worker`, `cluster up`, `--resume`) unless SEARCHLAB_README_DB=postgres://… is set
// (then a worker serves that database while the producers run; `cluster up`, `worker` and the
// `--resume <id>` placeholder stay skipped: the test provides the database and the worker itself).
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, ensureBuilt } from './run.js';

export interface Example {
  /** The command line as pasted (continuations joined, comment dropped). */
  command: string;
  comment: string;
  /** README line of its first line. */
  line: number;
}

/** The text of `line` before an unquoted ` #` (a comment), and that comment. */
export function splitComment(line: string): [string, string] {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return [line.slice(0, i).trimEnd(), line.slice(i + 1).trim()];
  }
  return [line.trimEnd(), ''];
}

const SHELL_BLOCK = /^(?:sh|bash|shell|console|)$/;

/** The `searchlab` commands of the README's shell code blocks. */
export function readmeExamples(markdown: string): Example[] {
  const lines = markdown.split('\n');
  const examples: Example[] = [];
  let inShell = false;
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(```+|~~~+)\s*([\w-]*)/.exec(lines[i]!);
    if (open) {
      if (fence === undefined) {
        fence = open[2]!;
        inShell = SHELL_BLOCK.test(open[3]!);
      } else if (lines[i]!.trim().startsWith(fence)) fence = undefined;
      continue;
    }
    if (fence === undefined || !inShell) continue;
    const first = i;
    const parts: string[] = [];
    const comments: string[] = [];
    for (;;) {
      const [code, comment] = splitComment(lines[i]!.replace(/^\$\s+/, ''));
      if (comment) comments.push(comment);
      if (code.endsWith('\\') && i + 1 < lines.length) {
        parts.push(code.slice(0, -1).trim());
        i++;
      } else {
        parts.push(code.trim());
        break;
      }
    }
    const command = parts.filter(Boolean).join(' ');
    // A command of ours: it starts with searchlab, or pipes into it.
    if (/(^|\|\s*)searchlab\s/.test(command)) examples.push({ command, comment: comments.join(' '), line: first + 1 });
  }
  return examples;
}

/** Seconds an example's comment says it takes ("~5 min", "~40 s"), if it says. */
export function statedCost(comment: string): number | undefined {
  const m = /~\s*(\d+(?:\.\d+)?)\s*(s|sec|seconds?|min|minutes?|h|hours?)\b/.exec(comment);
  if (!m) return undefined;
  const n = Number(m[1]);
  return m[2]!.startsWith('h') ? n * 3600 : m[2]!.startsWith('m') ? n * 60 : n;
}

export function expectedExit(comment: string): number {
  const m = /\bexit (\d+)\b/.exec(comment);
  return m ? Number(m[1]) : 0;
}

const DEFAULT_BUDGET_S = 60;
const LONG_FROM_S = 30;

/** Why an example does not run here (undefined: it runs). */
export function skipReason(e: Example, env: NodeJS.ProcessEnv): string | undefined {
  const words = e.command.split(/\s+/);
  if (/\bsearchlab puzzle play\b/.test(e.command)) return 'interactive (reads keys until q)';
  if (/\bsearchlab cluster up\b/.test(e.command)) return 'starts a PostgreSQL server that runs until stopped';
  if (/\bsearchlab worker\b/.test(e.command)) return 'a queue worker runs until stopped (with SEARCHLAB_README_DB the test runs its own)';
  if (words.includes('--resume')) return 'resumes a run by the id an earlier producer printed (a placeholder here)';
  if (words.includes('--db') && !env.SEARCHLAB_README_DB) return 'needs PostgreSQL: set SEARCHLAB_README_DB=postgres://… to run it';
  const cost = statedCost(e.comment);
  if (cost !== undefined && cost > LONG_FROM_S && env.SEARCHLAB_README_LONG !== '1') {
    return `long (the README says ~${cost >= 60 ? `${cost / 60} min` : `${cost} s`}): set SEARCHLAB_README_LONG=1 to run it`;
  }
  return undefined;
}

export function budgetSeconds(e: Example): number {
  const cost = statedCost(e.comment);
  return cost === undefined ? DEFAULT_BUDGET_S : 3 * cost + 30;
}

// ---- the run ----

let dir: string;
let worker: ChildProcess | undefined;

/** Small inputs for the examples that read the reader's own files (data.csv, data.tsv, points.json). */
function writeInputs(to: string): void {
  const xs = Array.from({ length: 40 }, (_, i) => i / 4);
  const y = (x: number, i: number) => 0.5 * x ** 3 - 2 * x + 1 + Math.sin(7 * i); // deterministic wiggle
  writeFileSync(join(to, 'data.csv'), `x,y\n${xs.map((x, i) => `${x},${y(x, i)}`).join('\n')}\n`);
  writeFileSync(join(to, 'data.tsv'), `time\tvolts\tw\n${xs.map((x, i) => `${x}\t${y(x, i)}\t${1 + (i % 3)}`).join('\n')}\n`);
  writeFileSync(join(to, 'points.json'), JSON.stringify(xs.map((x, i) => [x, y(x, i)])));
}

/** Runs `command` in the scratch directory; past `killAfterS` its process group is killed (exit null). */
function runShell(
  command: string,
  env: NodeJS.ProcessEnv,
  killAfterS: number,
): Promise<{ code: number | null; stdout: string; stderr: string; seconds: number }> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const child = spawn('/bin/sh', ['-c', command], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), killAfterS * 1000);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout = (stdout + d).slice(-4000)));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, seconds: (performance.now() - began) / 1000 });
    });
  });
}

const examples = readmeExamples(readFileSync(join(ROOT, 'README.md'), 'utf8'));

describe('README examples', () => {
  let env: NodeJS.ProcessEnv;
  beforeAll(() => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'searchlab-readme-'));
    writeInputs(dir);
    symlinkSync(join(ROOT, 'data'), join(dir, 'data'));
    const binDir = mkdtempSync(join(tmpdir(), 'searchlab-bin-'));
    writeFileSync(join(binDir, 'searchlab'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(binDir, 'searchlab'), 0o755);
    env = { ...process.env, PATH: `${binDir}:${process.env.PATH ?? ''}`, SEARCHLAB_DEBUG: '' };
    const db = process.env.SEARCHLAB_README_DB;
    if (db && examples.some((e) => e.command.split(/\s+/).includes('--db'))) {
      worker = spawn(process.execPath, [BIN, 'worker', '--db', db, '--jobs', '2'], { cwd: dir, env, stdio: 'ignore' });
    }
  });
  afterAll(() => {
    worker?.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds the examples and reads their comments', () => {
    expect(examples.length).toBeGreaterThan(10);
    expect(examples.every((e) => /searchlab/.test(e.command))).toBe(true);
    // A wall '#' inside quotes is part of the board, not a comment.
    expect(splitComment("searchlab puzzle solve -p '1 # 2/3 0 4'   # walls")).toEqual(["searchlab puzzle solve -p '1 # 2/3 0 4'", 'walls']);
    expect(readmeExamples('```sh\necho 1 | searchlab a \\\n  --b c   # x (exit 3)\n```\n```ts\nsearchlab()\n```\n')).toEqual([
      { command: 'echo 1 | searchlab a --b c', comment: 'x (exit 3)', line: 2 },
    ]);
    expect(expectedExit('unsolvable, and why (exit 3)')).toBe(3);
    expect(statedCost('(~5 min the first time)')).toBe(300);
    expect(statedCost('~40 s')).toBe(40);
    expect(statedCost('no cost')).toBeUndefined();
  });

  for (const e of examples) {
    const reason = skipReason(e, process.env);
    const title = `line ${e.line}: ${e.command.length > 110 ? `${e.command.slice(0, 107)}…` : e.command}`;
    if (reason !== undefined) {
      it.skip(`${title} — skipped: ${reason}`, () => undefined);
      continue;
    }
    const budget = budgetSeconds(e);
    it(
      title,
      async () => {
        const db = process.env.SEARCHLAB_README_DB;
        const command = db ? e.command.replace(/postgres:\/\/\S+/g, db) : e.command;
        const r = await runShell(command, env, budget + 10);
        const what = `exit ${r.code} in ${r.seconds.toFixed(1)} s (budget ${budget} s)\nstdout: ${r.stdout.slice(-600)}\nstderr: ${r.stderr.slice(-600)}`;
        expect(r.code, what).toBe(expectedExit(e.comment));
        expect(r.seconds, what).toBeLessThanOrEqual(budget);
      },
      (budget + 30) * 1000,
    );
  }
});
