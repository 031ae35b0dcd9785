// Issue 6, exit codes and limits end to end: exit 4 for every limit (with statistics), exit 2 for
// invalid input, one-line errors; memory limits keep the process's peak RSS near the limit.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, run, runMeasured } from './run.js';

beforeAll(ensureBuilt);

const MiB = 2 ** 20;
const HARD = '15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4'; // the instance (blank-first goal)

function expectOneLineError(stderr: string): void {
  expect(stderr).toMatch(/^searchlab: \S.*\n$/);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('--max-memory', () => {
  // Stated factor: peak RSS <= Node's own baseline + 2 x the limit (measured: TS ~1.3x, WASM ~1.05x).
  it.each(['ts', 'wasm'])('%s: a small limit on a hard instance ends with exit 4, statistics, and RSS near the limit', async (backend) => {
    const limit = 128 * MiB;
    const base = await runMeasured(['puzzle', 'solve', '-p', '1 2 3 4 5 6 7 0 8', '--backend', backend]);
    expect(base.code).toBe(0);
    const r = await runMeasured(['puzzle', 'solve', '-p', HARD, '--goal', 'blank-first', '--backend', backend, '--max-memory', '128MB', '--json']);
    expect(r.code).toBe(4);
    const json = JSON.parse(r.stdout);
    expect(json.status).toBe('limit');
    expect(json.reason).toMatch(/^memory limit/);
    expect(json.stats.expanded).toBeGreaterThan(10_000);
    expect(r.maxRssBytes).toBeLessThan(base.maxRssBytes + 2 * limit);
  });

  it('dijkstra on the TS backend stops at the limit instead of dying of heap exhaustion', async () => {
    const r = await run(['puzzle', 'solve', '-p', HARD, '--goal', 'blank-first', '--algorithm', 'dijkstra', '--max-memory', '32MB']);
    expect(r.code).toBe(4);
    expect(r.stdout).toMatch(/stopped at a limit \(memory limit/);
    expect(r.stdout).toMatch(/Statistics so far:/);
  });

  it.each(['0', '12parsecs', 'lots', '-1GB', '0x10MB'])('--max-memory %s is refused with exit 2', async (size) => {
    const r = await run(['puzzle', 'solve', '-p', HARD, '--max-memory', size]);
    expect(r.code).toBe(2);
    expectOneLineError(r.stderr);
    expect(r.stderr).toMatch(/max-memory/);
  });
});

