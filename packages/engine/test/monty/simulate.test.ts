// The simulation: validation (one-line InvalidInputError), estimates inside wide intervals around
// the exact values for large fixed seeds, and the same counts on both backends and any pool split.
import { describe, expect, it } from 'vitest';
import { InvalidInputError, inlinePool } from '@searchlab/engine';
import { exactAnswer, normalizeGame, simulateMonty, wilson, type MontySimulationOptions } from '@searchlab/engine/monty';

describe('monty validation', () => {
  const bad: [Partial<MontySimulationOptions>, RegExp][] = [
    [{ doors: 2 }, /doors must be at least 3/],
    [{ doors: 3.5 }, /doors must be an integer/],
    [{ doors: 5, open: 4 }, /open must be between 1 and doors - 2 = 3/],
    [{ open: 0 }, /open must be between/],
    [{ trials: 0 }, /trials must be positive/],
    [{ trials: -5 }, /trials must be positive/],
    [{ trials: 1.5 }, /trials must be an integer/],
    [{ switchProbability: 1.5 }, /switch probability must be a probability in \[0, 1\]/],
    [{ switchProbability: NaN }, /switch probability/],
    [{ bias: -0.1 }, /bias must be a probability/],
    [{ host: 'lazy' as never }, /host must be one of standard, ignorant, biased/],
    [{ seed: 0.5 }, /seed must be an integer/],
    [{ doors: 70000 }, /doors must be at most 65536/],
  ];
  it.each(bad)('%j is refused', async (opts, message) => {
    const p = simulateMonty({ trials: 10, ...opts });
    await expect(p).rejects.toBeInstanceOf(InvalidInputError);
    await expect(p).rejects.toThrow(message);
  });
});

describe('monty estimates', () => {
  it('fall inside wide intervals around the exact values (several n, k, hosts; fixed seeds)', async () => {
    const settings: Partial<MontySimulationOptions>[] = [
      {},
      { host: 'ignorant' },
      { host: 'biased', bias: 0.2 },
      { doors: 4, open: 2 },
      { doors: 10, open: 3, host: 'ignorant' },
      { doors: 6, open: 1, host: 'biased', bias: 0.9, switchProbability: 0.3 },
    ];
    for (const [i, s] of settings.entries()) {
      const trials = (s.doors ?? 3) > 3 ? 400_000 : 3_000_000;
      const r = await simulateMonty({ trials, seed: 1000 + i, ...s });
      const exact = exactAnswer(normalizeGame(s));
      expect(r.played).toBe(trials);
      for (const strat of ['stay', 'switch', 'random'] as const) {
        const e = r.results[strat];
        // 5-sigma Wilson interval: fails by chance with probability ~6e-7.
        const [lo, hi] = wilson(e.wins, e.games, 5);
        const x = exact.win[strat].toNumber();
        expect(x, `${JSON.stringify(s)} ${strat} ${e.rate}`).toBeGreaterThan(lo);
        expect(x).toBeLessThan(hi);
        expect(e.exact).toBe(exact.win[strat].toString());
        for (const ev of ['lowest', 'other'] as const) {
          const c = e.byOpened?.[ev];
          if (s.host !== 'biased') expect(c).toBeUndefined();
          else if (c !== undefined && c.games > 0) {
            const [clo, chi] = wilson(c.wins, c.games, 5);
            const cx = exact.byOpened[ev].win![strat].toNumber();
            expect(cx).toBeGreaterThan(clo);
            expect(cx).toBeLessThan(chi);
          }
        }
      }
      const excludedRate = r.excluded / trials;
      const [elo, ehi] = wilson(r.excluded, trials, 5);
      expect(exact.excluded.toNumber() >= elo && exact.excluded.toNumber() <= ehi, `excluded ${excludedRate}`).toBe(true);
    }
  });

  it('gives the same counts on both backends and on an explicit runner (3 tasks)', async () => {
    const opts = { trials: (1 << 20) * 2 + 999, seed: 5, host: 'biased' as const, bias: 0.4 };
    const wasm = await simulateMonty(opts);
    const ts = await simulateMonty({ ...opts, backend: 'ts' });
    expect(ts.counters).toEqual(wasm.counters);
    const runner = inlinePool();
    const pooled = await simulateMonty(opts, { runner });
    expect(pooled.counters).toEqual(wasm.counters);
    expect(pooled.results).toEqual(wasm.results);
  });

  it('stops on abort with the games so far', async () => {
    const ac = new AbortController();
    const r = await simulateMonty({ trials: 1e9, backend: 'ts' }, { signal: ac.signal, onProgress: () => ac.abort() });
    expect(r.status).toBe('aborted');
    expect(r.played).toBeGreaterThan(0);
    expect(r.played).toBeLessThan(1e9);
    expect(r.results.stay.games).toBe(r.played);
  });
});

// Issue 25: one game at 65,536 doors took ~9 s while a game was O(doors²). Now O(k log n) (a Fenwick
// tree of the closed doors): milliseconds. A generous bound in CPU time (not wall time: the machine
// may be loaded): about 40× what 20 games cost here, a ninth of what 20 quadratic games cost.
describe('monty at 65,536 doors', () => {
  it.each(['ts', 'wasm'] as const)('%s: 20 games with 65,534 doors opened, every host, each under 1 s of CPU a game on average', async (backend) => {
    for (const host of ['standard', 'ignorant', 'biased'] as const) {
      const before = process.cpuUsage();
      const r = await simulateMonty({ doors: 65536, open: 65534, host, trials: 20, seed: 3, backend });
      const cpu = process.cpuUsage(before);
      expect(r.played).toBe(20);
      expect((cpu.user + cpu.system) / 1e6, host).toBeLessThan(20);
    }
  });
});
