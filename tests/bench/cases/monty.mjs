// Monty Hall: games per second of the 3-door game (all three strategies scored on every game, every
// random choice drawn), WASM kernel vs the TS reference on one thread (counters asserted equal on
// the same seed while measuring), and 10^9 games on two worker threads.
// Alone: `node tests/bench/run.mjs monty` (after `pnpm build`); `--quick` for a short check.
import { fileURLToPath } from 'node:url';
import { loadKernels } from '@searchlab/engine';
import { createNodePool } from '@searchlab/engine/node';
import { simulateMonty } from '@searchlab/engine/monty';
import { ratio, timed } from '../harness.mjs';

const WORKER = fileURLToPath(new URL('../../../packages/engine/dist/node/worker.js', import.meta.url));

export async function run(bench) {
  await loadKernels();
  const wasmGames = bench.quick ? 1e7 : 1e8;
  const tsGames = bench.quick ? 1e6 : 1e7;
  const single = bench.table('3-door game, one thread: WASM vs the TS reference', [
    { key: 'host', label: 'host', align: 'left' }, { key: 'wasmGames', label: 'WASM games' }, { key: 'wasmMgps', label: 'WASM M games/s' },
    { key: 'tsGames', label: 'TS games' }, { key: 'tsMgps', label: 'TS M games/s' }, { key: 'speedup', label: 'WASM speed-up' },
  ], `Medians of ${bench.repeats} runs after a warm-up (wall time of simulateMonty, driver included). Stay, switch and random (p = ½) ` +
    'are scored on every game; the TS run is shorter, and its counters equal the WASM ones for the same seed and games (asserted). ' +
    'Issue 8 target: ≥ 300 M games/s single-threaded WASM.');
  for (const host of ['standard', 'ignorant', 'biased']) {
    const opts = { host, seed: 8, bias: 0.3 };
    const wasm = await timed(() => simulateMonty({ ...opts, trials: wasmGames }), { repeats: bench.repeats });
    const ts = await timed(() => simulateMonty({ ...opts, trials: tsGames, backend: 'ts' }), { repeats: bench.repeats, warmup: bench.quick ? 0 : 1 });
    const check = await simulateMonty({ ...opts, trials: tsGames });
    if (JSON.stringify(check.counters) !== JSON.stringify(ts.value.counters)) throw new Error(`monty: backends disagree (${host})`);
    const row = {
      host, wasmGames, wasmMgps: wasmGames / wasm.median / 1000, tsGames, tsMgps: tsGames / ts.median / 1000, speedup: 0,
    };
    row.speedup = ratio(row.wasmMgps, row.tsMgps);
    single.add(row);
    bench.log(`${host}: WASM ${row.wasmMgps.toFixed(1)} M/s, TS ${row.tsMgps.toFixed(1)} M/s`);
  }
  const big = bench.quick ? 1e8 : 1e9;
  const pooled = bench.table('Two worker threads (WASM)', [
    { key: 'games', label: 'games' }, { key: 'jobs', label: 'workers' }, { key: 'seconds', label: 'seconds' }, { key: 'mgps', label: 'M games/s' },
  ], 'One run, standard 3-door game, chunks of 2^20 games spread over the worker pool. Issue 8 target: 10^9 games in ≤ 2 s.');
  const pool = createNodePool({ size: 2, script: WORKER });
  try {
    const t0 = performance.now();
    const r = await simulateMonty({ trials: big, seed: 9 }, { runner: pool });
    const s = (performance.now() - t0) / 1000;
    if (r.played !== big) throw new Error('monty: pooled run incomplete');
    pooled.add({ games: big, jobs: 2, seconds: s, mgps: big / s / 1e6 });
    bench.log(`${big} games on 2 workers: ${s.toFixed(2)} s`);
  } finally {
    await pool.close();
  }
}
