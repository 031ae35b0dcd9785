// `searchlab puzzle step | generate --depth | experiment` and compare's b* end to end.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadKernels } from '@searchlab/engine';
import { goalBoard, parseBoard, solvePuzzle } from '@searchlab/engine/puzzle';
import { ensureBuilt, run, runJson } from './run.js';

beforeAll(async () => {
  ensureBuilt();
  await loadKernels();
});

describe('puzzle step', () => {
  it('one line per expansion; the counts of the end line are the solver’s', async () => {
    const board = '8 6 7/2 5 4/3 0 1';
    const r = await run(['puzzle', 'step', '-p', board, '--algorithm', 'astar', '--heuristic', 'manhattan']);
    expect(r.code).toBe(0);
    const solved = await solvePuzzle(parseBoard(board), goalBoard(3, 3), { algorithm: 'astar', heuristic: 'manhattan' });
    const expansions = r.stdout.split('\n').filter((l) => /^#\d+ /.test(l));
    expect(expansions.length).toBe(solved.stats.expanded);
    expect(expansions[0]).toMatch(/^#1 {2}8 6 7\/2 5 4\/3 0 1 {2}g=0 h=21 f=21 depth 0 {2}open 0 {2}closed 1$/);
    expect(r.stdout).toContain(`found: expanded ${solved.stats.expanded}, generated ${solved.stats.generated}`); // piped: plain numbers
    expect(r.stdout).toMatch(/^goal {2}1 2 3\/4 5 6\/7 8 0 {2}g=31 h=0 f=31/m);
  });

  it('--steps N stops after N expansions; IDA* prints its thresholds', async () => {
    const r = await run(['puzzle', 'step', '-p', '8 6 7/2 5 4/3 0 1', '--algorithm', 'idastar', '--steps', '40']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter((l) => /^#\d+ /.test(l)).length).toBe(40);
    expect(r.stdout).toMatch(/^iteration 1: threshold 21$/m);
    expect(r.stdout).toMatch(/stopped after 40 expansions/);
  });

  it('--json: one event per line, every generated child with its fate', async () => {
    const r = await run(['puzzle', 'step', '-p', '1 2 3/4 0 6/7 5 8', '--algorithm', 'bfs', '--json']);
    expect(r.code).toBe(0);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const end = events.at(-1);
    expect(end).toMatchObject({ kind: 'end', outcome: 'found' });
    expect(events.filter((e) => e.kind === 'generate').length).toBe(end.counters.generated);
    expect(events.filter((e) => e.kind === 'select').length).toBe(end.counters.expanded);
    expect(events.find((e) => e.kind === 'generate').node).toMatchObject({ id: 1, parent: 0, move: 'up', board: '1 0 3/4 2 6/7 5 8', g: 1 });
  });

  it('a node limit exits 4; an unsolvable board 3; a bad algorithm 2', async () => {
    expect((await run(['puzzle', 'step', '-p', '8 6 7/2 5 4/3 0 1', '--max-nodes', '5'])).code).toBe(4);
    expect((await run(['puzzle', 'step', '-p', '1 2 3/4 5 6/8 7 0'])).code).toBe(3);
    const bad = await run(['puzzle', 'step', '-p', '1 2 3/4 5 6/7 0 8', '--algorithm', 'wida']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/wida/);
  });
});

describe('puzzle generate --depth', () => {
  it('8-puzzle boards at exactly D (checked by BFS), uniform, said so', async () => {
    const { code, json } = await runJson(['puzzle', 'generate', '--depth', '18', '--count', '5', '--seed', '3']);
    expect(code).toBe(0);
    expect(json).toMatchObject({ method: 'uniform', depth: 18, seed: 3 });
    expect(json.note).toMatch(/uniform over the 9529 boards at optimal depth 18/);
    for (const text of json.boards) {
      const r = await solvePuzzle(parseBoard(text), goalBoard(3, 3), { algorithm: 'bfs' });
      expect(r.length).toBe(18);
    }
  });
  it('an unreachable depth names the largest (exit 2)', async () => {
    const r = await run(['puzzle', 'generate', '--depth', '32']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/largest optimal solution length is 31/);
  });
  it('a 4×4: random walks filtered by an optimal solve, said on stderr', async () => {
    const r = await run(['puzzle', 'generate', '-s', '4', '--depth', '10', '--count', '2', '--seed', '9']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/random walks kept when an optimal solve .* not uniform/);
    for (const line of r.stdout.trim().split('\n')) {
      expect((await solvePuzzle(parseBoard(line), goalBoard(4, 4), { algorithm: 'astar', heuristic: 'manhattan' })).length).toBe(10);
    }
  });
});

describe('puzzle experiment', () => {
  it("prints the textbook's table: cost and b* per depth, '–' past the cap; --json; --plot; --jobs 2 gives the same numbers", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'searchlab-exp-'));
    try {
      const args = ['puzzle', 'experiment', '--depths', '2-10:4,12', '--per-depth', '8', '--seed', '7', '--cap', '2000'];
      const text = await run([...args, '--plot', join(dir, 'exp.svg')]);
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/\| d +\| +iddfs \| astar\(misplaced\) \| astar\(manhattan\) \| iddfs b\* \|/);
      const rows = text.stdout
        .split('\n')
        .filter((l) => /^\| \d/.test(l))
        .map((l) =>
          l
            .split('|')
            .slice(1, -1)
            .map((c) => c.trim()),
        );
      expect(rows.map((r) => r[0])).toEqual(['2', '6', '10', '12']);
      expect(rows[3]![1]).toBe('–'); // IDS at d = 12 passes 2,000 expansions
      expect(readFileSync(join(dir, 'exp.svg'), 'utf8')).toMatch(/^<\?xml[\s\S]*<svg[\s\S]*astar\(manhattan\)/);
      const one = await runJson(args);
      const two = await runJson([...args, '--jobs', '2']);
      expect(two.json.rows).toEqual(one.json.rows);
      expect(one.json.rows[0].cells['astar(manhattan)'].meanGenerated).toBeGreaterThan(0);
      expect(one.json.rows[0].cells['astar(manhattan)'].ebf).toBe(Number(rows[0]![6]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('--timeout: exit 4 with the table of the runs that finished', async () => {
    const r = await run(['puzzle', 'experiment', '--per-depth', '100', '--seed', '1', '--timeout', '1']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/--timeout ran out: the table holds the runs that finished/);
    expect(r.stdout).toMatch(/\| 24 \|/);
  });
  it('bad depths and names are one-line errors (exit 2)', async () => {
    for (const [args, message] of [
      [['--depths', '5-2'], /empty range/],
      [['--depths', 'x'], /cannot read 'x'/],
      [['--algorithms', 'nope'], /unknown 'nope'/],
      [['--depths', '40'], /largest optimal solution length is 31/],
    ] as const) {
      const r = await run(['puzzle', 'experiment', '--per-depth', '1', ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n').length).toBe(1);
    }
  });
});

describe('puzzle compare: b*', () => {
  it('a b* row per instance and its mean, and ebf in --json', async () => {
    const args = ['puzzle', 'compare', '-p', '8 6 7/2 5 4/3 0 1', '-p', '1 2 3/4 0 6/7 5 8', '--heuristics', 'misplaced,manhattan'];
    const r = await run(args);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\| +\| b\* +\| +[\d.]+ \| +[\d.]+ \|/);
    expect(r.stdout).toMatch(/\| mean +\| b\* /);
    const { json } = await runJson(args);
    const res = json.instances[1].results.manhattan;
    // 1 2 3/4 0 6/7 5 8: 2 moves, 6 generated: 7 = 1 + b + b² → b = 2.
    expect(res).toMatchObject({ length: 2, generated: 6, ebf: 2 });
    expect(json.summary.manhattan.meanEbf).toBeGreaterThan(1);
  });
});
