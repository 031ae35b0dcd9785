// Fits of values near the ends of the double range (issue 25): never a NaN coefficient. The rows are
// scaled by powers of two inside the engine, so these fits succeed on both backends; a fit whose
// coefficients in x cannot be doubles is refused with one line naming the ranges.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKernels } from '@searchlab/engine';
import { polyfit, type FitOptions } from '@searchlab/engine/fit';

beforeAll(async () => {
  await loadKernels();
});

const xs = [1, 2, 3, 4, 5];
const close = (got: number[], want: number[]) =>
  got.forEach((v, i) => {
    expect(Number.isFinite(v)).toBe(true);
    expect(Math.abs(v - want[i]!)).toBeLessThanOrEqual(1e-9 * Math.max(...want.map(Math.abs)));
  });

describe.each(['wasm', 'ts'] as const)('extreme magnitudes (%s)', (backend) => {
  const fit = (x: number[], y: number[], degree: number, o: FitOptions = {}) => polyfit(x, y, degree, { ...o, backend });

  it('y near ±1e308: finite coefficients, RMS and R²', async () => {
    const line = await fit(
      xs,
      xs.map((x) => x * 1e307),
      1,
    );
    close(line.coefficients, [1e307, 0]);
    expect(line.r2).toBeCloseTo(1, 12);
    const alternating = await fit(
      xs,
      xs.map((_, i) => (i % 2 ? 1 : -1) * 1e308),
      1,
    );
    expect(alternating.coefficients.every(Number.isFinite)).toBe(true);
    expect(Number.isFinite(alternating.rms)).toBe(true);
  });

  it('x near 1e300 and weights of 1e300', async () => {
    close(
      (
        await fit(
          xs.map((x) => x * 1e300),
          xs.map((x) => 2 * x + 1),
          1,
        )
      ).coefficients,
      [2e-300, 1],
    );
    const weighted = await fit(
      xs,
      xs.map((x) => 3 * x + 1),
      1,
      { weights: xs.map(() => 1e300), covariance: true },
    );
    close(weighted.coefficients, [3, 1]);
    expect(weighted.covariance!.flat().every(Number.isFinite)).toBe(true);
  });

  it('x near 1e-300 or spanning ±1e308 with --map-domain', async () => {
    close(
      (
        await fit(
          xs.map((x) => x * 1e-300),
          xs.map((x) => 2 * x + 1),
          1,
          { mapDomain: true },
        )
      ).coefficients,
      [2e300, 1],
    );
    close(
      (
        await fit(
          [-1e308, -5e307, 0, 5e307, 1e308],
          xs.map((v) => v * 1e10),
          1,
          { mapDomain: true },
        )
      ).coefficients,
      [2e-298, 3e10],
    );
  });

  it('refuses, naming the ranges, when a coefficient in x is past the doubles', async () => {
    await expect(
      fit(
        xs.map((x) => x * 1e-300),
        xs.map((x) => 2 * x + 1),
        2,
        { mapDomain: true },
      ),
    ).rejects.toThrow(/^the degree-2 coefficients in x are past the range of a double \(x from 1\.000e-300 to 5\.000e-300, y from 3\.000e\+0 to 1\.100e\+1\)/);
    await expect(
      fit(
        xs.map((x) => x * 1e300),
        xs.map((x) => 2 * x * x + 1),
        2,
      ),
    ).rejects.toThrow(/past the range of a double/);
  });
});
