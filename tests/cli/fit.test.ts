// `searchlab fit` end to end through the built CLI: formats, columns, JSON shapes, model selection,
// plots, the seed's experiment, one-line errors (exit 2) and streaming a million rows.
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, ensureBuilt, run, runJson } from './run.js';

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'searchlab-fit-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const quadratic = (x: number) => 3 * x * x + 4 * x + 20;
const xs = Array.from({ length: 12 }, (_, i) => i * 5);
const close = (a: number[], b: number[], tol: number) => a.forEach((v, i) => expect(Math.abs(v - b[i]!)).toBeLessThan(tol * Math.max(1, Math.abs(b[i]!))));

describe('fitting files', () => {
  it("CSV with a header, one degree: the issue's JSON object", async () => {
    const f = file('q.csv', `x,y\n${xs.map((x) => `${x},${quadratic(x)}`).join('\n')}\n`);
    const r = await runJson(['fit', f, '--degree', '2']);
    expect(r.code).toBe(0);
    expect(Object.keys(r.json).slice(0, 8)).toEqual(['degree', 'coefficients', 'rank', 'condition', 'trainRms', 'testRms', 'warnings', 'timeMs']);
    expect(r.json.degree).toBe(2);
    close(r.json.coefficients, [3, 4, 20], 1e-9);
    expect(r.json.rank).toBe(3);
    expect(r.json.testRms).toBeNull();
    expect(r.json.warnings).toEqual([]);
    expect(r.json.timeMs).toBeGreaterThanOrEqual(0);
    expect(r.json.trainRms).toBeLessThan(1e-9);
  });

  it('TSV without a header, columns by number, weights, stdin', async () => {
    const text = xs.map((x) => `${x % 3 === 0 ? 2 : 1}\t${x}\t${quadratic(x)}`).join('\n');
    const r = await runJson(['fit', '-', '--degree', '2', '--x', '2', '--y', '3', '--weights', '1'], text);
    expect(r.code).toBe(0);
    close(r.json.coefficients, [3, 4, 20], 1e-9);
  });

  it('JSON documents and JSON Lines, columns by name', async () => {
    const a = file('cols.json', JSON.stringify({ x: xs, y: xs.map(quadratic) }));
    const b = file('rows.json', JSON.stringify(xs.map((x) => [x, quadratic(x)])));
    const c = file('rows.jsonl', xs.map((x) => JSON.stringify({ t: x, v: quadratic(x) })).join('\n'));
    for (const [f, extra] of [
      [a, []],
      [b, []],
      [c, ['--x', 't', '--y', 'v']],
    ] as const) {
      const r = await runJson(['fit', f, '--degree', '2', ...extra]);
      expect(r.code, r.stderr).toBe(0);
      close(r.json.coefficients, [3, 4, 20], 1e-9);
    }
    const range = await runJson(['fit', a, '--degrees', '1-3']);
    expect(range.json.map((d: any) => d.degree)).toEqual([1, 2, 3]);
  });

  it('--degrees with --split and --folds: one object per degree, one recommended, seeded', async () => {
    let seed = 12345;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 200;
    const x = Array.from({ length: 80 }, (_, i) => i / 2);
    const f = file('noisy.csv', `t;value\n${x.map((v) => `${v};${quadratic(v) + noise()}`).join('\n')}\n`);
    const args = ['fit', f, '--degrees', '1,2,5,8', '--split', '0.3', '--folds', '4', '--seed', '9', '--x', 't', '--y', 'value'];
    const r = await runJson(args);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.map((d: any) => d.degree)).toEqual([1, 2, 5, 8]);
    expect(r.json.filter((d: any) => d.recommended)).toHaveLength(1);
    for (const d of r.json) {
      expect(d.coefficients).toHaveLength(d.degree + 1);
      expect(d.testRms).toBeGreaterThan(0);
      expect(d.cvRms).toBeGreaterThan(0);
    }
    expect(r.json[1].testRms).toBeLessThan(r.json[0].testRms); // under-fitting at degree 1
    expect((await runJson(args)).json.map((d: any) => d.coefficients)).toEqual(r.json.map((d: any) => d.coefficients));
    const human = await run(args);
    expect(human.stdout).toMatch(/^80 points from .*training on 56, testing on 24 held out \(seed 9\), 4-fold cross-validation\.$/m);
    expect(human.stdout).toMatch(/^Recommended degree: \d/m);
  });

  it('--test FILE reports the testing RMS on those points', async () => {
    const train = file('train.csv', xs.map((x) => `${x},${quadratic(x) + (x % 2 ? 50 : -50)}`).join('\n'));
    const test = file('test.csv', xs.map((x) => `${x + 2},${quadratic(x + 2)}`).join('\n'));
    const r = await runJson(['fit', train, '--test', test, '--degrees', '1,2']);
    expect(r.code).toBe(0);
    expect(r.json[1].testRms).toBeLessThan(r.json[0].testRms);
  });

  it('warns about a rank-deficient fit instead of failing or printing NaN', async () => {
    const f = file('rank.csv', '1,2\n1,3\n2,4\n2,5\n');
    const r = await runJson(['fit', f, '--degree', '3']);
    expect(r.code).toBe(0);
    expect(r.json.rank).toBe(2);
    expect(r.json.warnings[0]).toMatch(/rank-deficient/);
    expect(r.json.coefficients.every(Number.isFinite)).toBe(true);
  });

  it('--plot writes SVG charts made by Observable Plot, atomically', async () => {
    const f = file('p.csv', `x,y\n${xs.map((x) => `${x},${quadratic(x)}`).join('\n')}\n`);
    const out = join(dir, 'chart.svg');
    const r = await run(['fit', f, '--degrees', '1,2', '--split', '0.25', '--plot', out]);
    expect(r.code, r.stderr).toBe(0);
    const svg = readFileSync(out, 'utf8');
    expect(svg).toMatch(/^<\?xml[^>]*>\n<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toMatch(/class="plot-[0-9a-f]+"/); // Observable Plot's class
    expect((svg.match(/<circle /g) ?? []).length).toBe(12); // 9 training + 3 held-out points
    expect(svg).toContain('degree 2');
    expect(readFileSync(join(dir, 'chart-rms.svg'), 'utf8')).toContain('RMS');
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

describe('bad input: one line naming the line and column, exit 2', () => {
  const cases: [string, string, string[], RegExp][] = [
    ['text.csv', 'x,y\n1,2\n2,abc\n', [], /^searchlab: .*text\.csv:3: column 2 \(y\) is not a number: "abc"\n$/],
    ['ragged.csv', '1,2\n2,3\n3,4,5\n', [], /^searchlab: .*ragged\.csv:3: 3 cells, expected 2 \(as the first row\)\n$/],
    ['nan.csv', 'x,y\n1,2\n2,NaN\n', [], /^searchlab: .*nan\.csv:3: column 2 \(y\) is NaN, not a finite number\n$/],
    ['inf.tsv', '1\t2\n-Infinity\t3\n', [], /^searchlab: .*inf\.tsv:2: column 1 is -Infinity, not a finite number\n$/],
    ['empty.csv', 'x,y\n# nothing\n', [], /^searchlab: .*empty\.csv: no data rows after the header on line 1\n$/],
    ['few.csv', '1,2\n2,3\n', ['--degree', '2'], /^searchlab: .*few\.csv: 2 points, but degree 2 needs at least 3\n$/],
    ['cols.csv', 'a,b\n1,2\n', ['--y', 'c'], /^searchlab: --y c: .*cols\.csv has no such column \(header: a, b\)\n$/],
    ['bad.json', '{"x": [1, 2], "y": [1, "z"]}', [], /^searchlab: .*bad\.json: element 2: column y is not a number: "z"\n$/],
  ];
  it.each(cases)('%s', async (name, text, extra, message) => {
    const r = await run(['fit', file(name, text), ...extra]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it('a missing file and conflicting options', async () => {
    expect((await run(['fit', join(dir, 'nope.csv')])).stderr).toMatch(/^searchlab: cannot read .*nope\.csv: no such file\n$/);
    const r = await run(['fit', '-', '--degree', '1', '--degrees', '1,2'], '1,2\n');
    expect([r.code, r.stderr]).toEqual([2, 'searchlab: give --degree or --degrees, not both\n']);
    expect((await run(['fit', '-', '--split', '1.5'], '1,2\n')).code).toBe(2);
  });
});

describe("seed 000's experiment", () => {
  it('prints the degrees × train/test RMS × coefficients table and draws both charts', async () => {
    const out = join(dir, 'exp.svg');
    const r = await run(['fit', '--experiment', '--plot', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^The curve-fitting blog post's experiment \(random seed 3\): y = 3x² \+ 4x \+ 20/);
    const rows = r.stdout.split('\n').filter((l) => /^\| [1258]/.test(l));
    expect(rows).toHaveLength(4);
    expect(r.stdout).toMatch(/Lowest testing RMS: degree 2\./);
    expect(existsSync(out) && existsSync(join(dir, 'exp-rms.svg'))).toBe(true);
    expect((readFileSync(out, 'utf8').match(/<circle /g) ?? []).length).toBe(20);
    const j = await runJson(['fit', '--experiment', '--seed', '17']);
    expect(j.json.seed).toBe(17);
    expect(j.json.degrees.map((d: any) => d.degree)).toEqual([1, 2, 5, 8]);
    expect((await runJson(['fit', '--experiment', '--seed', '17'])).json).toEqual({
      ...j.json,
      degrees: j.json.degrees.map((d: any) => ({ ...d, timeMs: expect.any(Number) })),
    });
  });
});

it('streams a million rows: the whole file never sits in memory as text (64 MB heap)', async () => {
  const path = join(dir, 'big.csv');
  await new Promise<void>((resolve, reject) => {
    const out = createWriteStream(path);
    out.on('error', reject).on('finish', resolve);
    out.write('x,y\n');
    let chunk = '';
    for (let i = 0; i < 1_000_000; i++) {
      const x = i / 1e5;
      chunk += `${x},${2 * x * x - x + 5}\n`;
      if (i % 20_000 === 19_999) {
        out.write(chunk);
        chunk = '';
      }
    }
    out.end(chunk);
  });
  // Reading this 20+ MB file whole and splitting it into lines does not fit in a 64 MB heap.
  const r = spawnSync(process.execPath, ['--max-old-space-size=64', BIN, 'fit', path, '--degree', '2', '--json'], { cwd: ROOT, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const json = JSON.parse(r.stdout);
  expect(json.n).toBe(1_000_000);
  close(json.coefficients, [2, -1, 5], 1e-9);
}, 60_000);

describe('no row dropped (issue 25)', () => {
  it('fits all four rows of a CSV whose rows end in an empty cell, and says no header was read', async () => {
    const text = '1,2,\n2,3,\n3,5,\n4,9,\n';
    const r = await runJson(['fit', '-'], text);
    expect(r.code).toBe(0);
    expect(r.json.rows).toBe(4);
    expect(r.json.headerLine).toBeNull();
    const human = await run(['fit', '-'], text);
    expect(human.stdout).toMatch(/^4 points from stdin \(no header; x: 1, y: 2\)/);
  });

  it('a typo in row 1 is an error naming the row, as in row 2', async () => {
    for (const [text, line] of [
      ['1,2e\n2,3\n3,5\n', 1],
      ['1,2\n2,3e\n3,5\n', 2],
    ] as const) {
      const r = await run(['fit', '-'], text);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`searchlab: stdin:${line}: column 2 is not a number: "${line === 1 ? '2e' : '3e'}"\n`);
    }
  });

  it('reads quoted cells with commas and says where the header was', async () => {
    const r = await run(['fit', '-', '--x', 'a, b', '--y', 'c'], '"a, b",c\n1,2\n2,4\n3,6.5\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^3 points from stdin \(header on line 1; x: a, b, y: c\)/);
  });

  it('names a JSON number that overflows a double', async () => {
    const r = await run(['fit', '-'], '[[1, 2], [2, 1e400]]');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('searchlab: stdin: element 2: column 2 overflows a double (its magnitude is past 1.8e308)\n');
  });
});
