// `searchlab puzzle solve` end to end: output, --json shape, exit codes, stdin, error lines.
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMoves, boardToText, goalLike, parseBoard } from '@searchlab/engine/puzzle';
import { ensureBuilt, run, runJson } from './run.js';

beforeAll(ensureBuilt);

const SEED_002 = '4 2 1 3 6 7 5 8 0';
// Korf's 15-puzzle #1 (optimal 57): far beyond 10 expansions.
const HARD = '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3';

/** A stderr that is one `searchlab: …` line and nothing that looks like a stack trace. */
function expectOneLineError(stderr: string): void {
  expect(stderr).toMatch(/^searchlab: \S.*\n$/);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('puzzle solve', () => {
  it("runs seed 002's command as written and finds the optimal length (same as BFS)", async () => {
    const r = await run(['puzzle', 'solve', '-s', '3', '-p', SEED_002]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const length = Number(/^Length: (\d+)$/m.exec(r.stdout)?.[1]);
    const bfs = await runJson(['puzzle', 'solve', '-s', '3', '-p', SEED_002, '--algorithm', 'bfs']);
    expect(bfs.code).toBe(0);
    expect(length).toBe(bfs.json.length);
    expect(r.stdout).toMatch(/Solvable: yes/);
    for (const label of ['expanded', 'generated', 'unique', 'largest frontier', 'iterations', 'time']) {
      expect(r.stdout).toMatch(new RegExp(`^  ${label} +\\S`, 'm'));
    }
    // The start board is printed as a grid (blank shown as _).
    expect(r.stdout).toMatch(/^\s+4\s+2\s+1\n\s+3\s+6\s+7\n\s+5\s+8\s+_$/m);
  });

  it('--json prints one object whose moves lead from the start to the goal', async () => {
    const { code, json } = await runJson(['puzzle', 'solve', '-s', '3', '-p', SEED_002, '--heuristic', 'linear-conflict']);
    expect(code).toBe(0);
    expect(json).toMatchObject({
      solvable: true,
      status: 'solved',
      algorithm: 'astar',
      heuristic: 'linear-conflict',
      backend: 'wasm',
    });
    expect(Object.keys(json.stats).sort()).toEqual(['expanded', 'generated', 'iterations', 'maxFrontier', 'timeMs', 'unique']);
    expect(json.moves).toHaveLength(json.length);
    const start = parseBoard(SEED_002, { size: 3 });
    expect(boardToText(applyMoves(start, json.moves))).toBe(boardToText(goalLike(start, 'blank-last')));
  });

  it('agrees between --backend wasm and --backend ts', async () => {
    const args = ['puzzle', 'solve', '-p', '7 0 8/4 6 1/5 3 2', '--goal', 'blank-first'];
    const [w, t] = await Promise.all([runJson([...args, '--backend', 'wasm']), runJson([...args, '--backend', 'ts'])]);
    expect(t.json.backend).toBe('ts');
    expect(t.json.length).toBe(w.json.length);
    expect(t.json.moves).toEqual(w.json.moves);
    expect(t.json.stats.expanded).toBe(w.json.stats.expanded);
  });

  it('--trace prints every state on the path with g, h, f', async () => {
    const r = await run(['puzzle', 'solve', '-p', '1 2 3/4 5 6/0 7 8', '--trace']);
    expect(r.code).toBe(0);
    const lines = r.stdout.match(/^ +g = \d+ {2}h = \d+ {2}f = \d+$/gm) ?? [];
    expect(lines.map((l) => l.trim())).toEqual(['g = 0  h = 2  f = 2', 'g = 1  h = 1  f = 2', 'g = 2  h = 0  f = 2']);
    const { json } = await runJson(['puzzle', 'solve', '-p', '1 2 3/4 5 6/0 7 8', '--trace']);
    expect(json.trace.map((t: { board: string }) => t.board)).toEqual(['1 2 3/4 5 6/0 7 8', '1 2 3/4 5 6/7 0 8', '1 2 3/4 5 6/7 8 0']);
  });

  it('--goal blank-first and a goal board with walls', async () => {
    const blankFirst = await runJson(['puzzle', 'solve', '-p', '1 0 2/3 4 5/6 7 8', '--goal', 'blank-first']);
    expect(blankFirst.json.moves).toEqual(['left']);
    const walls = await runJson(['puzzle', 'solve', '-p', '1 2 #/0 3 4', '--goal', '1 2 #/3 4 0']);
    expect(walls.code).toBe(0);
    expect(walls.json.moves).toEqual(['right', 'right']);
  });

  it('-p - reads the board from stdin', async () => {
    const { code, json } = await runJson(['puzzle', 'solve', '-s', '3', '-p', '-'], `${SEED_002}\n`);
    expect(code).toBe(0);
    expect(json.start).toBe('4 2 1/3 6 7/5 8 0');
    const grid = await runJson(['puzzle', 'solve', '-p', '-'], '1 2 3\n4 5 6\n7 0 8\n');
    expect(grid.json.moves).toEqual(['right']);
  });

  it('exit 2 and one line on stderr for an invalid board', async () => {
    const r = await run(['puzzle', 'solve', '-p', '1 2 3/4 5 6/7 7 0']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expectOneLineError(r.stderr);
    expect(r.stderr).toMatch(/7/);
    const ragged = await run(['puzzle', 'solve', '-p', '1 2 3/4 5/6 7 8 0']);
    expect(ragged.code).toBe(2);
    expectOneLineError(ragged.stderr);
  });

  it('exit 2 for usage errors, also from commander', async () => {
    for (const args of [
      ['puzzle', 'solve', '-p', SEED_002, '--algorithm', 'nope'],
      ['puzzle', 'solve', '-p', SEED_002, '--max-nodes', 'ten'],
      ['puzzle', 'solve', '-p', SEED_002, '--bogus'],
      ['puzzle', 'solve'],
      ['puzzle', 'frobnicate'],
      ['puzzle', 'solve', '-p', SEED_002, '--goal', '1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0'],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expectOneLineError(r.stderr);
    }
    const help = await run(['puzzle', 'solve', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--algorithm/);
  });

  it('exit 3 for an unsolvable board', async () => {
    const r = await run(['puzzle', 'solve', '-p', '1 2 3/4 5 6/8 7 0']);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/Solvable: no/);
    const { code, json } = await runJson(['puzzle', 'solve', '-p', '1 2 3/4 5 6/8 7 0']);
    expect(code).toBe(3);
    expect(json).toMatchObject({ solvable: false, status: 'unsolvable' });
    expect(json.moves).toBeUndefined();
  });

  it('exit 4 when --max-nodes is hit, with the statistics so far in the JSON', async () => {
    const { code, json } = await runJson(['puzzle', 'solve', '-p', HARD, '--goal', 'blank-first', '--max-nodes', '10']);
    expect(code).toBe(4);
    expect(json.status).toBe('limit');
    expect(json.solvable).toBe(true);
    expect(json.stats.expanded).toBe(10);
    expect(json.stats.generated).toBeGreaterThanOrEqual(10);
    expect(json.reason).toMatch(/node/);
    const text = await run(['puzzle', 'solve', '-p', HARD, '--goal', 'blank-first', '--max-nodes', '10']);
    expect(text.code).toBe(4);
    expect(text.stdout).toMatch(/Statistics so far:/);
  });

  it('exit 4 when --timeout is hit', async () => {
    const { code, json } = await runJson(['puzzle', 'solve', '-p', HARD, '--goal', 'blank-first', '--algorithm', 'bfs', '--timeout', '0.3']);
    expect(code).toBe(4);
    expect(json.reason).toMatch(/timeout/);
    expect(json.stats.expanded).toBeGreaterThan(0);
  });

  it('runs the TS-only algorithms and rejects --backend wasm for them', async () => {
    const dfs = await runJson(['puzzle', 'solve', '-p', '1 2 3/4 5 6/0 7 8', '--algorithm', 'iddfs']);
    expect(dfs.json).toMatchObject({ status: 'solved', length: 2, backend: 'ts' });
    const r = await run(['puzzle', 'solve', '-p', '1 2 3/4 5 6/0 7 8', '--algorithm', 'dfs', '--backend', 'wasm']);
    expect(r.code).toBe(2);
    expectOneLineError(r.stderr);
  });
});

describe('Ctrl-C', () => {
  it('aborts a running search: exit 130, status aborted, statistics so far', async () => {
    const { spawn } = await import('node:child_process');
    const { BIN, ROOT } = await import('./run.js');
    const child = spawn(process.execPath, [BIN, 'puzzle', 'solve', '-p', HARD, '--goal', 'blank-first', '--algorithm', 'bfs', '--json'], {
      cwd: ROOT,
      env: { ...process.env, SEARCHLAB_PROGRESS: 'always' },
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    // Interrupt once the search is under way: its first progress line (the Ctrl-C handler is set by then).
    let interrupted = false; // once: a second Ctrl-C exits at once
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (!interrupted && /solving \S+ nodes/.test(d)) interrupted = child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    const json = JSON.parse(stdout);
    expect(json.status).toBe('aborted');
    expect(json.stats.expanded).toBeGreaterThan(0);
  });
});
