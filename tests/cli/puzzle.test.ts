// `searchlab puzzle check | generate | compare | play` end to end.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkSolvable, goalBoard, parseBoard } from '@searchlab/engine/puzzle';
import { ensureBuilt, run, runJson } from './run.js';

beforeAll(ensureBuilt);

describe('puzzle check', () => {
  it('exit 0 and the reason for a solvable board', async () => {
    const r = await run(['puzzle', 'check', '-s', '3', '-p', '4 2 1 3 6 7 5 8 0']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^solvable \(parity\): /m);
  });

  it('exit 3 and the reason for an unsolvable one; --json', async () => {
    const r = await run(['puzzle', 'check', '-p', '1 2 3/4 5 6/8 7 0']);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/^unsolvable \(parity\): /m);
    const { code, json } = await runJson(['puzzle', 'check', '-p', '1 2 3/4 5 6/8 7 0']);
    expect(code).toBe(3);
    expect(json).toMatchObject({ solvable: false, method: 'parity' });
    expect(typeof json.reason).toBe('string');
  });

  it('explains boards with walls', async () => {
    // Tile 2 is fenced in by walls, so it can never reach its goal cell.
    const { code, json } = await runJson(['puzzle', 'check', '-p', '2 # 1/# 3 4/5 6 0']);
    expect(code).toBe(3);
    expect(json).toMatchObject({ solvable: false, method: 'components', goal: '1 # 2/# 3 4/5 6 0' });
    expect(json.reason).toMatch(/tile 2/);
  });
});

describe('puzzle generate', () => {
  it('prints boards that parse back, are solvable, and repeat with --seed', async () => {
    const args = ['puzzle', 'generate', '-s', '4', '--count', '5', '--seed', '42'];
    const a = await run(args);
    const b = await run(args);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const lines = a.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(new Set(lines).size).toBe(5);
    const goal = goalBoard(4, 4, 'blank-last');
    for (const line of lines) expect(checkSolvable(parseBoard(line), goal).solvable).toBe(true);
    const other = await run(['puzzle', 'generate', '-s', '4', '--count', '5', '--seed', '43']);
    expect(other.stdout).not.toBe(a.stdout);
  });

  it('--walk K boards are solved in at most K moves, and feed back into -p', async () => {
    const gen = await run(['puzzle', 'generate', '-s', '3x4', '--walk', '12', '--seed', '7', '--count', '3', '--goal', 'blank-first']);
    expect(gen.code).toBe(0);
    for (const line of gen.stdout.trimEnd().split('\n')) {
      const { code, json } = await runJson(['puzzle', 'solve', '-p', line, '--goal', 'blank-first', '--algorithm', 'bfs']);
      expect(code).toBe(0);
      expect(json.length).toBeLessThanOrEqual(12);
    }
  });

  it('keeps the walls of a goal board; --json', async () => {
    const { code, json } = await runJson(['puzzle', 'generate', '--goal', '1 2 #/3 4 0', '--seed', '1', '--count', '2', '--walk', '6']);
    expect(code).toBe(0);
    expect(json.boards).toHaveLength(2);
    for (const b of json.boards) expect(b).toMatch(/^\S+ \S+ #\//);
  });

  it('rejects --walk with --uniform (exit 2)', async () => {
    const r = await run(['puzzle', 'generate', '--walk', '3', '--uniform']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^searchlab: .*\n$/);
  });
});

describe('puzzle compare', () => {
  const SEED_001 = ['5 7 6/2 4 3/8 1 0', '7 0 8/4 6 1/5 3 2', '2 3 7/1 8 0/6 5 4'];

  it("prints seed 001's table: a column per heuristic, rows per test, a mean row", async () => {
    const r = await run([
      'puzzle',
      'compare',
      ...SEED_001.flatMap((b) => ['-p', b]),
      '--goal',
      'blank-first',
      '--heuristics',
      'misplaced,manhattan,linear-conflict',
    ]);
    expect(r.code).toBe(0);
    const header = r.stdout.split('\n').find((l) => l.startsWith('| test'));
    expect(header).toMatch(/\| misplaced +\| manhattan +\| linear-conflict \|/);
    for (const t of ['#1', '#2', '#3']) expect(r.stdout).toMatch(new RegExp(`^\\| ${t} +\\| length `, 'm'));
    expect(r.stdout).toMatch(/^\| +\| largest frontier +\|/m);
    expect(r.stdout).toMatch(/^\| mean +\| expanded +\|/m);
  });

  it('--json: every admissible heuristic finds the same length; fewer expansions than misplaced', async () => {
    const { code, json } = await runJson(['puzzle', 'compare', ...SEED_001.flatMap((b) => ['-p', b]), '--goal', 'blank-first']);
    expect(code).toBe(0);
    expect(json.heuristics).toEqual(['misplaced', 'manhattan', 'euclidean', 'linear-conflict']);
    expect(json.instances).toHaveLength(3);
    for (const inst of json.instances) {
      const lengths = json.heuristics.map((h: string) => inst.results[h].length);
      expect(new Set(lengths).size).toBe(1);
    }
    expect(json.summary.manhattan.meanExpanded).toBeLessThan(json.summary.misplaced.meanExpanded);
  });

  it('reads --file and --generate', async () => {
    const { code, json } = await runJson(
      ['puzzle', 'compare', '--file', '-', '--generate', '2', '--walk', '10', '--seed', '3', '--heuristics', 'manhattan', '--algorithm', 'idastar'],
      '# two boards\n1 2 3/4 5 6/0 7 8\n\n1 2 3/4 0 6/7 5 8\n',
    );
    expect(code).toBe(0);
    expect(json.instances).toHaveLength(4);
    expect(json.instances[0].results.manhattan.length).toBe(2);
    expect(json.algorithm).toBe('idastar');
  });

  it('exit 2 naming the line of a bad --file board, and for an unknown heuristic', async () => {
    const bad = await run(['puzzle', 'compare', '--file', '-'], '1 2 3/4 5 6/0 7 8\n1 2 3/4 5 6/7 8 8\n');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^searchlab: - line 2: .*\n$/);
    const h = await run(['puzzle', 'compare', '-p', '1 2 3/4 5 6/0 7 8', '--heuristics', 'manhattan,nope']);
    expect(h.code).toBe(2);
  });

  it('exit 4 when a run hits --max-nodes', async () => {
    const { code, json } = await runJson([
      'puzzle',
      'compare',
      '-p',
      '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3',
      '--goal',
      'blank-first',
      '--max-nodes',
      '50',
      '--heuristics',
      'manhattan',
    ]);
    expect(code).toBe(4);
    expect(json.instances[0].results.manhattan).toMatchObject({ status: 'limit', expanded: 50 });
  });
});

describe('puzzle play (keys from a pipe)', () => {
  it('moves the blank, counts moves and says when solved', async () => {
    const r = await run(['puzzle', 'play', '-p', '1 2 3/4 5 6/0 7 8'], 'r\nright\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/moves: 1\b/);
    expect(r.stdout).toMatch(/Solved in 2 moves!/);
  });

  it('quits on q and reports illegal moves without counting them', async () => {
    const r = await run(['puzzle', 'play', '-p', '1 2 3/4 5 6/7 0 8'], 'd\nl\nq\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/cannot move down/);
    expect(r.stdout).toMatch(/moves: 1\b/);
    expect(r.stdout).toMatch(/quit after 1 move\b/);
    expect(r.stdout).not.toMatch(/Solved/);
  });

  it('replays a solution from solve --json to the solved state', async () => {
    const start = '4 2 1 3 6 7 5 8 0';
    const { json } = await runJson(['puzzle', 'solve', '-s', '3', '-p', start]);
    const keys = json.moves.map((m: string) => m[0]).join('\n');
    const r = await run(['puzzle', 'play', '-s', '3', '-p', start], `${keys}\n`);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`Solved in ${json.length} moves!`));
  });

  it('accepts arrow-key escape sequences and w/a/s', async () => {
    const r = await run(['puzzle', 'play', '-p', '1 2 3/4 5 0/7 8 6'], '\x1b[B\n');
    expect(r.stdout).toMatch(/Solved in 1 move!/);
    const w = await run(['puzzle', 'play', '-p', '1 2 3/4 5 0/7 8 6'], 'w\ns s\n');
    expect(w.stdout).toMatch(/Solved in 3 moves!/);
  });
});
