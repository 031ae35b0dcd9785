// Issue 6, stricter and clearer: one number syntax for every option, errors that name their board,
// JSON errors on stdout with --json, compare reporting the rows it finished when interrupted.
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, ensureBuilt, expectOneLineError, run } from './run.js';

beforeAll(ensureBuilt);

const EASY = '1 2 3/4 5 6/7 0 8';

describe('number options: one parser', () => {
  it.each([
    ['--max-nodes', '0x10'],
    ['--max-nodes', 'NaN'],
    ['--max-nodes', 'Infinity'],
    ['--max-nodes', '12abc'],
    ['--max-nodes', '1.5'],
    ['--max-nodes', ' '],
    ['--timeout', '0x1'],
    ['--timeout', 'Infinity'],
    ['--weight', '1.2.3'],
    ['--weight', 'NaN'],
    ['--depth-limit', '1e'],
  ])('%s %j is refused (exit 2, one line naming the option)', async (flag, value) => {
    const r = await run(['puzzle', 'solve', '-p', EASY, flag, value, '--algorithm', 'wastar']);
    expect(r.code).toBe(2);
    expectOneLineError(r.stderr);
    expect(r.stderr).toContain(flag);
  });

  it.each([
    ['--max-nodes', '1e9'],
    ['--max-nodes', '1.5e3'],
    ['--weight', '1.2'],
    ['--timeout', '2.5e1'],
  ])('%s %s is accepted', async (flag, value) => {
    const r = await run(['puzzle', 'solve', '-p', EASY, flag, value, '--algorithm', 'wastar']);
    expect(r.code).toBe(0);
  });

  it.each([
    [['queens', 'solve', '0x10']],
    [['queens', 'solve', 'Infinity']],
    [['monty', '--trials', '0x10']],
    [['monty', '--bias', 'NaN']],
    [['monty', '--switch-probability', '0.5abc']],
    [['fit', '-', '--split', '0x1']],
  ])('every domain: %j is refused with exit 2 and one line', async (args) => {
    const r = await run(args, '1 2\n2 3\n3 5\n');
    expect(r.code).toBe(2);
    expectOneLineError(r.stderr);
  });

  it('every domain takes exact exponent forms: queens solve 2.5e1', async () => {
    const r = await run(['queens', 'solve', '2.5e1', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).n).toBe(25);
  });

  it('generate --count takes 1e1', async () => {
    const r = await run(['puzzle', 'generate', '--count', '1e1', '--seed', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(10);
  });
});

describe('errors name their board', () => {
  it.each([
    [['-p', '1 2 3/4 5 6/7 8 9'], /^searchlab: start: the board has no blank/],
    [['-p', EASY, '--goal', '1 2 3/4 5 6/7 8 9'], /^searchlab: goal: the board has no blank/],
  ])('%j', async (args, message) => {
    const r = await run(['puzzle', 'solve', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('a goal read from stdin that is bad does not blame -p', async () => {
    const r = await run(['puzzle', 'solve', '-p', EASY, '--goal', '-'], '1 2 3/4 5 6/7 8 9\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^searchlab: goal: /);
    expect(r.stderr).not.toContain('-p');
  });

  it('a preset goal whose blank is walled in is a board: the start cannot reach it (exit 3, with why)', async () => {
    // 3×2 with walls at row 1, col 3 and row 2, col 2: blank-last puts the blank on the walled-in last cell
    const r = await run(['puzzle', 'solve', '-p', '1 0 #/2 # 3']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/Solvable: no \(components\): the blank's goal cell \(row 2, col 3\) is walled off from the blank/);
  });

  it('an empty stdin for the goal names the goal', async () => {
    const r = await run(['puzzle', 'solve', '-p', EASY, '--goal', '-'], '');
    expect(r.stderr).toMatch(/^searchlab: goal: stdin \(-\) is empty/);
  });
});

describe('--json errors', () => {
  it.each([
    [['puzzle', 'solve', '-p', '1 2 3/4 5 6/7 8 9'], 'invalid-input', /start: the board has no blank/],
    [['puzzle', 'solve', '-p', EASY, '--max-nodes', 'lots'], 'invalid-input', /--max-nodes/],
    [['puzzle', 'solve', '-p', EASY, '--algorithm', 'nope'], 'invalid-input', /nope/],
    [['puzzle', 'generate', '--walk', '1e9'], 'invalid-input', /at most/],
  ])('%j prints one JSON error object on stdout', async (args, code, message) => {
    const r = await run([...args, '--json']);
    expect(r.code).toBe(2);
    expectOneLineError(r.stderr);
    const json = JSON.parse(r.stdout);
    expect(json.error.code).toBe(code);
    expect(json.error.message).toMatch(message);
  });

  it('without --json stdout stays empty on error', async () => {
    const r = await run(['puzzle', 'solve', '-p', '1 2 3/4 5 6/7 8 9']);
    expect(r.stdout).toBe('');
  });
});

describe('compare interrupted', () => {
  it('prints the rows it finished and exits 130', async () => {
    const child = spawn(
      process.execPath,
      [
        BIN,
        'puzzle',
        'compare',
        '--goal',
        'blank-first',
        '--heuristics',
        'misplaced,manhattan',
        '-p',
        '1 0 2 3/4 5 6 7/8 9 10 11/12 13 14 15',
        '-p',
        '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3',
      ],
      { cwd: ROOT, env: { ...process.env, SEARCHLAB_PROGRESS: 'always' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    // #1 takes milliseconds, #2 (Korf #1, misplaced) far longer: interrupt once the progress line shows #2 under way.
    let interrupted = false; // once: a second Ctrl-C exits at once
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (!interrupted && /#2 misplaced: \S+ nodes/.test(stderr)) interrupted = child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    expect(stderr).toMatch(/interrupted: 1 of 2 instances finished/);
    expect(stdout).toMatch(/^\| #1 +\| length +\| +1 \| +1 \|$/m);
    expect(stdout).not.toMatch(/#2 /);
  });
});
