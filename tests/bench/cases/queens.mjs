// N-Queens: `fast` at 10⁶ and 10⁷ queens and `construct` at 10⁸ (written to a file through the CLI),
// WASM vs the TS reference (same board asserted); exact counts Q(12..14) WASM vs TS, Q(16) and Q(17)
// single-thread and on 2 workers, asserted against data/nqueens-counts.tsv. Issue 7's targets are in
// the notes with the measured miss, if any.
import { readFileSync, rmSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadKernels } from '@searchlab/engine';
import { checkSolution, countQueens, solveQueens } from '@searchlab/engine/queens';
import { createNodePool } from '@searchlab/engine/node';
import { ratio, timed } from '../harness.mjs';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const COUNTS = new Map(readFileSync(join(repo, 'data/nqueens-counts.tsv'), 'utf8').split('\n')
  .filter((l) => /^\d+\t/.test(l)).map((l) => l.split('\t').map((x) => x.trim())));

/** A cheap fingerprint of a board, to assert both backends returned the same one. */
function fingerprint(p) {
  let h = 0;
  for (let i = 0; i < p.length; i++) h = (Math.imul(h, 31) + p[i]) | 0;
  return h;
}

async function solveTimed(n, algorithm, backend, seed = 1) {
  const r = await solveQueens(n, { algorithm, backend, seed });
  if (r.status !== 'solved') throw new Error(`${algorithm} ${n} ${backend}: ${r.status}`);
  const bad = checkSolution(r.positions);
  if (bad !== null) throw new Error(`${algorithm} ${n} ${backend}: not a solution: ${bad}`);
  return { ms: r.timeMs, steps: r.steps, fp: fingerprint(r.positions) };
}

export async function run(bench) {
  await loadKernels();
  // These machines are shared: the load at the start says how far the figures are from an idle one.
  const load = `Load average when the run started: ${loadavg().map((x) => x.toFixed(1)).join(' / ')} (1/5/15 min) on ${(await import('node:os')).cpus().length} cores.`;
  const targets = { 1e6: 500, 1e7: 4000 };
  const fast = bench.table('fast (Sosic & Gu style): WASM vs the TS reference', [
    { key: 'n', label: 'queens' }, { key: 'steps', label: 'steps' }, { key: 'wasmMs', label: 'WASM ms' }, { key: 'tsMs', label: 'TS ms' },
    { key: 'speedup', label: 'WASM speed-up' }, { key: 'target', label: 'target ms (issue 7)' }, { key: 'verdict', label: 'target', align: 'left' },
  ], `Solver time (timeMs: preparing and running, not the copy of the result), seed 1; the same board on both backends (asserted) and checked by the linear-time checker. 10⁷ runs once per backend (memory and time). ${load}`);
  for (const n of bench.quick ? [1e6] : [1e6, 1e7]) {
    const repeats = n >= 1e7 ? 1 : bench.repeats;
    const w = await timed(() => solveTimed(n, 'fast', 'wasm'), { repeats, warmup: n >= 1e7 ? 0 : 1 });
    const t = await timed(() => solveTimed(n, 'fast', 'ts'), { repeats: 1, warmup: 0 });
    if (w.value.fp !== t.value.fp || w.value.steps !== t.value.steps) throw new Error(`fast ${n}: backends disagree`);
    const verdict = w.median <= targets[n] ? 'met' : `missed by ${(w.median - targets[n]).toFixed(0)} ms`;
    fast.add({ n, steps: w.value.steps, wasmMs: w.median, tsMs: t.median, speedup: ratio(t.median, w.median), target: targets[n], verdict });
    bench.log(`fast ${n}: wasm ${w.median.toFixed(0)} ms, ts ${t.median.toFixed(0)} ms`);
  }

  const cli = join(repo, 'packages/cli/dist/searchlab.js');
  const constructN = bench.quick ? 1e7 : 1e8;
  const out = join(tmpdir(), `queens-construct-${process.pid}.json`);
  const c = await timed(() => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [cli, 'queens', 'solve', String(constructN), '--algorithm', 'construct', '--output', out, '--json'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`construct ${constructN}: exit ${r.status}: ${r.stderr}`);
    return { ms: performance.now() - t0, solverMs: JSON.parse(r.stdout).timeMs, bytes: statSync(out).size };
  }, { repeats: 1, warmup: 0 });
  rmSync(out, { force: true });
  bench.table('construct, written to a file by the CLI', [
    { key: 'n', label: 'queens' }, { key: 'solverMs', label: 'construct ms' }, { key: 'wallMs', label: 'CLI wall ms (start, construct, write)' },
    { key: 'mb', label: 'file MB' }, { key: 'target', label: 'target ms' }, { key: 'verdict', label: 'target', align: 'left' },
  ], 'Wall time of `searchlab queens solve N --algorithm construct --output FILE --json`, including Node start-up and the streamed, atomic write.')
    .add({ n: constructN, solverMs: c.value.solverMs, wallMs: c.median, mb: +(c.value.bytes / 1e6).toFixed(1), target: 2000,
      verdict: c.median <= 2000 ? 'met' : `missed by ${(c.median - 2000).toFixed(0)} ms (writing ~${(c.value.bytes / 1e6).toFixed(0)} MB of text dominates)` });
  bench.log(`construct ${constructN}: ${c.median.toFixed(0)} ms wall`);

  const counts = bench.table('Exact counts: WASM vs the TS reference (single thread)', [
    { key: 'n', label: 'N' }, { key: 'solutions', label: 'Q(N)' }, { key: 'nodes', label: 'nodes' }, { key: 'wasmMs', label: 'WASM ms' },
    { key: 'tsMs', label: 'TS ms' }, { key: 'speedup', label: 'WASM speed-up' }, { key: 'mnps', label: 'WASM M nodes/s' },
  ], 'Issue 7 asks WASM ≥ 5× the TS reference on counting. Counts asserted equal to data/nqueens-counts.tsv and between backends.');
  for (const n of bench.quick ? [12] : [12, 13, 14]) {
    const w = await timed(async () => { const r = await countQueens(n); return { ms: r.timeMs, r }; }, { repeats: bench.repeats });
    const t = await timed(async () => { const r = await countQueens(n, { backend: 'ts' }); return { ms: r.timeMs, r }; }, { repeats: bench.repeats, warmup: 0 });
    if (w.value.r.solutions !== COUNTS.get(String(n)) || t.value.r.solutions !== w.value.r.solutions || t.value.r.nodes !== w.value.r.nodes) throw new Error(`Q(${n}) wrong`);
    counts.add({ n, solutions: w.value.r.solutions, nodes: w.value.r.nodes, wasmMs: w.median, tsMs: t.median, speedup: ratio(t.median, w.median), mnps: w.value.r.nodes / w.median / 1000 });
    bench.log(`Q(${n}): wasm ${w.median.toFixed(0)} ms, ts ${t.median.toFixed(0)} ms`);
  }

  const big = bench.table('Q(16) and Q(17) on WASM: one thread and two workers', [
    { key: 'n', label: 'N' }, { key: 'solutions', label: 'Q(N)' }, { key: 'oneMs', label: '1 thread ms' }, { key: 'twoMs', label: '2 workers ms (wall)' },
    { key: 'targets', label: 'targets (issue 7)', align: 'left' }, { key: 'verdict', label: 'verdict', align: 'left' },
  ], 'Run once each (they take seconds; the machine is shared). 2 workers = the engine pool (worker_threads), wall time including worker start-up.');
  const pool = createNodePool({ size: 2, script: join(repo, 'packages/cli/dist/worker.js') });
  try {
    for (const n of bench.quick ? [] : [16, 17]) {
      const one = await countQueens(n);
      const t0 = performance.now();
      const two = await countQueens(n, { runner: pool });
      const twoMs = performance.now() - t0;
      if (one.solutions !== COUNTS.get(String(n)) || two.solutions !== one.solutions) throw new Error(`Q(${n}) wrong: ${one.solutions} / ${two.solutions}`);
      const row = { n, solutions: one.solutions, oneMs: one.timeMs, twoMs, targets: n === 16 ? '≤ 3000 ms one thread, ≤ 1800 ms two' : '-', verdict: '-' };
      if (n === 16) {
        const miss = [one.timeMs > 3000 ? `one thread missed by ${(one.timeMs - 3000).toFixed(0)} ms` : 'one thread met',
          twoMs > 1800 ? `two workers missed by ${(twoMs - 1800).toFixed(0)} ms` : 'two workers met'];
        row.verdict = miss.join('; ');
      }
      big.add(row);
      bench.log(`Q(${n}): one ${one.timeMs.toFixed(0)} ms, two ${twoMs.toFixed(0)} ms`);
    }
  } finally {
    await pool.close();
  }
}
