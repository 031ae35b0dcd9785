// WASM fit kernel vs its TS reference (docs/contracts/fit.md): both run the same f64 operations in
// the same order (block Householder QR with BLOCK-row folds, one-sided Jacobi SVD), so they must agree
// BIT FOR BIT — coefficients, singular values, column scales, covariance base, residual, rank and
// sweep count — on thousands of seeded problems: well- and ill-conditioned, weighted, domain-mapped,
// rank-deficient, sizes across block boundaries, and any step budgets (the block boundaries do not
// depend on how the host slices the rows).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKernels, type Kernels } from '../../packages/engine/src/core/kernels.js';
import { Rng } from '../../packages/engine/src/core/rng.js';
import { NormalSource } from '../../packages/engine/src/core/normal.js';
import { createTsFitRun, createWasmFitRun, type FitRun, type KernelJob } from '../../packages/engine/src/fit/run.js';
import { BLOCK, defaultRcond, type KernelSolution } from '../../packages/engine/src/fit/reference.js';
import { domainMap } from '../../packages/engine/src/fit/fit.js';
import { polyfitSync } from '../../packages/engine/src/fit/index.js';

let kernels: Kernels;
beforeAll(async () => {
  kernels = await loadKernels();
});

function drain(run: FitRun, budget: () => number): KernelSolution {
  try {
    for (;;) {
      const out = run.step(budget());
      if (out !== null) return out;
    }
  } finally {
    run.dispose();
  }
}

/** Same bits: Object.is per element (NaN = NaN, 0 ≠ −0). */
function sameBits(a: KernelSolution, b: KernelSolution, what: string): void {
  for (const key of ['coef', 'sigma', 'colScale', 'covBase'] as const) {
    const x = Array.from(a[key]);
    const y = Array.from(b[key]);
    expect(x.length, `${what} ${key}`).toBe(y.length);
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) expect(x, `${what} ${key}[${i}]`).toEqual(y);
  }
  expect(Object.is(a.rss, b.rss), `${what} rss ${a.rss} vs ${b.rss}`).toBe(true);
  expect([a.rank, a.rows, a.sweeps], what).toEqual([b.rank, b.rows, b.sweeps]);
}

type Kind = 'plain' | 'offset' | 'repeated' | 'weighted' | 'mapped' | 'wide';

function problem(seed: number, kind: Kind): { job: KernelJob; label: string } {
  const rng = new Rng(seed);
  const normal = new NormalSource(rng);
  const degree = rng.nextInt(kind === 'wide' ? 16 : 10);
  const sizes = [degree + 1, degree + 2, BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK + 3, 17 + rng.nextInt(300)];
  const n = Math.max(degree + 1, sizes[rng.nextInt(sizes.length)]!);
  const lo = kind === 'offset' ? 1000 + rng.nextInt(100_000) : -5 + 10 * rng.nextFloat();
  const width = kind === 'offset' ? 1 + rng.nextInt(200) : 0.1 + 10 * rng.nextFloat();
  const distinct = kind === 'repeated' ? 1 + rng.nextInt(Math.max(1, degree)) : n;
  const grid = Array.from({ length: distinct }, () => lo + width * rng.nextFloat());
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const coefs = Array.from({ length: degree + 1 }, () => normal.next(0, 3));
  for (let i = 0; i < n; i++) {
    x[i] = grid[i % distinct]!;
    let s = 0;
    for (const c of coefs) s = s * ((x[i]! - lo) / width) + c;
    y[i] = s + normal.next(0, rng.nextFloat() < 0.2 ? 0 : 0.5);
  }
  const w = kind === 'weighted' ? Float64Array.from({ length: n }, () => 0.1 + 3 * rng.nextFloat()) : undefined;
  const map = kind === 'mapped' ? domainMap({ x, y }) : undefined;
  return {
    job: { rows: { x, y, w }, terms: degree + 1, offset: map?.offset ?? 0, scale: map?.scale ?? 1, rcond: defaultRcond(n) },
    label: `${kind} seed ${seed}: degree ${degree}, n ${n}`,
  };
}

const KINDS: Kind[] = ['plain', 'offset', 'repeated', 'weighted', 'mapped', 'wide'];
const PER_KIND = 400;

describe('the fit kernel: WASM = TS reference, bit for bit', () => {
  for (const kind of KINDS) {
    it(`${PER_KIND} ${kind} problems`, () => {
      let deficient = 0;
      for (let s = 0; s < PER_KIND; s++) {
        const { job, label } = problem(1000 * KINDS.indexOf(kind) + s, kind);
        const budgetRng = new Rng(s);
        // TS in one go; WASM in random slices (1 … 5000 rows), so resuming across chunks is exercised.
        const ts = drain(createTsFitRun(job), () => 1e9);
        const wasm = drain(createWasmFitRun(kernels, job), () => 1 + budgetRng.nextInt(5000));
        sameBits(wasm, ts, label);
        if (ts.rank < job.terms) deficient++;
        for (const c of ts.coef) expect(Number.isFinite(c), label).toBe(true);
      }
      if (kind === 'repeated') expect(deficient).toBeGreaterThan(PER_KIND / 2);
    });
  }

  it('the public results are identical too (coefficients, warnings, covariance, RMS, R²)', () => {
    for (let s = 0; s < 200; s++) {
      const { job } = problem(90_000 + s, s % 2 === 0 ? 'plain' : 'offset');
      const opts = { covariance: job.rows.x.length > job.terms, mapDomain: s % 3 === 0 } as const;
      const a = polyfitSync(job.rows.x, job.rows.y, job.terms - 1, { ...opts, backend: 'wasm' });
      const b = polyfitSync(job.rows.x, job.rows.y, job.terms - 1, { ...opts, backend: 'ts' });
      expect({ ...a, backend: '', timeMs: 0 }).toEqual({ ...b, backend: '', timeMs: 0 });
    }
  });

  it('a 200,000-point fit agrees bit for bit', () => {
    const { job } = problem(7, 'plain');
    const n = 200_000;
    const rng = new Rng(99);
    const x = Float64Array.from({ length: n }, () => 10 * rng.nextFloat());
    const y = x.map((v) => Math.sin(v) + rng.nextFloat());
    const big: KernelJob = { ...job, rows: { x, y }, terms: 9, rcond: defaultRcond(n) };
    sameBits(
      drain(createWasmFitRun(kernels, big), () => 65_536),
      drain(createTsFitRun(big), () => 1e9),
      'n = 200000',
    );
  });
});
