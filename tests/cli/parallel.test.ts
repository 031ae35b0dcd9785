// `puzzle solve -p … --jobs N`: parallel IDA* on worker threads, end to end (issue 24).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, ensureBuilt, expectOneLineError, run } from './run.js';

beforeAll(ensureBuilt);

const KORF_2 = '13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6'; // 55 moves; ~2·10^6 nodes with linear conflict
const KORF_1 = '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3'; // 57 moves; far longer with Manhattan
const KORF_88 = '15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4'; // the hardest of Korf's 100 for Manhattan
const LC = ['--goal', 'blank-first', '--algorithm', 'idastar', '--heuristic', 'linear-conflict'];

describe('puzzle solve --jobs N (one board)', () => {
  it("finds the sequential run's path on 2 and 3 worker threads, one stderr line per finished iteration", async () => {
    const seq = await run(['puzzle', 'solve', '-p', KORF_2, ...LC, '--json']);
    expect(seq.code).toBe(0);
    const s = JSON.parse(seq.stdout);
    for (const jobs of ['2', '3']) {
      const r = await run(['puzzle', 'solve', '-p', KORF_2, ...LC, '--jobs', jobs, '--split-depth', '3', '--json']);
      expect(r.code).toBe(0);
      const p = JSON.parse(r.stdout);
      expect(p.length).toBe(55);
      expect(p.moves).toEqual(s.moves);
      expect(p.stats.iterations).toBe(s.stats.iterations);
      expect(p.parallel.workers).toBe(Number(jobs));
      expect(p.parallel.foundIn.iteration).toBe(s.stats.iterations);
      // Every iteration but the last counts what the sequential run did: their sum is below its total.
      const before = p.parallel.iterations.slice(0, -1).reduce((a: number, it: { expanded: number }) => a + it.expanded, 0);
      expect(before).toBeLessThan(s.stats.expanded);
      expect(p.stats.expanded).toBeGreaterThanOrEqual(s.stats.expanded);
    }
    const text = await run(['puzzle', 'solve', '-p', KORF_2, ...LC, '--jobs', '2']);
    expect(text.code).toBe(0);
    expect(text.stderr.match(/^iteration \d+: threshold \d+, /gm)).toHaveLength(s.stats.iterations - 1);
    expect(text.stdout).toMatch(/^Parallel: 2 workers; found in iteration \d+, subtree \d+/m);
  });

  it('refuses an algorithm other than idastar with a one-line error (exit 2)', async () => {
    const r = await run(['puzzle', 'solve', '-p', KORF_2, '--goal', 'blank-first', '--jobs', '2']);
    expect(r.code).toBe(2);
    expectOneLineError(r.stderr);
    expect(r.stderr).toMatch(/parallel IDA\*.*idastar/);
  });

  it('--timeout stops every subtree: exit 4 with the statistics so far', async () => {
    // 4 s from the process start: a loaded machine may take a second to start the CLI and its workers
    // (at 1 s none had searched yet). Korf's #88 with Manhattan needs ~6·10^9 nodes (Korf 1985): about a
    // minute on two idle cores, far more than 4 s. (#1 needs only ~2.8·10^8: an idle machine solved it.)
    const r = await run([
      'puzzle',
      'solve',
      '-p',
      KORF_88,
      '--goal',
      'blank-first',
      '--heuristic',
      'manhattan',
      '--algorithm',
      'idastar',
      '--jobs',
      '2',
      '--timeout',
      '4',
      '--json',
    ]);
    expect(r.code).toBe(4);
    const json = JSON.parse(r.stdout);
    expect(json.status).toBe('limit');
    expect(json.reason).toMatch(/^timeout/);
    expect(json.stats.expanded).toBeGreaterThan(0);
  });

  it('--max-nodes stops it: exit 4', async () => {
    const r = await run(['puzzle', 'solve', '-p', KORF_1, '--goal', 'blank-first', '--algorithm', 'idastar', '--jobs', '2', '--max-nodes', '300000', '--json']);
    expect(r.code).toBe(4);
    const json = JSON.parse(r.stdout);
    expect(json.reason).toMatch(/^node limit/);
    expect(json.stats.expanded).toBeGreaterThanOrEqual(300_000);
  });

  it('Ctrl-C after an iteration ends it at once: exit 130, status aborted', async () => {
    const child = spawn(process.execPath, [BIN, 'puzzle', 'solve', '-p', KORF_1, '--goal', 'blank-first', '--algorithm', 'idastar', '--jobs', '2', '--json'], {
      cwd: ROOT,
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    // Interrupt once the worker threads are searching: after the first iteration that had subtrees.
    let sent = false;
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (!sent && /iteration \d+: threshold \d+, [1-9]/.test(d)) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(sent).toBe(true);
    expect(code).toBe(130);
    expect(JSON.parse(stdout).status).toBe('aborted');
  });
});

describe('puzzle solve --file F --jobs N', () => {
  it('solves every board of a file on 6 worker threads with nothing but the summary on stderr (its 12 lanes share one stop signal)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'searchlab-cli-jobs-'));
    try {
      const file = join(dir, 'boards.txt');
      // 8-puzzles a few moves from the goal: the 2 × 6 lanes start on 12 of them at once.
      const boards = [
        '0 2 3 1 4 6 7 5 8',
        '1 2 3 0 4 6 7 5 8',
        '1 2 3 4 5 6 7 0 8',
        '1 2 3 4 8 5 7 0 6',
        '1 2 3 7 4 5 8 0 6',
        '1 3 0 4 2 6 7 5 8',
        '1 3 0 8 2 5 4 7 6',
        '1 3 5 4 2 0 7 8 6',
        '1 5 2 4 0 3 7 8 6',
        '1 5 2 4 8 3 0 7 6',
        '4 1 3 0 2 5 7 8 6',
        '4 1 3 7 2 6 5 8 0',
      ];
      writeFileSync(file, `${boards.join('\n')}\n`);
      const r = await run(['puzzle', 'solve', '--file', file, '--algorithm', 'idastar', '--jobs', '6', '--json']);
      expect(r.code).toBe(0);
      const out = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(out.map((x) => x.status)).toEqual(Array(12).fill('solved'));
      // Before the fix Node warned here: "MaxListenersExceededWarning: Possible EventTarget memory leak detected".
      expect(r.stderr.trim()).toMatch(/^12 of 12 instances: 12 solved; .* on 6 jobs$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
