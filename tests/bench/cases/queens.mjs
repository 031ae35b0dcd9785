// N-Queens against issue 7's targets: `fast` at 10⁶ and 10⁷ queens, `construct` at 10⁸ written to a
// file through the CLI (and verified back, streamed), exact counts Q(12..14) WASM vs the TS reference
// and vs the best JS count (the reference or two bench-only counts, tests/bench/support), Q(16) and Q(17) on one
// thread and on 2 workers beside a plain native C count (tests/bench/native/queens-count.c, compiled
// here with gcc -O3 -march=native when gcc exists; no binary is committed). Every target row says
// the target, the measured value and by how much it is met or missed.
//
// These machines are shared: besides wall time each row gives CPU time (the process's, or for the
// pool the busiest worker thread's, read from /proc), which the other users' load hardly changes.
// Verdicts are on wall time, as the issue states them; the CPU column shows what an idle machine gives.
import { readFileSync, rmSync, statSync, openSync, writeSync, closeSync, mkdtempSync, readdirSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadKernels } from '@searchlab/engine';
import { checkSolution, countQueens, solveQueens } from '@searchlab/engine/queens';
import { createNodePool } from '@searchlab/engine/node';
import { median, ratio, timed } from '../harness.mjs';
import { countQueensLoop, countQueensPasses } from '../support/queens-count-loop.mjs';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const COUNTS = new Map(
  readFileSync(join(repo, 'data/nqueens-counts.tsv'), 'utf8')
    .split('\n')
    .filter((l) => /^\d+\t/.test(l))
    .map((l) => l.split('\t').map((x) => x.trim())),
);

/** "met by X (Y%)" or "missed by X (Y%)" for a measured value against an upper bound. */
export function verdict(value, target, unit = 'ms') {
  const d = target - value;
  const pct = ((Math.abs(d) / target) * 100).toFixed(0);
  return d >= 0 ? `met by ${Math.round(d)} ${unit} (${pct}% under)` : `missed by ${Math.round(-d)} ${unit} (${pct}% over)`;
}
/** The same for a lower bound on a ratio (e.g. speed-up ≥ 5). */
const ratioVerdict = (value, target) =>
  value >= target ? `met (${value}× ≥ ${target}×)` : `missed by a factor of ${(target / value).toFixed(1)} (${value}× < ${target}×)`;

/** CPU ms of this process (all its threads) while `fn` runs, beside the wall ms. */
async function withCpu(fn) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const c = process.cpuUsage(c0);
  return { value, wallMs: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 };
}

/** CPU ticks (user + system) per thread of this process, from /proc (Linux); null elsewhere. */
function threadTicks() {
  try {
    const out = new Map();
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, Number(f[11]) + Number(f[12])); // utime, stime (fields 14, 15)
    }
    return out;
  } catch {
    return null;
  }
}
/** The busiest thread's CPU ms between two threadTicks() (the pool's critical path; 10 ms resolution). */
function busiestMs(before, after) {
  if (before === null || after === null) return null;
  let most = 0;
  for (const [tid, t] of after) most = Math.max(most, t - (before.get(tid) ?? 0));
  return most * 10; // USER_HZ = 100 on Linux
}

/** A cheap fingerprint of a board, to assert both backends returned the same one. */
function fingerprint(p) {
  let h = 0;
  for (let i = 0; i < p.length; i++) h = (Math.imul(h, 31) + p[i]) | 0;
  return h;
}

async function solveTimed(n, algorithm, backend, seed = 1) {
  const c0 = process.cpuUsage();
  const r = await solveQueens(n, { algorithm, backend, seed });
  const c = process.cpuUsage(c0);
  if (r.status !== 'solved') throw new Error(`${algorithm} ${n} ${backend}: ${r.status}`);
  const bad = checkSolution(r.positions);
  if (bad !== null) throw new Error(`${algorithm} ${n} ${backend}: not a solution: ${bad}`);
  return { ms: r.timeMs, cpuMs: (c.user + c.system) / 1000, steps: r.steps, fp: fingerprint(r.positions) };
}

/** The native references (plain mirror-symmetry count, and the kernels' method), compiled into a temporary directory. */
function compileNative() {
  const dir = mkdtempSync(join(tmpdir(), 'searchlab-native-'));
  const build = (name) => {
    const exe = join(dir, name);
    const r = spawnSync('gcc', ['-O3', '-march=native', '-o', exe, join(repo, `tests/bench/native/${name}.c`)], { encoding: 'utf8' });
    if (r.error !== undefined || r.status !== 0) return { exe: null, why: r.error ? 'gcc not found' : `gcc failed: ${r.stderr.trim().split('\n')[0]}` };
    return { exe, why: '' };
  };
  const mirror = build('queens-count');
  const symmetry = build('queens-count-symmetry');
  return { dir, exe: mirror.exe, symmetryExe: symmetry.exe, why: mirror.why || symmetry.why };
}
/** Q(n) natively: { solutions, nodes, ms } (its own clock), or null. */
function runNative(exe, n) {
  if (exe === null) return null;
  const r = spawnSync(exe, [String(n)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`native Q(${n}): exit ${r.status}: ${r.stderr}`);
  const [, solutions, nodes, ms] = r.stdout.trim().split(/\s+/);
  return { solutions, nodes: Number(nodes), ms: Number(ms) };
}

/** Wall, user and system ms of a command, through bash's `time` (null parts when bash is missing). */
function timeCommand(argv) {
  const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
  const r = spawnSync('bash', ['-c', `TIMEFORMAT='%R %U %S'; time ${argv.map(q).join(' ')} >/dev/null`], { encoding: 'utf8' });
  if (r.error !== undefined) {
    const t0 = performance.now();
    const s = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8' });
    if (s.status !== 0) throw new Error(`${argv.join(' ')}: exit ${s.status}: ${s.stderr}`);
    return { wallMs: performance.now() - t0, cpuMs: null };
  }
  if (r.status !== 0) throw new Error(`${argv.join(' ')}: exit ${r.status}: ${r.stderr}`);
  const [real, user, sys] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { wallMs: real * 1000, cpuMs: (user + sys) * 1000 };
}

/** Writing `bytes` zeros in 16 MiB writes to a file in `dir`: the file system's floor for the CLI's write. */
function rawWriteMs(dir, bytes) {
  const file = join(dir, `searchlab-raw-${process.pid}.bin`);
  const buf = Buffer.alloc(1 << 24);
  const t0 = performance.now();
  const fd = openSync(file, 'w');
  try {
    for (let left = bytes; left > 0; left -= buf.length) writeSync(fd, buf, 0, Math.min(left, buf.length));
  } finally {
    closeSync(fd);
  }
  const ms = performance.now() - t0;
  rmSync(file, { force: true });
  return ms;
}

export async function run(bench) {
  await loadKernels();
  /** One row per issue-7 target: what was measured, the verdict, and why when missed. */
  const summary = [];
  const load = `Load average when the run started: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')} (1/5/15 min) on ${cpus().length} cores.`;
  bench.log(load);

  // ---- fast ----
  const fastTargets = { 1e6: 500, 1e7: 4000 };
  const fast = bench.table(
    'fast (Sosic & Gu style): WASM vs the TS reference, against issue 7',
    [
      { key: 'n', label: 'queens' },
      { key: 'steps', label: 'steps' },
      { key: 'wasmMs', label: 'WASM ms' },
      { key: 'wasmCpuMs', label: 'WASM CPU ms' },
      { key: 'tsMs', label: 'TS ms' },
      { key: 'speedup', label: 'WASM speed-up' },
      { key: 'target', label: 'target ms' },
      { key: 'verdict', label: 'verdict (wall)', align: 'left' },
      { key: 'cpuVerdict', label: 'on CPU time', align: 'left' },
    ],
    `Solver time (timeMs: preparing and running, not the copy of the result), seed 1; the same board on both backends (asserted) and checked by the linear-time checker. Medians of ${bench.repeats} WASM runs (after a warm-up at 10⁶, none at 10⁷); the TS reference runs once. The 10⁷ run is bound by memory latency, which the machine's other tenants change: single runs here have ranged from 3.0 to 5.5 s. ${load}`,
  );
  for (const n of bench.quick ? [1e6] : [1e6, 1e7]) {
    const cpu = [];
    const w = await timed(
      async () => {
        const v = await solveTimed(n, 'fast', 'wasm');
        cpu.push(v.cpuMs);
        return v;
      },
      { repeats: bench.repeats, warmup: n >= 1e7 ? 0 : 1 },
    );
    const t = await timed(() => solveTimed(n, 'fast', 'ts'), { repeats: 1, warmup: 0 });
    if (w.value.fp !== t.value.fp || w.value.steps !== t.value.steps) throw new Error(`fast ${n}: backends disagree`);
    const cpuMs = median(cpu.slice(-bench.repeats)); // the timed runs, not the warm-up
    fast.add({
      n,
      steps: w.value.steps,
      wasmMs: w.median,
      wasmCpuMs: cpuMs,
      tsMs: t.median,
      speedup: ratio(t.median, w.median),
      target: fastTargets[n],
      verdict: verdict(w.median, fastTargets[n]),
      cpuVerdict: verdict(cpuMs, fastTargets[n]),
    });
    bench.log(`fast ${n}: wasm ${w.median.toFixed(0)} ms (cpu ${cpuMs.toFixed(0)}), ts ${t.median.toFixed(0)} ms`);
    summary.push({
      target: `fast ${n === 1e6 ? '10⁶' : '10⁷'} queens ≤ ${fastTargets[n]} ms`,
      measured: `${Math.round(w.median)} ms wall, ${Math.round(cpuMs)} ms CPU`,
      verdict: verdict(w.median, fastTargets[n]),
      why:
        w.median <= fastTargets[n]
          ? '-'
          : cpuMs <= fastTargets[n]
            ? "the shared machine's load (CPU time meets it)"
            : `memory latency: ${w.value.steps} steps, each reading a random row of the ${((4 * n) / 1e6).toFixed(0)} MB permutation (and in repair ~7 random lines of the diagonal counters); the diagonals are already bits in phase 1 and u8 in phase 2`,
    });
  }

  // ---- construct through the CLI ----
  const cli = join(repo, 'packages/cli/dist/searchlab.js');
  const constructN = bench.quick ? 1e7 : 1e8;
  const outDir = tmpdir();
  const out = join(outDir, `queens-construct-${process.pid}.json`);
  const runs = [];
  const constructRuns = bench.quick ? 1 : 2;
  for (let i = 0; i < constructRuns; i++) {
    const r = timeCommand([process.execPath, cli, 'queens', 'solve', String(constructN), '--algorithm', 'construct', '--output', out, '--json']);
    runs.push({ ...r, bytes: statSync(out).size });
    if (i < constructRuns - 1) rmSync(out, { force: true }); // the last file is verified below
  }
  runs.sort((a, b) => a.wallMs - b.wallMs);
  const c = runs[0];
  const floor = rawWriteMs(outDir, c.bytes);
  bench
    .table(
      'construct written to a file by the CLI, against issue 7',
      [
        { key: 'n', label: 'queens' },
        { key: 'wallMs', label: 'CLI wall ms' },
        { key: 'cpuMs', label: 'CLI CPU ms (user + sys)' },
        { key: 'mb', label: 'file MB' },
        { key: 'rawMs', label: 'raw write of as many bytes, ms' },
        { key: 'target', label: 'target ms' },
        { key: 'verdict', label: 'verdict (wall)', align: 'left' },
        { key: 'cpuVerdict', label: 'on CPU time (summed over threads)', align: 'left' },
      ],
      `\`searchlab queens solve N --algorithm construct --output FILE --json\` in ${outDir}: Node start-up, the WASM closed form, the copy out, ` +
        'the digits (a WASM kernel, 4 per table lookup, 2^20 columns per chunk, one write per chunk while the next is formatted) and the atomic rename. ' +
        `Best of ${runs.length} runs. "raw write" is this file system's floor: as many zero bytes written from Node in 16 MiB writes. ` +
        "The CPU time sums the main thread (digits) and libuv's thread (the writes), which overlap on two cores: not an idle-machine wall time.",
    )
    .add({
      n: constructN,
      wallMs: c.wallMs,
      cpuMs: c.cpuMs,
      mb: +(c.bytes / 1e6).toFixed(1),
      rawMs: floor,
      target: bench.quick ? '-' : 2000,
      verdict: bench.quick ? '-' : verdict(c.wallMs, 2000),
      cpuVerdict: bench.quick || c.cpuMs === null ? '-' : verdict(c.cpuMs, 2000),
    });
  bench.log(`construct ${constructN}: ${c.wallMs.toFixed(0)} ms wall, cpu ${c.cpuMs?.toFixed(0)} ms; raw write ${floor.toFixed(0)} ms`);

  // ---- verify that file through the CLI (streamed: no string of it) ----
  const checked = spawnSync(process.execPath, [cli, 'queens', 'verify', out, '--json'], { encoding: 'utf8' });
  const verified = checked.status === 0 ? JSON.parse(checked.stdout) : null;
  if (verified === null || verified.valid !== true || verified.n !== constructN)
    throw new Error(`verify ${constructN}: exit ${checked.status}: ${checked.stderr}`);
  const v = timeCommand([process.execPath, cli, 'queens', 'verify', out, '--json']);
  rmSync(out, { force: true });
  bench
    .table(
      'verify: the construct file read back by the CLI (streamed), not a target',
      [
        { key: 'n', label: 'queens' },
        { key: 'mb', label: 'file MB' },
        { key: 'wallMs', label: 'CLI wall ms' },
        { key: 'cpuMs', label: 'CLI CPU ms (user + sys)' },
        { key: 'mbps', label: 'MB/s (wall)' },
        { key: 'valid', label: 'valid', align: 'left' },
      ],
      `\`searchlab queens verify FILE --json\` on the file written above: 4 MiB reads through the streaming parser (the columns kept as an Int32Array, nothing else), then the linear-time checker. Run twice (once to assert the result); the second run is timed.`,
    )
    .add({
      n: constructN,
      mb: +(c.bytes / 1e6).toFixed(1),
      wallMs: v.wallMs,
      cpuMs: v.cpuMs ?? '-',
      mbps: Math.round(c.bytes / 1e3 / v.wallMs),
      valid: 'yes (asserted)',
    });
  bench.log(`verify ${constructN}: ${v.wallMs.toFixed(0)} ms wall, cpu ${v.cpuMs?.toFixed(0)} ms`);
  if (!bench.quick) {
    summary.push({
      target: 'construct 10⁸ written to a file ≤ 2000 ms',
      measured: `${Math.round(c.wallMs)} ms wall, ${c.cpuMs === null ? '?' : Math.round(c.cpuMs)} ms CPU`,
      verdict: verdict(c.wallMs, 2000),
      why:
        c.wallMs <= 2000
          ? '-'
          : `the file system: writing as many bytes (${(c.bytes / 1e6).toFixed(0)} MB) raw takes ${Math.round(floor)} ms here${floor > 2000 ? ', past the target by itself' : ''}; the rest is Node start-up, the 400 MB positions and the digits`,
    });
  }

  // ---- counting: WASM vs TS ----
  const countRepeats = bench.quick ? bench.repeats : 7; // WASM counts Q(12) in about a millisecond: more runs steady the median
  const counts = bench.table(
    'Exact counts: WASM vs the TS reference and vs the best JS (single thread), against issue 7',
    [
      { key: 'n', label: 'N' },
      { key: 'solutions', label: 'Q(N)' },
      { key: 'nodes', label: 'nodes' },
      { key: 'wasmMs', label: 'WASM ms' },
      { key: 'tsMs', label: 'TS reference ms' },
      { key: 'speedup', label: 'WASM / TS reference' },
      { key: 'loopMs', label: 'JS loop ms' },
      { key: 'passesMs', label: 'JS level passes ms' },
      { key: 'bestSpeedup', label: 'WASM / best JS' },
      { key: 'mnps', label: 'WASM M nodes/s' },
      { key: 'verdict', label: 'target ≥ 5× the reference', align: 'left' },
    ],
    'All four count with the same method (Takaken: eight symmetries) and visit the same nodes; counts asserted equal to data/nqueens-counts.tsv and to each other (solutions and nodes). ' +
      'WASM: level passes on eight u16 SIMD lanes, N − 1 bits a row (core-as/assembly/queens/count.ts). The TS reference (engine, backend ts) is a plain recursion, one call per queen. ' +
      'Bench-only JS (tests/bench/support/queens-count-loop.mjs): "JS loop" is an explicit-stack loop with the rows\' rules in a table (the WASM kernel\'s loop before lanes); ' +
      '"JS level passes" is the WASM kernel\'s own scheme one state at a time, as JS, which has no SIMD, can only run it. "Best JS" is the fastest of the three JS counts in this run: ' +
      `WASM against it is the honest speed claim. Medians of ${countRepeats} each (after a warm-up), run back to back; WASM and TS: the drivers' work time (countQueens timeMs); the two JS counts: their call.`,
  );
  for (const n of bench.quick ? [12] : [12, 13, 14]) {
    const w = await timed(
      async () => {
        const r = await countQueens(n);
        return { ms: r.timeMs, r };
      },
      { repeats: countRepeats },
    );
    const t = await timed(
      async () => {
        const r = await countQueens(n, { backend: 'ts' });
        return { ms: r.timeMs, r };
      },
      { repeats: countRepeats },
    );
    const l = await timed(
      async () => {
        const t0 = performance.now();
        const r = countQueensLoop(n);
        return { ms: performance.now() - t0, r };
      },
      { repeats: countRepeats },
    );
    const p = await timed(
      async () => {
        const t0 = performance.now();
        const r = countQueensPasses(n);
        return { ms: performance.now() - t0, r };
      },
      { repeats: countRepeats },
    );
    const agree = [t, l, p].every((x) => x.value.r.solutions === w.value.r.solutions && x.value.r.nodes === w.value.r.nodes);
    if (w.value.r.solutions !== COUNTS.get(String(n)) || !agree) throw new Error(`Q(${n}) wrong`);
    const speedup = ratio(t.median, w.median);
    const bestSpeedup = ratio(Math.min(t.median, l.median, p.median), w.median);
    counts.add({
      n,
      solutions: w.value.r.solutions,
      nodes: w.value.r.nodes,
      wasmMs: w.median,
      tsMs: t.median,
      speedup,
      loopMs: l.median,
      passesMs: p.median,
      bestSpeedup,
      mnps: w.value.r.nodes / w.median / 1000,
      verdict: ratioVerdict(speedup, 5),
    });
    bench.log(
      `Q(${n}): wasm ${w.median.toFixed(1)} ms, ts reference ${t.median.toFixed(0)} ms, JS loop ${l.median.toFixed(0)} ms, JS passes ${p.median.toFixed(0)} ms`,
    );
    summary.push({
      target: `Q(${n}) WASM ≥ 5× the TS reference`,
      measured: `${speedup}× the reference, ${bestSpeedup}× the best JS (WASM ${w.median.toFixed(1)}, reference ${t.median.toFixed(1)}, loop ${l.median.toFixed(1)}, passes ${p.median.toFixed(1)} ms)`,
      verdict: ratioVerdict(speedup, 5),
      why:
        speedup >= 5 ? '-' : `in this run WASM took ${w.median.toFixed(1)} ms against the reference's ${t.median.toFixed(1)} ms (medians of ${countRepeats})`,
    });
  }

  // ---- Q(16), Q(17): one thread, two workers, native ----
  const native = compileNative();
  const big = bench.table(
    'Q(16) and Q(17): WASM on one thread and on two workers, and a plain native C count, against issue 7',
    [
      { key: 'n', label: 'N' },
      { key: 'solutions', label: 'Q(N)' },
      { key: 'nodes', label: 'WASM nodes' },
      { key: 'oneMs', label: '1 thread ms' },
      { key: 'oneCpuMs', label: '1 thread CPU ms' },
      { key: 'twoMs', label: '2 workers ms (wall)' },
      { key: 'twoCpuMs', label: '2 workers: busiest thread CPU ms' },
      { key: 'nativeMs', label: 'native C ms (mirror)' },
      { key: 'wasmPerNative', label: 'WASM / native mirror' },
      { key: 'nativeSymMs', label: 'native C ms (same method)' },
      { key: 'wasmPerSym', label: 'WASM / native same method' },
      { key: 'oneVerdict', label: '1 thread: Q(16) ≤ 3000 ms (issue 7), Q(17) ≤ 3500 ms (issue 22)', align: 'left' },
      { key: 'twoVerdict', label: '2 workers ≤ 1800 ms', align: 'left' },
    ],
    'Run once each (the machine is shared). 1 thread: countQueens on this thread (driver included). 2 workers: the engine pool (worker_threads, ' +
      'wall time including worker start-up); its CPU column is the busiest thread of the process (/proc, 10 ms ticks), i.e. the critical path on an idle machine. ' +
      "Native (gcc -O3 -march=native, same machine, run just after WASM): tests/bench/native/queens-count.c, mirror symmetry only (the issue's reference: 3.2–3.8 s for Q(16)), " +
      `and queens-count-symmetry.c, the kernels' method as a plain C recursion. ${native.exe === null ? `Native not run: ${native.why}.` : ''} ` +
      "The WASM kernel and the TS reference count with Takaken's method (eight symmetries: 246 M nodes for Q(16) against 571 M with mirror symmetry only).",
  );
  const pool = createNodePool({ size: 2, script: join(repo, 'packages/cli/dist/chunks/worker.js') });
  try {
    for (const n of bench.quick ? [14] : [16, 17]) {
      const one = await withCpu(() => countQueens(n));
      const before = threadTicks();
      const two = await withCpu(() => countQueens(n, { runner: pool }));
      const twoCpu = busiestMs(before, threadTicks());
      const nat = runNative(native.exe, n);
      const sym = runNative(native.symmetryExe, n);
      if (sym !== null && sym.solutions !== COUNTS.get(String(n))) throw new Error(`native symmetry Q(${n}) wrong: ${sym.solutions}`);
      if (
        one.value.solutions !== COUNTS.get(String(n)) ||
        two.value.solutions !== one.value.solutions ||
        (nat !== null && nat.solutions !== one.value.solutions)
      ) {
        throw new Error(`Q(${n}) wrong: ${one.value.solutions} / ${two.value.solutions} / ${nat?.solutions}`);
      }
      const targeted = n === 16;
      const oneTarget = n === 16 ? 3000 : n === 17 ? 3500 : null;
      big.add({
        n,
        solutions: one.value.solutions,
        nodes: one.value.nodes,
        oneMs: one.value.timeMs,
        oneCpuMs: one.cpuMs,
        twoMs: two.wallMs,
        twoCpuMs: twoCpu ?? '-',
        nativeMs: nat?.ms ?? '-',
        wasmPerNative: nat === null ? '-' : ratio(one.value.timeMs, nat.ms, 2),
        nativeSymMs: sym?.ms ?? '-',
        wasmPerSym: sym === null ? '-' : ratio(one.value.timeMs, sym.ms, 2),
        oneVerdict: oneTarget !== null ? `${verdict(one.value.timeMs, oneTarget)}; CPU ${verdict(one.cpuMs, oneTarget)}` : '-',
        twoVerdict: targeted ? `${verdict(two.wallMs, 1800)}${twoCpu === null ? '' : `; busiest thread ${verdict(twoCpu, 1800)}`}` : '-',
      });
      if (targeted) {
        summary.push({
          target: 'Q(16) ≤ 3000 ms, one thread',
          measured: `${Math.round(one.value.timeMs)} ms wall, ${Math.round(one.cpuMs)} ms CPU; native C mirror ${nat === null ? '-' : `${Math.round(nat.ms)} ms`}, same method ${sym === null ? '-' : `${Math.round(sym.ms)} ms`}`,
          verdict: verdict(one.value.timeMs, 3000),
          why: one.value.timeMs <= 3000 ? '-' : one.cpuMs <= 3000 ? "the shared machine's load (CPU time meets it)" : 'the kernel',
        });
        summary.push({
          target: 'Q(16) ≤ 1800 ms, two workers',
          measured: `${Math.round(two.wallMs)} ms wall${twoCpu === null ? '' : `, busiest thread ${twoCpu} ms CPU`}`,
          verdict: verdict(two.wallMs, 1800),
          why:
            two.wallMs <= 1800
              ? '-'
              : twoCpu !== null && twoCpu <= 1800
                ? "the shared machine's load: both cores are busy with other work (the busiest worker's CPU time meets it)"
                : 'the kernel or the split',
        });
      }
      if (n === 17) {
        summary.push({
          target: 'Q(17) ≤ 3500 ms, one thread (issue 22)',
          measured: `${Math.round(one.value.timeMs)} ms wall, ${Math.round(one.cpuMs)} ms CPU; native C same method ${sym === null ? '-' : `${Math.round(sym.ms)} ms`}`,
          verdict: verdict(one.value.timeMs, 3500),
          why: one.value.timeMs <= 3500 ? '-' : one.cpuMs <= 3500 ? "the shared machine's load (CPU time meets it)" : 'the kernel',
        });
      }
      bench.log(
        `Q(${n}): one ${one.value.timeMs.toFixed(0)} ms (cpu ${one.cpuMs.toFixed(0)}), two ${two.wallMs.toFixed(0)} ms (busiest ${twoCpu}), native ${nat?.ms ?? '-'} ms, native same method ${sym?.ms ?? '-'} ms`,
      );
    }
  } finally {
    await pool.close();
    if (existsSync(native.dir)) rmSync(native.dir, { recursive: true, force: true });
  }

  const table = bench.table(
    "Summary: issue 7's speed targets and issue 22's Q(17)",
    [
      { key: 'target', label: 'target', align: 'left' },
      { key: 'measured', label: 'measured', align: 'left' },
      { key: 'verdict', label: 'verdict (wall)', align: 'left' },
      { key: 'why', label: 'why, when missed', align: 'left' },
    ],
    `${load} Verdicts on wall time as the issue states them; CPU time is what an idle machine would show.`,
  );
  for (const row of summary) table.add(row);
}
