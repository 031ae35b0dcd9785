// `searchlab monty` end to end through the built CLI: the JSON shape, exact values beside
// the estimates, the same counts for --jobs 1 and 2 and both backends, 1e9-style counts, exit 2
// with one line for bad parameters.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, run, runJson } from './run.js';

beforeAll(ensureBuilt);

const counts = (json: any) => Object.fromEntries(Object.entries(json.results).map(([s, r]: [string, any]) => [s, [r.wins, r.games]]));

describe('searchlab monty', () => {
  it("prints the issue's JSON shape with exact fractions and Wilson intervals", async () => {
    const { code, json } = await runJson(['monty', '--trials', '2e5', '--seed', '7']);
    expect(code).toBe(0);
    expect(Object.keys(json).slice(0, 8)).toEqual(['trials', 'doors', 'open', 'host', 'seed', 'results', 'timeMs', 'status']);
    expect(json).toMatchObject({ trials: 200000, doors: 3, open: 1, host: 'standard', seed: 7 });
    expect(Object.keys(json.results)).toEqual(['stay', 'switch', 'random']);
    expect(json.results.stay.exact).toBe('1/3');
    expect(json.results.switch.exact).toBe('2/3');
    expect(json.results.random.exact).toBe('1/2');
    for (const r of Object.values(json.results) as any[]) {
      expect(r.games).toBe(200000);
      expect(r.rate).toBe(r.wins / r.games);
      expect(r.ci95[0]).toBeLessThan(r.rate);
      expect(r.ci95[1]).toBeGreaterThan(r.rate);
    }
    expect(json.results.stay.wins + json.results.switch.wins).toBe(200000); // 3 doors: exactly one of them wins
  });

  it('gives the same counts with --jobs 1 and --jobs 2 and on both backends (3 chunks)', async () => {
    const args = ['monty', '--trials', '3e6', '--seed', '123', '--host', 'biased', '--bias', '0.25'];
    const [one, two, ts] = await Promise.all([
      runJson([...args, '--jobs', '1']),
      runJson([...args, '--jobs', '2']),
      runJson([...args, '--backend', 'ts', '--strategy', 'switch']),
    ]);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(two.json.jobs).toBe(2);
    expect(counts(two.json)).toEqual(counts(one.json));
    expect(two.json.results.switch.byOpened).toEqual(one.json.results.switch.byOpened);
    expect(Object.keys(ts.json.results)).toEqual(['switch']);
    expect(counts(ts.json).switch).toEqual(counts(one.json).switch);
    expect(one.json.results.switch.byOpened.lowest.exact).toBe('4/5'); // 1/(1+q)
  });

  it("reports the ignorant host's excluded games and the generalised game", async () => {
    const { json } = await runJson(['monty', '--trials', '1e5', '--doors', '5', '--open', '2', '--host', 'ignorant', '--strategy', 'stay']);
    expect(json.exactExcluded).toBe('2/5');
    expect(json.results.stay.games + json.excluded).toBe(100000);
    expect(json.results.stay.exact).toBe('1/3');
    const std = await runJson(['monty', '--trials', '1e4', '--doors', '10', '--open', '3', '--strategy', 'switch']);
    expect(std.json.results.switch.exact).toBe('3/20'); // (n−1)/(n(n−k−1)) = 9/60
  });

  it('prints a table with the exact values in text mode', async () => {
    const { code, stdout } = await run(['monty', '--trials', '1000', '--host', 'ignorant']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/stay\s+\|\s+[\d,]+\s+\|\s+[\d,]+\s+\|\s+[\d.]+%\s+\|\s+1\/2 = 50\.000%/);
    expect(stdout).toMatch(/excluded: [\d,]+ games where the host revealed the car \(exact share 1\/3\)/);
  });

  it.each([
    [['--doors', '2'], /doors must be at least 3/],
    [['--doors', '5', '--open', '4'], /open must be between 1 and doors - 2 = 3/],
    [['--trials', '0'], /trials must be positive/],
    [['--trials', '1.5e3x'], /--trials <n>' argument '1.5e3x' is invalid. expected a decimal number/], // trailing garbage: the one number parser (issue 6)
    [['--trials', '2.5'], /trials must be an integer/],
    [['--trials', '1e20'], /^searchlab: trials must be at most 2\^49 = 562949953421312, got 100000000000000000000\n$/], // the limit named, not "an integer" (issue 25)
    [['--doors', '3.5'], /doors must be an integer/],
    [['--switch-probability', '1.2'], /switch probability must be a probability in \[0, 1\]/],
    [['--host', 'biased', '--bias', '-1'], /bias must be a probability/],
    [['--host', 'lazy'], /host/],
  ])('%j: exit 2 with one line', async (args, message) => {
    const { code, stderr, stdout } = await run(['monty', ...args]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });
});
