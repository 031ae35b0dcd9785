// --timeout: one duration syntax (seconds, 500ms, 2m, 1h) and one meaning — wall-clock from the
// command's start, kept in every phase (set-up, pattern-database builds, the work) — in every
// command, on this thread and on 1 or 2 worker threads. The bound is the timeout + 0.5 s + what a
// bare start of the CLI costs right now, scaled by how loaded the machine is (see `bound`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, expectOneLineError, run } from './run.js';

const HARD = '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3';
let dir = '';
let boards = '';
let points = '';

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'searchlab-timeouts-'));
  boards = join(dir, 'boards.txt');
  writeFileSync(boards, `${HARD}\n${HARD}\n${HARD}\n`);
  // 200,000 points: read in a fraction of a second; degrees 0-20 with 10 folds take about 5 s on a
  // quiet machine (50,000 took 1.5 s: a quiet run could finish inside the limit).
  points = join(dir, 'points.csv');
  writeFileSync(points, Array.from({ length: 200_000 }, (_, i) => `${i / 5000},${Math.sin(i / 5000) + ((i * 7919) % 101) / 1000}\n`).join(''));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Wall-clock seconds of one CLI run. */
async function timed(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string; seconds: number }> {
  const t0 = performance.now();
  const r = await run(args, '', [], env);
  return { code: r.code, stderr: r.stderr, seconds: (performance.now() - t0) / 1000 };
}

/** What starting the CLI costs now (`--version`: no work), the slowest of two. */
async function startup(): Promise<number> {
  const a = await timed(['--version']);
  const b = await timed(['--version']);
  return Math.max(a.seconds, b.seconds);
}

const slowBfs = ['puzzle', 'solve', '-p', HARD, '--goal', 'blank-first', '--algorithm', 'bfs', '--backend', 'ts'];
const COMMANDS: [string, string[]][] = [
  ['puzzle solve', slowBfs],
  ['puzzle solve --file', ['puzzle', 'solve', '--file', '<boards>', '--goal', 'blank-first', '--algorithm', 'bfs', '--backend', 'ts']],
  [
    'puzzle compare',
    ['puzzle', 'compare', '--file', '<boards>', '--goal', 'blank-first', '--algorithm', 'bfs', '--backend', 'ts', '--heuristics', 'manhattan'],
  ],
  ['queens solve (3·10⁶, min-conflicts)', ['queens', 'solve', '3000000', '--algorithm', 'min-conflicts']],
  ['queens solve (10⁷, min-conflicts: its set-up too)', ['queens', 'solve', '10000000', '--algorithm', 'min-conflicts']],
  ['queens count', ['queens', 'count', '20']],
  ['monty', ['monty', '--trials', '1e12', '--backend', 'ts']],
  ['puzzle experiment (its board drawing too: a BFS of the 8-puzzle)', ['puzzle', 'experiment']],
  ['fit (a sweep of 21 degrees with 10 folds)', ['fit', '<points>', '--degrees', '0-20', '--folds', '10']],
  ['puzzle generate --depth (4x4 at 55: optimal solves)', ['puzzle', 'generate', '--size', '4', '--depth', '55', '--count', '3']],
  ['puzzle generate (10⁸ boards streamed)', ['puzzle', 'generate', '--count', '100000000']],
  ['puzzle step (bfs on a hard 15-puzzle, a line per expansion)', ['puzzle', 'step', '-p', HARD, '--goal', 'blank-first', '--algorithm', 'bfs']],
];
const JOBS: Record<string, boolean> = { 'puzzle solve --file': true, 'puzzle compare': true, 'queens count': true, monty: true };

/** A bare start of the CLI on a quiet machine of this kind (measured: 0.2–0.25 s). */
const QUIET_START_S = 0.3;
/**
 * The bound for a run with `--timeout t`: t + 0.5 s plus the start-up, on a quiet machine; on a
 * loaded one (a bare start slower than QUIET_START_S) the whole bound grows by as much: every
 * phase runs that much slower.
 */
const bound = (t: number, base: number): number => (t + 0.5) * Math.max(1, base / QUIET_START_S) + base;

describe('--timeout 1.5 means 1.5 s in every command', () => {
  for (const [name, args] of COMMANDS) {
    for (const jobs of JOBS[name] ? [undefined, '1', '2'] : [undefined]) {
      it(`${name}${jobs === undefined ? '' : ` --jobs ${jobs}`}: exit 4 within 1.5 s + 0.5 s`, async () => {
        const base = await startup();
        const r = await timed([
          ...args.map((a) => (a === '<boards>' ? boards : a === '<points>' ? points : a)),
          '--timeout',
          '1.5',
          ...(jobs === undefined ? [] : ['--jobs', jobs]),
        ]);
        expect(r.code, r.stderr).toBe(4);
        expect(r.seconds, `startup ${base.toFixed(2)} s`).toBeLessThan(bound(1.5, base));
      }, 60_000);
    }
  }

  // 6·10⁶ points take about 4 s to read on a quiet machine (2·10⁶ took 1.4 s: inside the limit).
  it('fit: the reading phase keeps it too (6·10⁶ points, seconds to read)', async () => {
    const big = join(dir, 'big.csv');
    writeFileSync(big, Array.from({ length: 6_000_000 }, (_, i) => `${i},${i % 7}\n`).join(''));
    const base = await startup();
    const r = await timed(['fit', big, '--timeout', '1.5']);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/--timeout of 1\.5 s ran out while the points were read/);
    expect(r.seconds, `startup ${base.toFixed(2)} s`).toBeLessThan(bound(1.5, base));
  }, 60_000);

  it('the pattern-database build phase keeps it too (a build of 6-6-3 into an empty cache)', async () => {
    const cache = mkdtempSync(join(dir, 'cache-'));
    const base = await startup();
    const r = await timed(['puzzle', 'solve', '-p', HARD, '--goal', 'blank-first', '--heuristic', 'pdb663', '--timeout', '1.5'], {
      SEARCHLAB_CACHE_DIR: cache,
    });
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/--timeout of 1\.5 s ran out while the pattern databases were built/);
    expect(r.seconds, `startup ${base.toFixed(2)} s`).toBeLessThan(bound(1.5, base));
  }, 60_000);
});

describe('one duration syntax', () => {
  it.each([
    ['500ms', 0.5],
    ['0.5s', 0.5],
    ['0.5', 0.5],
    ['5e-1', 0.5],
  ])(
    '%s is %f s',
    async (text, seconds) => {
      const base = await startup();
      const r = await timed([...slowBfs, '--timeout', text]);
      expect(r.code, r.stderr).toBe(4);
      expect(r.seconds).toBeLessThan(bound(seconds, base));
    },
    60_000,
  );

  it.each(['0', '-1', '1.5x', 'ms', 'Infinity', '0x10', '1 h'])('--timeout %s: one line, exit 2', async (text) => {
    const r = await run(['monty', '--timeout', text]);
    expect(r.code).toBe(2);
    expectOneLineError(r.stderr);
    expect(r.stderr).toMatch(/--timeout/);
  });
});
