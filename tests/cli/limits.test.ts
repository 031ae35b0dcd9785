// Issue 6, exit codes and limits end to end: exit 4 for every limit (with statistics), exit 2 for
// invalid input, one-line errors; memory limits keep the process's peak RSS near the limit.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, ensureBuilt, expectOneLineError, run, runMeasured } from './run.js';

beforeAll(ensureBuilt);

const MiB = 2 ** 20;
const HARD = '15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4'; // the instance (blank-first goal)

describe('--max-memory', () => {
  // Stated factor: peak RSS <= Node's own baseline + 2 x the limit (measured: TS ~1.3x, WASM ~1.05x).
  it.each(['ts', 'wasm'])('%s: a small limit on a hard instance ends with exit 4, statistics, and RSS near the limit', async (backend) => {
    const limit = 128 * MiB;
    const base = await runMeasured(['puzzle', 'solve', '-p', '1 2 3 4 5 6 7 0 8', '--backend', backend]);
    expect(base.code).toBe(0);
    const r = await runMeasured(['puzzle', 'solve', '-p', HARD, '--goal', 'blank-first', '--backend', backend, '--max-memory', '128MB', '--json']);
    expect(r.code).toBe(4);
    const json = JSON.parse(r.stdout);
    expect(json.status).toBe('limit');
    expect(json.reason).toMatch(/^memory limit/);
    expect(json.stats.expanded).toBeGreaterThan(10_000);
    expect(r.maxRssBytes).toBeLessThan(base.maxRssBytes + 2 * limit);
  });

  it('dijkstra on the TS backend stops at the limit instead of dying of heap exhaustion', async () => {
    const r = await run(['puzzle', 'solve', '-p', HARD, '--goal', 'blank-first', '--algorithm', 'dijkstra', '--max-memory', '32MB']);
    expect(r.code).toBe(4);
    expect(r.stdout).toMatch(/stopped at a limit \(memory limit/);
    expect(r.stdout).toMatch(/Statistics so far:/);
  });

  it('worker threads share the process budget: compare --jobs 3 stays within it', async () => {
    const hard = ['15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4', '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3', '13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6'];
    const r = await runMeasured(
      [
        'puzzle',
        'compare',
        ...hard.flatMap((b) => ['-p', b]),
        '--goal',
        'blank-first',
        '--heuristics',
        'manhattan',
        '--algorithm',
        'bfs',
        '--jobs',
        '3',
        '--max-memory',
        '256MB',
        '--json',
      ],
      { SEARCHLAB_MEMORY_BUDGET: '96MB' },
    );
    expect(r.code).toBe(4);
    const json = JSON.parse(r.stdout);
    for (const inst of json.instances) expect(inst.results.manhattan.status).toBe('limit');
    // 3 runs x 256 MB would be 768 MB; one 96 MB budget plus Node and three worker threads stays far below
    expect(r.maxRssBytes).toBeLessThan(450 * MiB);
  });

  it.each(['0', '12parsecs', 'lots', '-1GB', '0x10MB'])('--max-memory %s is refused with exit 2', async (size) => {
    const r = await run(['puzzle', 'solve', '-p', HARD, '--max-memory', size]);
    expect(r.code).toBe(2);
    expectOneLineError(r.stderr);
    expect(r.stderr).toMatch(/max-memory/);
  });
});

/** Runs the CLI with stdin read from `path` (e.g. /dev/zero: endless, no newline). */
function runFromFile(args: string[], path: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const fd = openSync(path, 'r');
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: [fd, 'pipe', 'pipe'] });
    closeSync(fd);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('unbounded input and output', () => {
  it('generate --count 1e9 prints its first line at once (streamed), then can be stopped', async () => {
    const child = spawn(process.execPath, [BIN, 'puzzle', 'generate', '--count', '1e9', '--seed', '7'], { cwd: ROOT });
    const first = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error('no line within 30 s')), 30_000); // 1e9 boards buffered would take hours: 30 s still proves streaming
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        if (out.includes('\n')) {
          clearTimeout(timer);
          resolve(out.split('\n')[0]!);
        }
      });
    });
    child.kill();
    expect(first).toMatch(/^[0-8 /]+$/);
    const one = await run(['puzzle', 'generate', '--count', '1', '--seed', '7']);
    expect(one.stdout).toBe(`${first}\n`); // board i does not depend on the count
  });

  it('generate --json streams the same object printJson would print', async () => {
    const r = await run(['puzzle', 'generate', '--count', '3', '--seed', '5', '--walk', '10', '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(r.stdout).toBe(`${JSON.stringify(json, null, 2)}\n`);
    expect(json.boards).toHaveLength(3);
    expect(json.walk).toBe(10);
  });

  it('generate refuses a walk over the stated limit (1e8) with one line, exit 2', async () => {
    const r = await run(['puzzle', 'generate', '--walk', '200000000']);
    expect(r.code).toBe(2);
    expectOneLineError(r.stderr);
    expect(r.stderr).toMatch(/at most 100000000 moves/);
  });

  it('play with an endless non-terminal stdin says it needs a terminal (exit 2)', async () => {
    const r = await runFromFile(['puzzle', 'play', '--seed', '1'], '/dev/zero');
    expect(r.code).toBe(2);
    expectOneLineError(r.stderr);
    expect(r.stderr).toMatch(/play needs a terminal/);
  });

  it('-p - reads at most 64 MiB of stdin', async () => {
    const r = await runFromFile(['puzzle', 'solve', '-p', '-'], '/dev/zero');
    expect(r.code).toBe(2);
    expectOneLineError(r.stderr);
    expect(r.stderr).toMatch(/stdin: more than 64 MiB/);
  });
});
