// Issue 25: under an address-space limit (`ulimit -v`) the CLI still runs (it re-executes itself
// under --disable-wasm-trap-handler, so V8 reserves only the WASM memory, not ~10 GiB of guard
// region per memory); a run that needs more than the limit ends with one line and exit 4.
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, ensureBuilt } from './run.js';

beforeAll(() => ensureBuilt());

/** The CLI under `ulimit -v kib` (a shell sets it; the limit is inherited by node). */
const limited = (kib: number, args: string[]) =>
  spawnSync('bash', ['-c', `ulimit -v ${kib} && exec "$0" "$@"`, process.execPath, BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, SEARCHLAB_DEBUG: '' },
  });

describe('ulimit -v', () => {
  it.each([16 * 2 ** 20, 4 * 2 ** 20, 2 ** 20])('queens solve 8 runs under %i KiB', (kib) => {
    const r = limited(kib, ['queens', 'solve', '8', '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).status).toBe('solved');
  });

  it('a run larger than the limit: one line, exit 4', () => {
    const r = limited(2 ** 20, ['queens', 'solve', '100000000', '--algorithm', 'construct', '--output', '/dev/null']);
    expect(r.status).toBe(4);
    expect(r.stderr).toMatch(/^searchlab: not enough (address space for the WASM memory|memory for this run's arrays) \(ulimit -v/);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
