// Polynomial fitting benchmark: node tests/bench/fit.mjs [--quick] (after pnpm build).
// Speed: 1,000,000 points at degrees 2..9 on the WASM kernel and the TS reference (the fit itself,
// parsing excluded: the engine's timeMs), beside numpy.polyfit when python3 has numpy, and two
// popular JS packages (ml-regression-polynomial, regression). Accuracy: the cubic sampled at
// x = 1000…1100 and NIST's Filip, against the true / certified coefficients. Prints medians and
// writes tests/bench/fit-results.json + fit-results.md.
import { spawnSync } from 'node:child_process';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Rng, loadKernels } from '@searchlab/engine';
import { polyfit } from '@searchlab/engine/fit';
import { PolynomialRegression } from 'ml-regression-polynomial';
import regression from 'regression';

const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const N = quick ? 200_000 : 1_000_000;
const REPEATS = quick ? 1 : 3;
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; };
const round = (v, d = 1) => +v.toFixed(d);

await loadKernels();
// The data: x uniform in [−3, 3], y = a smooth function plus noise (seeded).
const rng = new Rng(2026);
const x = new Float64Array(N);
const y = new Float64Array(N);
for (let i = 0; i < N; i++) {
  x[i] = -3 + 6 * rng.nextFloat();
  y[i] = Math.sin(x[i]) * 10 + x[i] ** 3 / 4 + (rng.nextFloat() - 0.5);
}

async function timeFit(backend, degree, repeats) {
  const times = [];
  let fit;
  for (let r = 0; r < repeats; r++) {
    fit = await polyfit(x, y, degree, { backend });
    times.push(fit.timeMs);
  }
  return { ms: median(times), fit };
}

const speed = [];
for (let degree = 2; degree <= 9; degree++) {
  const wasm = await timeFit('wasm', degree, REPEATS);
  const ts = await timeFit('ts', degree, 1);
  const same = wasm.fit.coefficients.every((c, i) => Object.is(c, ts.fit.coefficients[i]));
  if (!same) throw new Error(`backends disagree at degree ${degree}`);
  const row = { degree, points: N, wasmMs: round(wasm.ms), tsMs: round(ts.ms), speedup: round(ts.ms / wasm.ms), wasmPointsPerSec: Math.round(N / (wasm.ms / 1000)) };
  speed.push(row);
  console.log(`degree ${degree}: wasm ${row.wasmMs} ms  ts ${row.tsMs} ms  ×${row.speedup}  (${(row.wasmPointsPerSec / 1e6).toFixed(1)} M points/s)`);
}

// Others at degree 8.
const others = [];
const timeIt = (fn, repeats) => { const t = []; for (let r = 0; r < repeats; r++) { const s = performance.now(); fn(); t.push(performance.now() - s); } return median(t); };
{
  const xa = Array.from(x);
  const ya = Array.from(y);
  others.push({ name: 'ml-regression-polynomial 4 (JS)', ms: round(timeIt(() => new PolynomialRegression(xa, ya, 8), REPEATS)) });
  const pts = xa.map((v, i) => [v, ya[i]]);
  others.push({ name: 'regression 2 (JS)', ms: round(timeIt(() => regression.polynomial(pts, { order: 8, precision: 15 }), 1)) });
}
let numpyVersion = null;
{
  const bin = join(os.tmpdir(), `searchlab-fit-bench-${process.pid}.f64`);
  const both = new Float64Array(2 * N);
  both.set(x);
  both.set(y, N);
  writeFileSync(bin, Buffer.from(both.buffer));
  const script = `import numpy as np, time, sys\nd = np.fromfile(sys.argv[1]); n = len(d)//2; x, y = d[:n], d[n:]\nts = []\nfor _ in range(${REPEATS}):\n    s = time.perf_counter(); np.polyfit(x, y, 8); ts.append(time.perf_counter() - s)\nprint(np.__version__, sorted(ts)[(len(ts)-1)//2] * 1000)\n`;
  const r = spawnSync('python3', ['-c', script, bin], { encoding: 'utf8' });
  rmSync(bin, { force: true });
  if (r.status === 0) {
    const [version, ms] = r.stdout.trim().split(' ');
    numpyVersion = version;
    others.push({ name: `numpy.polyfit ${version} (python3)`, ms: round(Number(ms)) });
  } else console.log('numpy not available: skipped');
}
const deg8 = speed.find((r) => r.degree === 8);
for (const o of others) console.log(`degree 8, ${o.name}: ${o.ms} ms`);

// Accuracy on ill-conditioned problems: the true/certified coefficients are known.
const fixtures = JSON.parse(readFileSync(join(here, '../fixtures/fit/numpy.json'), 'utf8'));
const maxRel = (a, b) => Math.max(...b.map((v, i) => Math.abs(a[i] - v) / Math.abs(v)));
function normalEquations(xs, ys, degree) {
  const p = degree + 1;
  const a = Array.from({ length: p }, (_, i) => Array.from({ length: p + 1 }, (_, j) => xs.reduce((s, v, k) => s + (j < p ? v ** (i + j) : v ** i * ys[k]), 0)));
  for (let c = 0; c < p; c++) {
    let piv = c;
    for (let r = c + 1; r < p; r++) if (Math.abs(a[r][c]) > Math.abs(a[piv][c])) piv = r;
    [a[c], a[piv]] = [a[piv], a[c]];
    for (let r = c + 1; r < p; r++) { const f = a[r][c] / a[c][c]; for (let k = c; k <= p; k++) a[r][k] -= f * a[c][k]; }
  }
  const out = new Array(p).fill(0);
  for (let r = p - 1; r >= 0; r--) { let s = a[r][p]; for (let k = r + 1; k < p; k++) s -= a[r][k] * out[k]; out[r] = s / a[r][r]; }
  return out.reverse();
}
const accuracy = [];
for (const name of ['cubic-1000-1100', 'Filip', 'Wampler4']) {
  const c = fixtures.cases.find((k) => k.name === name);
  const ref = c.certified ?? c.truth;
  const row = { problem: name, degree: c.degree };
  row['searchlab (wasm)'] = maxRel((await polyfit(c.x, c.y, c.degree)).coefficients, ref);
  row['searchlab, mapped domain'] = maxRel((await polyfit(c.x, c.y, c.degree, { mapDomain: true })).coefficients, ref);
  row[`numpy.polyfit ${fixtures.numpy}`] = maxRel(c.numpy.coefficients, ref);
  row['ml-regression-polynomial'] = maxRel([...new PolynomialRegression(c.x, c.y, c.degree).coefficients].reverse(), ref);
  row['regression'] = maxRel(regression.polynomial(c.x.map((v, i) => [v, c.y[i]]), { order: c.degree, precision: 20 }).equation, ref);
  row['normal equations (naive)'] = maxRel(normalEquations(c.x, c.y, c.degree), ref);
  accuracy.push(row);
  console.log(name, Object.entries(row).slice(2).map(([k, v]) => `${k} ${v.toExponential(1)}`).join(', '));
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const load = os.loadavg()[0];
const results = { date: new Date().toISOString().slice(0, 10), node: process.version, cpu, cores: os.cpus().length, loadAverage: +load.toFixed(1), points: N, repeats: REPEATS, speed, degree8Others: others, accuracy };
const atomic = (file, text) => { writeFileSync(`${file}.tmp`, text); renameSync(`${file}.tmp`, file); };
atomic(join(here, 'fit-results.json'), `${JSON.stringify(results, null, 2)}\n`);
const md = [
  '# Polynomial fit benchmark (node tests/bench/fit.mjs)',
  '',
  `${results.date}, node ${results.node}, ${cpu} (${results.cores} cores, load average ${results.loadAverage} at the end: a shared machine). ${N.toLocaleString('en-US')} points; the fit itself (the engine's timeMs: rows through`,
  `the kernel and the solve; parsing excluded). WASM: median of ${REPEATS}; TS reference: 1 run; the two agree bit for bit (asserted).`,
  '',
  '| degree | WASM ms | TS ms | WASM speed-up | WASM points/s |',
  '|---:|---:|---:|---:|---:|',
  ...speed.map((r) => `| ${r.degree} | ${r.wasmMs} | ${r.tsMs} | ${r.speedup}× | ${(r.wasmPointsPerSec / 1e6).toFixed(1)} M |`),
  '',
  `Degree 8, same ${N.toLocaleString('en-US')} points: searchlab WASM ${deg8.wasmMs} ms, TS ${deg8.tsMs} ms` + (others.length ? '; ' : '.'),
  ...others.map((o, i) => `${o.name} ${o.ms} ms${i === others.length - 1 ? '.' : ';'}`),
  numpyVersion ? '' : '(numpy not found: its row is missing.)',
  '',
  'Accuracy: largest relative error of a coefficient against the true (cubic) or NIST-certified (Filip, Wampler4) values.',
  '',
  `| problem | degree | ${Object.keys(accuracy[0]).slice(2).join(' | ')} |`,
  `|---|---:|${Object.keys(accuracy[0]).slice(2).map(() => '---:').join('|')}|`,
  ...accuracy.map((r) => `| ${r.problem} | ${r.degree} | ${Object.values(r).slice(2).map((v) => v.toExponential(1)).join(' | ')} |`),
  '',
].join('\n');
atomic(join(here, 'fit-results.md'), md);
console.log('wrote tests/bench/fit-results.json and fit-results.md');
