// Monty Hall: games per second of the 3-door game (all three strategies scored on every game, every
// random choice drawn), WASM kernel vs the TS reference on one thread (counters asserted equal on
// the same seed while measuring), vs plain scalar C (tests/bench/native/monty.c, compiled here with
// gcc -O3 -march=native when gcc exists), and 10^9 games on two worker threads. Each table gives
// issue 8's target, the measured value and by how much it is met or missed.
// Alone: `node tests/bench/run.mjs monty` (after `pnpm build`); `--quick` for a short check.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadKernels } from '@searchlab/engine';
import { createNodePool } from '@searchlab/engine/node';
import { simulateMonty } from '@searchlab/engine/monty';
import { median, ratio, timed } from '../harness.mjs';

const WORKER = fileURLToPath(new URL('../../../packages/engine/dist/node/worker.js', import.meta.url));
const NATIVE = fileURLToPath(new URL('../native/monty.c', import.meta.url));
/** Issue 8's targets. */
const TARGET_MGPS = 300;
const TARGET_POOL_SECONDS = 2;
/** Issue 22's target: the standard 3-door game on one thread, every strategy's counts kept. */
const TARGET_STANDARD_MGPS = 800;
/** Wall time and this process's CPU time (user + system) of one call, in ms: on shared cores the CPU time is the fairer figure. */
async function clocked(fn) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { value, ms, cpuMs: (c.user + c.system) / 1000 };
}
const loadLine = () =>
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')} (1/5/15 min) on ${cpus().length} cores`;

/** "met (+12%)" / "missed by 8% (276 vs 300)": `higher` says whether more is better. */
function verdict(value, target, higher = true) {
  const margin = higher ? value / target - 1 : target / value - 1;
  const pct = `${Math.abs(margin * 100).toFixed(0)}%`;
  return margin >= 0 ? `met (+${pct})` : `missed by ${pct} (${+value.toFixed(2)} vs ${target})`;
}

/** Compiles the C reference into a temporary directory; null when there is no gcc. */
function compileNative(dir) {
  const exe = join(dir, 'monty');
  const r = spawnSync('gcc', ['-O3', '-march=native', '-o', exe, NATIVE], { encoding: 'utf8' });
  if (r.error !== undefined || r.status !== 0) return { exe: null, why: r.error?.code === 'ENOENT' ? 'gcc not found' : `gcc failed: ${r.stderr}` };
  return { exe, why: '' };
}

function runNative(exe, games, seed) {
  const r = spawnSync(exe, [String(games), String(seed)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`native monty: exit ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

export async function run(bench) {
  await loadKernels();
  const startLoad = loadLine();
  const wasmGames = bench.quick ? 1e7 : 1e8;
  const tsGames = bench.quick ? 1e6 : 1e7;
  const single = bench.table(
    '3-door game, one thread: WASM vs the TS reference',
    [
      { key: 'host', label: 'host', align: 'left' },
      { key: 'wasmGames', label: 'WASM games' },
      { key: 'wasmMgps', label: 'WASM M games/s' },
      { key: 'wasmBest', label: 'WASM best M games/s' },
      { key: 'wasmCpu', label: 'WASM M games per CPU-s' },
      { key: 'tsGames', label: 'TS games' },
      { key: 'tsMgps', label: 'TS M games/s' },
      { key: 'speedup', label: 'WASM speed-up' },
      { key: 'target', label: 'target M games/s (issue 8)' },
      { key: 'verdict', label: 'target', align: 'left' },
    ],
    `Medians of ${bench.repeats} runs after a warm-up (wall time of simulateMonty, driver included); "best" is the fastest run, the least disturbed by ` +
      'other work on these shared cores; "per CPU-s" divides by the median CPU time of this process (user + system), what an idle core would ' +
      'roughly give. Stay, switch and random (p = ½) are scored on every game; the draws are those of docs/contracts/monty.md ' +
      '("The 3-door game": U(18) for car, pick and the host\'s choice, then coin(p); biased: U(9), coin(q), coin(p)), 8 xoshiro128** lanes. ' +
      'The TS run is shorter, and its counters equal the WASM ones for the same seed and games (asserted). ' +
      `Issue 8 target: ≥ ${TARGET_MGPS} M games/s single-threaded WASM, judged on the median. At the start: ${startLoad}.`,
  );
  let wasmStandard = null;
  for (const host of ['standard', 'ignorant', 'biased']) {
    const opts = { host, seed: 8, bias: 0.3 };
    const cpuMs = [];
    const wasm = await timed(
      async () => {
        const c = await clocked(() => simulateMonty({ ...opts, trials: wasmGames }));
        cpuMs.push(c.cpuMs);
        return c.value;
      },
      { repeats: bench.repeats },
    );
    cpuMs.shift(); // the warm-up
    const ts = await timed(() => simulateMonty({ ...opts, trials: tsGames, backend: 'ts' }), { repeats: bench.repeats, warmup: bench.quick ? 0 : 1 });
    const check = await simulateMonty({ ...opts, trials: tsGames });
    if (JSON.stringify(check.counters) !== JSON.stringify(ts.value.counters)) throw new Error(`monty: backends disagree (${host})`);
    const row = {
      host,
      wasmGames,
      wasmMgps: wasmGames / wasm.median / 1000,
      wasmBest: wasmGames / wasm.min / 1000,
      wasmCpu: wasmGames / median(cpuMs) / 1000,
      tsGames,
      tsMgps: tsGames / ts.median / 1000,
      speedup: 0,
      target: TARGET_MGPS,
      verdict: '',
    };
    row.speedup = ratio(row.wasmMgps, row.tsMgps);
    row.verdict = verdict(row.wasmMgps, TARGET_MGPS);
    single.add(row);
    if (host === 'standard') wasmStandard = { ...row, counters: wasm.value.counters };
    bench.log(
      `${host}: WASM ${row.wasmMgps.toFixed(1)} M/s (best ${row.wasmBest.toFixed(1)}, per CPU-s ${row.wasmCpu.toFixed(1)}), TS ${row.tsMgps.toFixed(1)} M/s: ${row.verdict}`,
    );
  }

  bench
    .table(
      `Standard host, one thread, against issue 22 (≥ ${TARGET_STANDARD_MGPS} M games/s)`,
      [
        { key: 'median', label: 'WASM M games/s (median)' },
        { key: 'best', label: 'best' },
        { key: 'cpu', label: 'per CPU-s' },
        { key: 'verdict', label: 'verdict (median, wall)', align: 'left' },
        { key: 'cpuVerdict', label: 'on CPU time', align: 'left' },
      ],
      "The standard-host row above (stay, switch and random counted on every game: its counters asserted equal to the TS reference's). " +
        'Its SIMD loop (core-as/assembly/monty, "the standard host") plays one set of four generators at a time, two blocks a step, in 16-bit lanes with ' +
        "two byte tables for the host's door and car = pick. Wall time depends on the other tenants of these shared cores; CPU time is what an idle core would roughly give.",
    )
    .add({
      median: wasmStandard.wasmMgps,
      best: wasmStandard.wasmBest,
      cpu: wasmStandard.wasmCpu,
      verdict: verdict(wasmStandard.wasmMgps, TARGET_STANDARD_MGPS),
      cpuVerdict: verdict(wasmStandard.wasmCpu, TARGET_STANDARD_MGPS),
    });

  const native = bench.table(
    '3-door game, one thread: WASM vs plain scalar C (gcc -O3 -march=native)',
    [
      { key: 'impl', label: 'implementation', align: 'left' },
      { key: 'games', label: 'games' },
      { key: 'mgps', label: 'M games/s' },
      { key: 'best', label: 'best M games/s' },
      { key: 'cpu', label: 'M games per CPU-s' },
      { key: 'wasmRatio', label: 'WASM / this (medians)' },
      { key: 'wasmCpuRatio', label: 'WASM / this (per CPU-s)' },
    ],
    'Standard host, seed 8, the same games count, measured right after the WASM row above (same load). tests/bench/native/monty.c: "issue draws" is ' +
      "the simulation issue 8 quotes (one generator; U(3), U(3), the host's U(2) only when car = pick, coin(p); 177–214 M games/s on the reference machine); " +
      '"contract draws" makes the draws and chunking of docs/contracts/monty.md, one lane after another, and its counters equal the WASM kernel\'s (asserted).',
  );
  const dir = mkdtempSync(join(tmpdir(), 'monty-native-'));
  try {
    const { exe, why } = compileNative(dir);
    if (exe === null) {
      native.note(`Not measured: ${why}.`);
      bench.log(`native: ${why}`);
    } else {
      const runs = [];
      for (let i = 0; i < bench.repeats; i++) runs.push(runNative(exe, wasmGames, 8));
      if (JSON.stringify(runs[0].contractCounters) !== JSON.stringify(wasmStandard.counters)) {
        throw new Error(
          `monty: native C (contract draws) and WASM disagree: ${JSON.stringify(runs[0].contractCounters)} vs ${JSON.stringify(wasmStandard.counters)}`,
        );
      }
      const w = wasmStandard;
      native.add({ impl: 'WASM kernel (SIMD, 8 lanes)', games: wasmGames, mgps: w.wasmMgps, best: w.wasmBest, cpu: w.wasmCpu, wasmRatio: 1, wasmCpuRatio: 1 });
      for (const [impl, key] of [
        ['C, issue draws (scalar)', 'issue'],
        ['C, contract draws (scalar)', 'contract'],
      ]) {
        const s = runs.map((r) => r[`${key}Seconds`]);
        const mgps = wasmGames / median(s) / 1e6;
        const cpu = wasmGames / median(runs.map((r) => r[`${key}CpuSeconds`])) / 1e6;
        native.add({
          impl,
          games: wasmGames,
          mgps,
          best: wasmGames / Math.min(...s) / 1e6,
          cpu,
          wasmRatio: ratio(w.wasmMgps, mgps, 2),
          wasmCpuRatio: ratio(w.wasmCpu, cpu, 2),
        });
        bench.log(
          `native ${impl}: ${mgps.toFixed(1)} M/s, per CPU-s ${cpu.toFixed(1)}; WASM/native ${ratio(w.wasmMgps, mgps, 2)} (per CPU-s ${ratio(w.wasmCpu, cpu, 2)})`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const big = bench.quick ? 1e8 : 1e9;
  const pooled = bench.table(
    'Two worker threads (WASM)',
    [
      { key: 'games', label: 'games' },
      { key: 'jobs', label: 'workers' },
      { key: 'seconds', label: 'seconds' },
      { key: 'mgps', label: 'M games/s' },
      { key: 'cpu', label: 'CPU s (process, all threads)' },
      { key: 'idle', label: 's if each worker had a core (CPU s / 2)' },
      { key: 'target', label: 'target s (issue 8)' },
      { key: 'verdict', label: 'target', align: 'left' },
    ],
    `Standard 3-door game, chunks of 2^20 games spread over a started pool (a small warm-up run first), ${bench.repeats} runs, median. ` +
      `Issue 8 target: 10^9 games in ≤ ${TARGET_POOL_SECONDS} s${bench.quick ? ' (quick: 10^8 games, target scaled to 0.2 s)' : ''}.`,
  );
  const target = (TARGET_POOL_SECONDS * big) / 1e9;
  const secs = [];
  const cpuSecs = [];
  const pool = createNodePool({ size: 2, script: WORKER });
  try {
    await simulateMonty({ trials: 1 << 21, seed: 1 }, { runner: pool }); // both workers up, kernels loaded
    for (let i = 0; i < bench.repeats; i++) {
      const c = await clocked(() => simulateMonty({ trials: big, seed: 9 }, { runner: pool }));
      if (c.value.played !== big) throw new Error('monty: pooled run incomplete');
      secs.push(c.ms / 1000);
      cpuSecs.push(c.cpuMs / 1000);
    }
  } finally {
    await pool.close();
  }
  const s = median(secs);
  const v = verdict(s, target, false);
  const cpu = median(cpuSecs);
  pooled.add({ games: big, jobs: 2, seconds: s, mgps: big / s / 1e6, cpu, idle: cpu / 2, target, verdict: v });
  pooled.note(`At the end: ${loadLine()}.`);
  bench.log(`${big} games on 2 workers: ${s.toFixed(2)} s (${secs.map((x) => x.toFixed(2)).join(', ')}), CPU ${cpu.toFixed(2)} s: ${v}`);
}
