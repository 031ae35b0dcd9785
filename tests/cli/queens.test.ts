// `searchlab queens …` end to end through the built CLI: JSON shapes, exit codes, one-line errors,
// atomic --output, --jobs 2 counts, verify. Boards are checked with a verifier written here.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { ensureBuilt, run, runJson } from './run.js';

beforeAll(() => ensureBuilt());

function valid(p: number[]): boolean {
  const seen = [new Set<number>(), new Set<number>(), new Set<number>()];
  return p.every((c, r) => {
    const keys = [c, r + c, r - c];
    if (!(c >= 0 && c < p.length) || keys.some((k, i) => seen[i]!.has(k))) return false;
    keys.forEach((k, i) => seen[i]!.add(k));
    return true;
  });
}

/** Attacking pairs, counted with maps per line (independent of the engine's counters). */
function pairs(p: number[]): number {
  const lines = [new Map<number, number>(), new Map<number, number>(), new Map<number, number>()];
  let total = 0;
  p.forEach((c, r) =>
    [c, r + c, r - c].forEach((k, i) => {
      const seen = lines[i]!.get(k) ?? 0;
      total += seen;
      lines[i]!.set(k, seen + 1);
    }),
  );
  return total;
}

describe('queens solve', () => {
  test('every algorithm, JSON as the issue gives it, a valid board', async () => {
    for (const algorithm of ['hill-climbing', 'restart', 'annealing', 'min-conflicts', 'fast', 'construct']) {
      const { code, json } = await runJson(['queens', 'solve', '12', '--algorithm', algorithm, '--seed', '3']);
      expect(code, algorithm).toBe(0);
      expect(json).toMatchObject({ n: 12, algorithm, conflicts: 0, status: 'solved' });
      expect(typeof json.steps).toBe('number');
      expect(typeof json.timeMs).toBe('number');
      expect(valid(json.positions)).toBe(true);
    }
  });

  test('defaults: min-conflicts below 100,000, fast from there; same seed on both backends, same board', async () => {
    expect((await runJson(['queens', 'solve', '50'])).json.algorithm).toBe('min-conflicts');
    const w = await runJson(['queens', 'solve', '60', '--seed', '9']);
    const t = await runJson(['queens', 'solve', '60', '--seed', '9', '--backend', 'ts']);
    expect(t.json.positions).toEqual(w.json.positions);
    expect(t.json.steps).toBe(w.json.steps);
  });

  test("the seed's experiment: hill-climbing on 25 queens from 600 to 0, escapes printed", async () => {
    const r = await run(['queens', 'solve', '25', '--algorithm', 'hill-climbing']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/escapes\s+\d+/);
    expect(r.stdout).toMatch(/score \(2 per pair\)\s+600 → 0/);
  });

  test('--output streams the JSON with positions to the file, stdout gets it without', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'queens-cli-'));
    const file = join(dir, 'q.json');
    const { code, json } = await runJson(['queens', 'solve', '200000', '--output', file, '--seed', '2']);
    expect(code).toBe(0);
    expect(json.algorithm).toBe('fast');
    expect(json.positions).toBeUndefined();
    const full = JSON.parse(readFileSync(file, 'utf8'));
    expect(full.n).toBe(200000);
    expect(full.steps).toBe(json.steps);
    expect(valid(full.positions)).toBe(true);
    expect(readdirSync(dir)).toEqual(['q.json']); // no temporary file left behind
    const v = await runJson(['queens', 'verify', file]);
    expect(v.code).toBe(0);
    expect(v.json).toMatchObject({ n: 200000, valid: true });
  });

  test('bad N → one line, exit 2; N = 3 → unsolvable, exit 3; a step limit → exit 4 with the stats', async () => {
    for (const bad of ['0', '2.5', 'abc', '-4']) {
      const r = await run(['queens', 'solve', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect((await run(['queens', 'solve', '3'])).code).toBe(3);
    const lim = await runJson(['queens', 'solve', '300', '--algorithm', 'annealing', '--max-steps', '50']);
    expect(lim.code).toBe(4);
    expect(lim.json).toMatchObject({ status: 'limit', steps: 50 });
    expect(lim.json.conflicts).toBeGreaterThan(0);
  });
});

describe('queens count', () => {
  test('Q(10) and Q(11); --jobs 2 gives the same count', async () => {
    const one = await runJson(['queens', 'count', '11']);
    expect(one.code).toBe(0);
    expect(one.json).toMatchObject({ n: 11, solutions: '2680' });
    const two = await runJson(['queens', 'count', '11', '--jobs', '2']);
    expect(two.json.solutions).toBe('2680');
    expect(two.json.nodes).toBe(one.json.nodes);
    expect((await runJson(['queens', 'count', '10', '--backend', 'ts'])).json.solutions).toBe('724');
  });

  test('N past the counter → exit 2', async () => {
    const r = await run(['queens', 'count', '40']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/at most 32/);
  });
});

describe('queens verify', () => {
  test('a bad board → exit 3 naming the row; malformed input → exit 2', async () => {
    const bad = await run(['queens', 'verify', '-'], '0 2 4 1 3 5\n');
    expect(bad.code).toBe(3);
    expect(bad.stdout).toMatch(/invalid: row 6/); // rows count from 1, as in the puzzle messages
    const dir = mkdtempSync(join(tmpdir(), 'queens-cli-'));
    writeFileSync(join(dir, 'b.txt'), '1 3 9 2');
    const r = await run(['queens', 'verify', join(dir, 'b.txt')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/row 3 has column "9"/);
    expect((await run(['queens', 'verify', '-'], '1 3 0 2')).code).toBe(0);
  });

  test('a file of 10⁶ queens streams through verify (file and stdin): valid; a moved queen → exit 3 naming its row; garbage → exit 2 naming the byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'queens-cli-'));
    const file = join(dir, 'big.json');
    expect((await run(['queens', 'solve', '1000000', '--algorithm', 'construct', '--output', file, '--json'])).code).toBe(0);
    const ok = await runJson(['queens', 'verify', file]);
    expect(ok.code).toBe(0);
    expect(ok.json).toMatchObject({ n: 1_000_000, valid: true, conflicts: 0 });

    const text = readFileSync(file, 'utf8');
    const positions: number[] = JSON.parse(text).positions;
    expect(valid(positions)).toBe(true);
    const moved = positions.slice();
    moved[700_001] = moved[700_000]!; // the same column as the row above: the first conflict is row 700,002 counting from 1
    const plain = join(dir, 'moved.txt');
    writeFileSync(plain, moved.join(' '));
    for (const r of [await runJson(['queens', 'verify', plain]), await runJson(['queens', 'verify', '-'], moved.join('\n'))]) {
      expect(r.code).toBe(3);
      expect(r.json).toMatchObject({ n: 1_000_000, valid: false, conflicts: pairs(moved) });
      expect(r.json.reason).toMatch(/^row 700002: column \d+ already holds a queen$/);
    }

    const at = text.indexOf(',', Math.floor(text.length * 0.8));
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, `${text.slice(0, at)}}${text.slice(at + 1)}`);
    const bad = await run(['queens', 'verify', broken]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe(`searchlab: the placement is not valid JSON: unexpected "}" at byte ${at}`);
  });
});
