// Issue 23, the CLI as a newcomer meets it: one rule for numbers (grouped only on a terminal),
// well-formed tables with real precision, statistics that do not mislead, JSON that says "no
// solution", rows counted from 1, help text that says what it means, progress without a nonsense
// ETA. (The demo's wording: demo.test.ts; the build line on stderr: pdb.test.ts; every README
// example: readme.test.ts.)
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { duration, eta } from '../../packages/cli/src/progress.js';
import { BIN, ensureBuilt, run, runJson } from './run.js';

beforeAll(ensureBuilt);

const SEED_004 = [
  '-p',
  '2 3 7 4 5/1 # 11 # 8/6 10 0 12 15/9 # 14 # 20/13 16 17 18 19',
  '--goal',
  '1 2 3 4 5/6 # 7 # 8/9 10 0 11 12/13 # 14 # 15/16 17 18 19 20',
];

/** The cells of one Markdown table row (escaped pipes stay inside their cell). */
const cellsOf = (row: string): string[] =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());

/** Every GFM table in `text`: its header and rows as cells; throws on a malformed separator. */
function tables(text: string): { header: string[]; rows: string[][] }[] {
  const lines = text.split('\n');
  const found: { header: string[]; rows: string[][] }[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i]!.startsWith('|') || !/^\|[\s:|-]+\|$/.test(lines[i + 1]!)) continue;
    const header = cellsOf(lines[i]!);
    const separator = cellsOf(lines[i + 1]!);
    expect(
      separator.every((c) => /^:?-+:?$/.test(c) && c !== ':'),
      lines[i + 1],
    ).toBe(true);
    expect(separator.length, `${lines[i]}\n${lines[i + 1]}`).toBe(header.length);
    const rows: string[][] = [];
    for (i += 2; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(cellsOf(lines[i]!));
    found.push({ header, rows });
  }
  return found;
}

/** `script`'s arguments that run the CLI with `args` on a pseudo-terminal. */
function scriptArgs(args: string[]): string[] {
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return ['-qec', quoted, '/dev/null'];
}

/** Runs the CLI on a pseudo-terminal (util-linux `script`), as a person at a terminal would. */
function onTerminal(args: string[]): string {
  return execFileSync('script', scriptArgs(args), { encoding: 'utf8', env: { ...process.env, SEARCHLAB_DEBUG: '' } });
}

/** Like onTerminal for a long run: what it drew until `enough(output)` holds (then it is killed), or fails after 60 s. */
function drawnOnTerminal(args: string[], enough: (out: string) => boolean): Promise<string> {
  const child = spawn('script', scriptArgs(args), { env: { ...process.env, SEARCHLAB_DEBUG: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not drawn within 60 s:\n${out}`));
    }, 60_000);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (!enough(out)) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(out);
    });
    child.on('error', reject);
  });
}

describe('numbers: grouped only for a terminal', () => {
  it('queens count 14 prints 365596 when piped and with --json, 365,596 on a terminal', async () => {
    expect((await run(['queens', 'count', '14'])).stdout).toMatch(/^Q\(14\) = 365596\n/);
    expect((await runJson(['queens', 'count', '14'])).json.solutions).toBe('365596');
    expect(onTerminal(['queens', 'count', '14'])).toMatch(/^Q\(14\) = 365,596\r?\n/);
  });

  it('no command groups digits when piped', async () => {
    for (const args of [
      ['monty', '--trials', '20000', '--strategy', 'all'],
      ['puzzle', 'solve', '-p', '1 2 4 8/9 0 3 12/7 11 14 10/5 13 6 15', '--algorithm', 'idastar'],
      ['puzzle', 'compare', '-s', '3', '--generate', '3', '--walk', '30', '--seed', '1'],
      ['queens', 'solve', '200000'],
      ['demo'],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).not.toMatch(/\d,\d{3}\b/);
    }
    expect(onTerminal(['monty', '--trials', '20000'])).toMatch(/\d{1,3},\d{3}/);
  });
});

describe('tables: the same columns in every row, real precision', () => {
  it('fit --experiment: a well-formed table and every coefficient at 6 significant digits', async () => {
    const text = (await run(['fit', '--experiment'])).stdout;
    const [t] = tables(text);
    expect(t!.header).toEqual(['degree', 'training RMS', 'testing RMS']);
    for (const row of t!.rows) expect(row.length).toBe(3);
    const json = (await runJson(['fit', '--experiment'])).json;
    for (const d of json.degrees as { degree: number; coefficients: number[] }[]) {
      const line = new RegExp(`^ {2}degree ${d.degree}: (.+)$`, 'm').exec(text);
      expect(line, `degree ${d.degree}`).not.toBeNull();
      const printed = line![1]!.split(', ').map(Number);
      expect(printed.length).toBe(d.coefficients.length);
      printed.forEach((p, i) => expect(p).toBe(Number(d.coefficients[i]!.toPrecision(6))));
    }
  });

  it('monty --host biased: the conditioned table has its own "door opened" column', async () => {
    const all = tables((await run(['monty', '--host', 'biased', '--bias', '0.8', '--trials', '100000'])).stdout);
    expect(all).toHaveLength(2);
    expect(all[1]!.header).toEqual(['strategy', 'door opened', 'wins', 'games', 'win rate', 'exact', '95% CI']);
    for (const t of all) for (const row of t.rows) expect(row.length).toBe(t.header.length);
    expect(all[1]!.rows.map((r) => r[1])).toEqual(['lowest', 'other', 'lowest', 'other', 'lowest', 'other']);
  });

  it('every other table (compare, fit sweep, demo) is well-formed', async () => {
    const outputs = [
      (await run(['puzzle', 'compare', '-s', '3', '--generate', '2', '--walk', '20', '--seed', '4'])).stdout,
      (await run(['fit', '-', '--degrees', '1,2'], 'x,y\n0,1\n1,3\n2,9\n3,19\n4,33\n')).stdout,
      (await run(['demo'])).stdout,
    ];
    for (const text of outputs) {
      const all = tables(text);
      expect(all.length).toBeGreaterThan(0);
      for (const t of all) for (const row of t.rows) expect(row.length, row.join(' | ')).toBe(t.header.length);
    }
  });
});

describe('statistics that do not mislead', () => {
  it('IDA* stores no states: unique is "—", not 0; A* counts the start in unique', async () => {
    const ida = await run(['puzzle', 'solve', '-p', '1 2 4 8/9 0 3 12/7 11 14 10/5 13 6 15', '--algorithm', 'idastar']);
    expect(ida.stdout).toMatch(/^ {2}unique +— \(this search stores no states\)$/m);
    const astar = await run(['puzzle', 'solve', ...SEED_004]);
    const generated = Number(/^ {2}generated +(\d+)$/m.exec(astar.stdout)![1]);
    const unique = /^ {2}unique +(\d+) \(the start \+ (\d+) distinct children\)$/m.exec(astar.stdout)!;
    expect(Number(unique[2])).toBe(Number(unique[1]) - 1);
    expect(Number(unique[2])).toBeLessThanOrEqual(generated);
  });

  it('--count-blank says "manhattan + blank"', async () => {
    const r = await run(['puzzle', 'solve', ...SEED_004, '--count-blank']);
    expect(r.stdout).toMatch(/^Search: astar, heuristic manhattan \+ blank, backend wasm$/m);
  });
});

describe('queens: "no solution" and rows counted from 1', () => {
  it('queens solve 3 --json gives positions null (N = 3 has no placement)', async () => {
    const r = await runJson(['queens', 'solve', '3']);
    expect(r.code).toBe(3);
    expect(r.json.status).toBe('unsolvable');
    expect(r.json.positions).toBeNull();
  });

  it('verify names rows from 1, as the puzzle messages do', async () => {
    // Rows 1..4 hold columns 1, 3, 0, 2 (a solution); row 2's queen moved onto row 1's diagonal.
    const r = await run(['queens', 'verify', '-'], '1 2 0 3\n');
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/^invalid: row 2: the queen at column 2 shares a \\ diagonal with an earlier queen/);
    const bad = await run(['puzzle', 'solve', '-p', '1 2 3/4 5/6 7 8 0']);
    expect(bad.stderr).toMatch(/row 2 has 2 cells/);
  });
});

describe('help text', () => {
  it('says each default once, what -s does without a board, and every key of play', async () => {
    const compare = (await run(['puzzle', 'compare', '--help'])).stdout;
    const jobs = /--jobs <n>[\s\S]*?(?=\n {2}-)/.exec(compare)![0];
    expect(jobs.match(/default/g)).toHaveLength(1);
    const generate = (await run(['puzzle', 'generate', '--help'])).stdout;
    expect(generate).not.toMatch(/inferred from the board/);
    expect(generate).toMatch(/-s, --size <size> +board size: N \(N×N\) or WxH \(default 3/);
    const play = (await run(['puzzle', 'play', '--help'])).stdout.replace(/\s+/g, ' ');
    for (const key of ['u/d/l/r', 'w/a/s', 'd is down', 'q quits']) expect(play).toContain(key);
  });
});

describe('progress', () => {
  it('shows no ETA without a measured rate, and a plain duration once there is one', () => {
    expect(eta(0, 40, 60_000)).toBe('—'); // nothing finished yet: no rate
    expect(eta(5, 40, 1000)).toBe('—'); // too early to say
    expect(eta(10, 40, 30_000)).toBe('1.5 min');
    expect(eta(40, 40, 30_000)).toBe('—');
    expect(duration(12.4)).toBe('12 s');
    expect(duration(7200)).toBe('2.0 h');
  });
});

describe('the progress bar on a terminal', () => {
  it('says "eta —" until it has a rate, then a time; never INF, NaN or a cap as the total', async () => {
    // Killed once the bar drew an ETA (a time) after "eta —".
    const monty = await drawnOnTerminal(['monty', '--trials', '1e11'], (out) => /eta — .*eta \d+(\.\d)? (s|min|h) /s.test(out));
    expect(monty).toMatch(/eta — /);
    expect(monty).toMatch(/eta \d+(\.\d)? (s|min|h) /);
    expect(monty).not.toMatch(/eta (INF|NaN|NF|Infinity|-)/);
    // A node cap is shown as a cap, with no bar or ETA against it: killed once it was redrawn with a
    // new count (it has a rate then, so an ETA against the cap would show).
    const counts = (out: string): Set<string> => new Set([...out.matchAll(/solving ([\d,]+) nodes \(limit/g)].map((m) => m[1]!));
    const capped = await drawnOnTerminal(
      ['puzzle', 'solve', '-s', '4', '-p', '0 15 14 13/12 11 10 9/8 7 6 5/4 3 2 1', '--algorithm', 'astar', '--max-nodes', '100000000'],
      (out) => counts(out).size >= 3,
    );
    expect(capped).toMatch(/solving [\d,]+ nodes \(limit 100,000,000\)/);
    expect(capped).not.toMatch(/eta/);
  }, 120_000);
});

describe('installing on node 20', () => {
  it('the pinned @sparticuz/chromium accepts this node 20 (no engines warning)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../node_modules/@sparticuz/chromium/package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
    const min = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(pkg.engines.node);
    expect(min, pkg.engines.node).not.toBeNull();
    expect(Number(min![1])).toBeLessThanOrEqual(20);
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    expect(major > Number(min![1]) || (major === Number(min![1]) && minor >= Number(min![2]))).toBe(true);
  });
});
