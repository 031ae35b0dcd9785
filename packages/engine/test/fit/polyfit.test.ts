// polyfit against independent truths: numpy.polyfit (fixtures made by tests/fixtures/fit/make-fixtures.py),
// NIST StRD certified values, exact polynomials, the closed form of simple linear regression, and
// properties (fast-check). The naive normal equations are shown failing where the QR/SVD path holds.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError, loadKernels } from '@searchlab/engine';
import { polyfitSync, polyval, type PolyFit } from '@searchlab/engine/fit';

interface Case {
  name: string;
  kind: 'well' | 'rank' | 'ill' | 'nist';
  degree: number;
  x: number[];
  y: number[];
  w?: number[];
  truth?: number[];
  certified?: number[];
  numpy: {
    coefficients: number[];
    rank: number;
    singularValues: number[];
    rcond: number;
    residuals: number | null;
    rankWarning: boolean;
    covariance?: number[][];
  };
}
const fixtures = JSON.parse(readFileSync(new URL('../../../../tests/fixtures/fit/numpy.json', import.meta.url), 'utf8')) as { cases: Case[] };
const byName = (name: string): Case => fixtures.cases.find((c) => c.name === name)!;

/** ‖a − b‖∞ / ‖b‖∞ */
function relErr(a: readonly number[], b: readonly number[]): number {
  expect(a).toHaveLength(b.length);
  let num = 0;
  let den = 0;
  for (let i = 0; i < b.length; i++) {
    num = Math.max(num, Math.abs(a[i]! - b[i]!));
    den = Math.max(den, Math.abs(b[i]!));
  }
  return den === 0 ? num : num / den;
}
/** Largest per-coefficient relative error (for certified values, none of which is 0). */
function maxRel(a: readonly number[], b: readonly number[]): number {
  return Math.max(...b.map((v, i) => Math.abs(a[i]! - v) / Math.abs(v)));
}

const fit = (c: Case, extra: Parameters<typeof polyfitSync>[3] = {}): PolyFit => polyfitSync(c.x, c.y, c.degree, { weights: c.w, ...extra });

/** The naive method of popular JS packages: normal equations from power sums, Gaussian elimination. */
function normalEquations(x: number[], y: number[], degree: number): number[] {
  const p = degree + 1;
  const a = Array.from({ length: p }, (_, i) =>
    Array.from({ length: p + 1 }, (_, j) => {
      let s = 0;
      for (let k = 0; k < x.length; k++) s += j < p ? x[k]! ** (i + j) : x[k]! ** i * y[k]!;
      return s;
    }),
  );
  for (let col = 0; col < p; col++) {
    let piv = col;
    for (let r = col + 1; r < p; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[piv]![col]!)) piv = r;
    [a[col], a[piv]] = [a[piv]!, a[col]!];
    for (let r = col + 1; r < p; r++) {
      const f = a[r]![col]! / a[col]![col]!;
      for (let c = col; c <= p; c++) a[r]![c]! -= f * a[col]![c]!;
    }
  }
  const c = new Array<number>(p).fill(0);
  for (let r = p - 1; r >= 0; r--) {
    let s = a[r]![p]!;
    for (let k = r + 1; k < p; k++) s -= a[r]![k]! * c[k]!;
    c[r] = s / a[r]![r]!;
  }
  return c.reverse();
}

beforeAll(async () => {
  await loadKernels();
});

describe.each(['wasm', 'ts'] as const)('backend %s', (backend) => {
  const cond = (c: Case): number => c.numpy.singularValues[0]! / c.numpy.singularValues.at(-1)!;

  it('matches numpy.polyfit on well-conditioned problems: coefficients, rank, singular values, covariance (≤ 1e-9)', () => {
    const cases = fixtures.cases.filter((c) => c.name.startsWith('random') && cond(c) <= 1e4);
    expect(cases.length).toBeGreaterThanOrEqual(30);
    for (const c of cases) {
      const f = fit(c, { backend, covariance: c.numpy.covariance !== undefined });
      expect(relErr(f.coefficients, c.numpy.coefficients), c.name).toBeLessThan(1e-9);
      expect(f.rank, c.name).toBe(c.numpy.rank);
      expect(relErr(f.singularValues, c.numpy.singularValues), c.name).toBeLessThan(1e-9);
      expect(f.rcond).toBe(c.numpy.rcond);
      // The residual sum of squares is small beside Σy² (cancellation): 1e-6 relative; the covariance carries it.
      if (c.numpy.residuals !== null) expect(Math.abs(f.residuals - c.numpy.residuals) / c.numpy.residuals, c.name).toBeLessThan(1e-6);
      if (c.numpy.covariance) expect(relErr(f.covariance!.flat(), c.numpy.covariance.flat()), c.name).toBeLessThan(1e-6);
      expect(f.warnings, c.name).toEqual([]);
    }
  });

  it('on less well-conditioned random problems agrees with numpy to 1000·cond·eps', () => {
    const cases = fixtures.cases.filter((c) => c.name.startsWith('random') && cond(c) > 1e4);
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      const f = fit(c, { backend });
      expect(relErr(f.coefficients, c.numpy.coefficients), c.name).toBeLessThan(1000 * cond(c) * 2.22e-16);
      expect(f.warnings.length > 0, c.name).toBe(cond(c) > 1e8);
    }
  });

  it('recovers noise-free polynomials to 1e-9 relative, as numpy does', () => {
    for (const c of fixtures.cases.filter((k) => k.name.startsWith('exact-'))) {
      expect(relErr(fit(c, { backend }).coefficients, c.truth!), c.name).toBeLessThan(1e-9);
      expect(relErr(fit(c, { backend, mapDomain: true }).coefficients, c.truth!), c.name).toBeLessThan(1e-9);
    }
  });

  it('warns (not NaN, not silence) when the rank is short, with the same rank as numpy', () => {
    const c = byName('rank-deficient');
    const f = fit(c, { backend });
    expect(c.numpy.rankWarning).toBe(true);
    expect(f.rank).toBe(c.numpy.rank);
    expect(f.warnings.join(' ')).toMatch(/rank-deficient: rank 3 of 5/);
    expect(f.coefficients.every(Number.isFinite)).toBe(true);
    // The minimum-norm solution still fits the three distinct x (the means of their y) exactly.
    for (const [x, mean] of [
      [0, 1.05],
      [1, 2.05],
      [2, 14.9 / 3],
    ] as const)
      expect(polyval(f.coefficients, x)).toBeCloseTo(mean, 9);
  });

  it('on the cubic at x = 1000…1100 it is at least as close to the truth as numpy, and says it is badly conditioned', () => {
    const c = byName('cubic-1000-1100');
    const numpyErr = maxRel(c.numpy.coefficients, c.truth!);
    const plain = fit(c, { backend });
    const mapped = fit(c, { backend, mapDomain: true });
    expect(maxRel(plain.coefficients, c.truth!)).toBeLessThanOrEqual(numpyErr);
    expect(maxRel(mapped.coefficients, c.truth!)).toBeLessThanOrEqual(numpyErr);
    expect(plain.condition).toBeGreaterThan(1e5);
    expect(relErr(plain.singularValues, c.numpy.singularValues)).toBeLessThan(1e-6);
    expect(mapped.condition).toBeLessThan(10); // mapping onto [−1, 1] cures it
  });

  it('meets the NIST StRD certified values about as well as numpy (Pontius, Wampler1–5, Filip)', () => {
    // Per-dataset bounds: numpy's own error there (printed by make-fixtures.py) within a factor of 10.
    for (const name of ['Pontius', 'Wampler1', 'Wampler2', 'Wampler3', 'Wampler4', 'Wampler5', 'Filip']) {
      const c = byName(name);
      const numpyErr = maxRel(c.numpy.coefficients, c.certified!);
      const ours = maxRel(fit(c, { backend }).coefficients, c.certified!);
      const mapped = maxRel(fit(c, { backend, mapDomain: true }).coefficients, c.certified!);
      expect(ours, name).toBeLessThan(Math.max(10 * numpyErr, 1e-12));
      expect(mapped, name).toBeLessThan(Math.max(10 * numpyErr, 1e-12));
      expect(ours, name).toBeLessThan(1e-6);
    }
  });
});

it('the naive normal equations fail where the orthogonal solve holds (Filip, the cubic at 1000, Wampler1/3/4)', () => {
  // Filip: not one correct digit from the normal equations (≈ 1e0 relative); ours ≈ 6e-9 (numpy 1.6e-8).
  // The cubic: 2.5e-2 against our 1.3e-7 (numpy 9.2e-7). Wampler1/3/4: 2.3e-7 against ≤ 7e-9.
  for (const [name, factor] of [
    ['Filip', 1e6],
    ['cubic-1000-1100', 1e4],
    ['Wampler1', 10],
    ['Wampler3', 10],
    ['Wampler4', 10],
  ] as const) {
    const c = byName(name);
    const ref = c.certified ?? c.truth!;
    const naive = maxRel(normalEquations(c.x, c.y, c.degree), ref);
    const ours = maxRel(fit(c).coefficients, ref);
    expect(naive, name).toBeGreaterThan(factor * ours);
  }
  const filip = byName('Filip');
  expect(maxRel(normalEquations(filip.x, filip.y, 10), filip.certified!)).toBeGreaterThan(0.1);
});

it('degree 1 equals the closed form of simple linear regression', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.integer({ min: -10_000, max: 10_000 }), fc.double({ min: -1e3, max: 1e3, noNaN: true })), { minLength: 3, maxLength: 60 }),
      (pts) => {
        const x = pts.map((p) => p[0] / 100);
        const y = pts.map((p) => p[1]);
        const n = x.length;
        const mx = x.reduce((a, b) => a + b) / n;
        const my = y.reduce((a, b) => a + b) / n;
        let sxx = 0;
        let sxy = 0;
        let syy = 0;
        for (let i = 0; i < n; i++) {
          sxx += (x[i]! - mx) ** 2;
          sxy += (x[i]! - mx) * (y[i]! - my);
          syy += (y[i]! - my) ** 2;
        }
        fc.pre(sxx > 1e-2 * n);
        // Subnormal y (|y| < 1e-300, e.g. -5e-324) is refused with a range error by design (issue 25): not ordinary data.
        fc.pre(y.every((v) => v === 0 || Math.abs(v) >= 1e-300));
        const slope = sxy / sxx;
        const intercept = my - slope * mx;
        const f = polyfitSync(x, y, 1);
        const spread = Math.sqrt(syy / sxx);
        // TINY: an absolute floor, since y values in the denormal range make every relative tolerance 0.
        const TINY = 1e-300;
        expect(Math.abs(f.coefficients[0]! - slope)).toBeLessThanOrEqual(1e-10 * (Math.abs(slope) + spread) + TINY);
        expect(Math.abs(f.coefficients[1]! - intercept)).toBeLessThanOrEqual(
          1e-10 * (Math.abs(intercept) + Math.abs(slope * mx) + spread * (1 + Math.abs(mx)) + Math.abs(my)) + TINY,
        );
      },
    ),
    { numRuns: 300 },
  );
});

describe('properties (fast-check)', () => {
  const exactPoly = fc.record({
    coefs: fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 1, maxLength: 7 }),
    extra: fc.integer({ min: 0, max: 2 }),
    xs: fc.uniqueArray(fc.integer({ min: -30, max: 30 }), { minLength: 8, maxLength: 40 }),
  });

  it('recovers exact polynomials of degree ≤ d (fitting degree d + extra), to 1e-9 relative', () => {
    fc.assert(
      fc.property(exactPoly, ({ coefs, extra, xs }) => {
        const degree = coefs.length - 1 + extra;
        fc.pre(xs.length >= degree + 2);
        const x = xs.map((v) => v / 10);
        const y = x.map((v) => polyval(coefs, v));
        const f = polyfitSync(x, y, degree, { mapDomain: extra === 1 });
        const padded = [...new Array<number>(extra).fill(0), ...coefs];
        expect(relErr(f.coefficients, padded)).toBeLessThan(1e-9);
        expect(f.rank).toBe(degree + 1);
      }),
      { numRuns: 200 },
    );
  });

  it('permuting the points changes nothing beyond rounding (1e-10), and scaling y scales the coefficients', () => {
    fc.assert(
      fc.property(exactPoly, fc.integer(), fc.double({ min: -1e6, max: 1e6, noNaN: true }), ({ coefs, xs }, seed, k) => {
        const degree = coefs.length - 1;
        fc.pre(Math.abs(k) > 1e-6);
        const x = xs.map((v) => v / 7);
        const y = x.map((v, i) => polyval(coefs, v) + ((i * 7919 + seed) % 13) / 13);
        const f = polyfitSync(x, y, degree);
        const perm = x.map((_, i) => i).sort((a, b) => ((a * 2654435761 + seed) % 1000) - ((b * 2654435761 + seed) % 1000));
        const g = polyfitSync(
          perm.map((i) => x[i]!),
          perm.map((i) => y[i]!),
          degree,
        );
        expect(relErr(g.coefficients, f.coefficients)).toBeLessThan(1e-10);
        const h = polyfitSync(
          x,
          y.map((v) => v * k),
          degree,
        );
        expect(
          relErr(
            h.coefficients,
            f.coefficients.map((c) => c * k),
          ),
        ).toBeLessThan(1e-10);
      }),
      { numRuns: 200 },
    );
  });
});

describe('input validation', () => {
  it('refuses what it cannot fit with a message naming what and where', () => {
    expect(() => polyfitSync([1, 2], [1, 2], 2)).toThrow(new InvalidInputError('degree 2 needs at least 3 points, got 2'));
    expect(() => polyfitSync([1, 2, 3], [1, NaN, 2], 1)).toThrow(/y of point 2 is not a finite number/);
    expect(() => polyfitSync([1, Infinity, 3], [1, 1, 2], 1)).toThrow(/x of point 2/);
    expect(() => polyfitSync([1, 2, 3], [1, 2], 1)).toThrow(/x has 3 values but y has 2/);
    expect(() => polyfitSync([], [], 0)).toThrow(/no points/);
    expect(() => polyfitSync([1, 2, 3], [1, 2, 3], 1.5)).toThrow(/degree must be an integer/);
    expect(() => polyfitSync([1, 2, 3], [1, 2, 3], 1, { weights: [1, NaN, 1] })).toThrow(/weight of point 2/);
  });

  it('a single repeated x fits a constant and warns for higher degrees', () => {
    const f = polyfitSync([2, 2, 2, 2], [1, 2, 3, 4], 2);
    expect(f.rank).toBe(1);
    expect(f.warnings).toHaveLength(1);
    expect(polyval(f.coefficients, 2)).toBeCloseTo(2.5, 12);
  });
});
