// Polynomial fitting: 1,000,000 points at degrees 2..9 on the WASM kernel and the TS reference (the
// fit itself, parsing excluded: the engine's timeMs; coefficients asserted bit-identical), beside
// numpy.polyfit (when python3 has numpy) and two popular JS packages; accuracy on ill-conditioned
// problems against the true or NIST-certified coefficients.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Rng, loadKernels } from '@searchlab/engine';
import { polyfit } from '@searchlab/engine/fit';
import { PolynomialRegression } from 'ml-regression-polynomial';
import regression from 'regression';
import { ratio, timed } from '../harness.mjs';

const fixtures = JSON.parse(readFileSync(fileURLToPath(new URL('../../fixtures/fit/numpy.json', import.meta.url)), 'utf8'));
const maxRel = (a, b) => Math.max(...b.map((v, i) => Math.abs(a[i] - v) / Math.abs(v)));

/** The textbook normal equations with partial pivoting: what naive fitters do (for the accuracy table). */
function normalEquations(xs, ys, degree) {
  const p = degree + 1;
  const a = Array.from({ length: p }, (_, i) =>
    Array.from({ length: p + 1 }, (_, j) => xs.reduce((s, v, k) => s + (j < p ? v ** (i + j) : v ** i * ys[k]), 0)),
  );
  for (let c = 0; c < p; c++) {
    let piv = c;
    for (let r = c + 1; r < p; r++) if (Math.abs(a[r][c]) > Math.abs(a[piv][c])) piv = r;
    [a[c], a[piv]] = [a[piv], a[c]];
    for (let r = c + 1; r < p; r++) {
      const f = a[r][c] / a[c][c];
      for (let k = c; k <= p; k++) a[r][k] -= f * a[c][k];
    }
  }
  const out = new Array(p).fill(0);
  for (let r = p - 1; r >= 0; r--) {
    let s = a[r][p];
    for (let k = r + 1; k < p; k++) s -= a[r][k] * out[k];
    out[r] = s / a[r][r];
  }
  return out.reverse();
}

/** numpy.polyfit on the same points, timed inside python (median ms), or null without numpy. */
function numpyMs(x, y, degree, repeats) {
  const bin = join(os.tmpdir(), `searchlab-fit-bench-${process.pid}.f64`);
  const both = new Float64Array(2 * x.length);
  both.set(x);
  both.set(y, x.length);
  writeFileSync(bin, Buffer.from(both.buffer));
  const script = `import numpy as np, time, sys\nd = np.fromfile(sys.argv[1]); n = len(d)//2; x, y = d[:n], d[n:]\nts = []\nfor _ in range(${repeats}):\n    s = time.perf_counter(); np.polyfit(x, y, ${degree}); ts.append(time.perf_counter() - s)\nprint(np.__version__, sorted(ts)[(len(ts)-1)//2] * 1000)\n`;
  const r = spawnSync('python3', ['-c', script, bin], { encoding: 'utf8' });
  rmSync(bin, { force: true });
  if (r.status !== 0) return null;
  const [version, ms] = r.stdout.trim().split(' ');
  return { version, ms: Number(ms) };
}

export async function run(bench) {
  await loadKernels();
  const N = bench.quick ? 200_000 : 1_000_000;
  // x uniform in [−3, 3], y a smooth function plus noise (seeded).
  const rng = new Rng(2026);
  const x = new Float64Array(N);
  const y = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    x[i] = -3 + 6 * rng.nextFloat();
    y[i] = Math.sin(x[i]) * 10 + x[i] ** 3 / 4 + (rng.nextFloat() - 0.5);
  }
  const fitMs = (backend, degree, repeats) =>
    timed(
      async () => {
        const fit = await polyfit(x, y, degree, { backend });
        return { ms: fit.timeMs, fit };
      },
      { repeats, warmup: 1 },
    );

  const speed = bench.table(
    `WASM vs the TS reference, ${N.toLocaleString('en-US')} points`,
    [
      { key: 'degree', label: 'degree' },
      { key: 'wasmMs', label: 'WASM ms' },
      { key: 'tsMs', label: 'TS ms' },
      { key: 'speedup', label: 'WASM speed-up' },
      { key: 'mpps', label: 'WASM M points/s' },
    ],
    'The fit itself (rows through the kernel and the solve; parsing excluded); both backends agree bit for bit (asserted).',
  );
  let deg8;
  for (let degree = 2; degree <= 9; degree++) {
    const wasm = await fitMs('wasm', degree, bench.repeats);
    const ts = await fitMs('ts', degree, 1);
    if (!wasm.value.fit.coefficients.every((c, i) => Object.is(c, ts.value.fit.coefficients[i]))) throw new Error(`backends disagree at degree ${degree}`);
    speed.add({ degree, wasmMs: wasm.median, tsMs: ts.median, speedup: ratio(ts.median, wasm.median), mpps: N / wasm.median / 1000 });
    if (degree === 8) deg8 = { wasm: wasm.median, ts: ts.median };
    bench.log(`degree ${degree}: wasm ${wasm.median.toFixed(1)} ms, ts ${ts.median.toFixed(1)} ms`);
  }

  const others = bench.table(`Degree 8 on the same ${N.toLocaleString('en-US')} points`, [
    { key: 'fitter', label: 'fitter', align: 'left' },
    { key: 'ms', label: 'ms' },
    { key: 'vsWasm', label: '× searchlab WASM time' },
  ]);
  const xa = Array.from(x);
  const ya = Array.from(y);
  const wall = async (fn, repeats) => (await timed(fn, { repeats, warmup: 0 })).median;
  const rows = [
    ['searchlab WASM', deg8.wasm],
    ['searchlab TS reference', deg8.ts],
    ['ml-regression-polynomial (JS)', await wall(() => void new PolynomialRegression(xa, ya, 8), bench.repeats)],
    [
      'regression (JS)',
      await wall(
        () =>
          void regression.polynomial(
            xa.map((v, i) => [v, ya[i]]),
            { order: 8, precision: 15 },
          ),
        1,
      ),
    ],
  ];
  const numpy = numpyMs(x, y, 8, bench.repeats);
  if (numpy !== null) rows.push([`numpy.polyfit ${numpy.version} (python3)`, numpy.ms]);
  else others.note('numpy not available on this machine: its row is missing.');
  for (const [fitter, ms] of rows) others.add({ fitter, ms, vsWasm: ratio(ms, deg8.wasm) });

  const accuracy = bench.table('Accuracy: largest relative coefficient error against the true (cubic) or NIST-certified values', [
    { key: 'problem', label: 'problem', align: 'left' },
    { key: 'degree', label: 'degree' },
    { key: 'searchlab', label: 'searchlab' },
    { key: 'mapped', label: 'searchlab, mapped domain' },
    { key: 'numpy', label: `numpy ${fixtures.numpy}` },
    { key: 'ml', label: 'ml-regression-polynomial' },
    { key: 'regression', label: 'regression' },
    { key: 'naive', label: 'normal equations (naive)' },
  ]);
  const e = (v) => v.toExponential(1);
  for (const name of ['cubic-1000-1100', 'Filip', 'Wampler4']) {
    const c = fixtures.cases.find((k) => k.name === name);
    const ref = c.certified ?? c.truth;
    accuracy.add({
      problem: name,
      degree: c.degree,
      searchlab: e(maxRel((await polyfit(c.x, c.y, c.degree)).coefficients, ref)),
      mapped: e(maxRel((await polyfit(c.x, c.y, c.degree, { mapDomain: true })).coefficients, ref)),
      numpy: e(maxRel(c.numpy.coefficients, ref)),
      ml: e(maxRel([...new PolynomialRegression(c.x, c.y, c.degree).coefficients].reverse(), ref)),
      regression: e(
        maxRel(
          regression.polynomial(
            c.x.map((v, i) => [v, c.y[i]]),
            { order: c.degree, precision: 20 },
          ).equation,
          ref,
        ),
      ),
      naive: e(maxRel(normalEquations(c.x, c.y, c.degree), ref)),
    });
  }
}
