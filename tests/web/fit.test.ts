// Browser end-to-end test of the curve-fitting view: seed 000's data fitted in the worker, the
// Observable Plot charts (points, held-out points, curves; RMS against degree), the coefficients
// table, pasted points with a split and folds, a rank warning, and a readable parse error.
import { describe, expect, it } from 'vitest';
import { useLab } from './helpers.js';

const lab = useLab();

describe('curve-fitting view', () => {
  it("opens on seed 000's experiment: 4 degrees, both charts, degree 2 recommended (seed 3)", async () => {
    const page = await lab.newPage(undefined, '#/fit');
    await page.waitForSelector('#fit-status[data-state="done"]', { timeout: 20_000 });
    expect(await page.textContent('#fit-status')).toMatch(/^10 points, 4 degrees in .* recommended degree 2 \(lowest test RMS\)$/);
    expect(await page.$$eval('#fit-table tbody tr', (rows) => rows.map((r) => r.firstElementChild!.textContent))).toEqual(['1', '2 (best)', '5', '8']);
    // 10 training + 10 held-out points drawn as circles, one curve per degree, and an RMS chart.
    expect(await page.$$eval('#fit-curves svg circle', (c) => c.length)).toBe(20);
    expect(await page.textContent('#fit-curves svg')).toContain('degree 8');
    expect(await page.textContent('#fit-rms svg')).toContain('test');
    expect(await page.textContent('#fit-held')).toContain('Held out');
    await page.close();
  });

  it('fits pasted points with a seeded split and folds, and says when a fit is rank-deficient', async () => {
    const page = await lab.newPage(undefined, '#/fit?data=text');
    const x = Array.from({ length: 40 }, (_, i) => i / 4);
    await page.fill('#fit-points', `t,v\n${x.map((v, i) => `${v},${2 * v * v - v + 1 + (((i * 7) % 5) - 2) * 0.05}`).join('\n')}`);
    await page.fill('#fit-degrees', '1-3');
    await page.fill('#fit-split', '0.25');
    await page.fill('#fit-folds', '5');
    await page.click('#fit-run');
    await page.waitForSelector('#fit-status[data-state="done"]');
    expect(await page.textContent('#fit-status')).toMatch(/^40 points, 3 degrees .* recommended degree 2 \(cross-validation, one-SE rule\)$/);
    const row2 = await page.$$eval('#fit-table tbody tr', (rows) => Array.from(rows[1]!.children, (c) => c.textContent));
    expect(row2[0]).toBe('2 (best)');
    const coefficients = row2.at(-1)!.split(/\s+/).map(Number);
    [2, -1, 1].forEach((c, i) => expect(Math.abs(coefficients[i]! - c)).toBeLessThan(0.05));
    expect(await page.$$eval('#fit-curves svg circle', (c) => c.length)).toBe(40);

    await page.fill('#fit-points', '1,1\n1,2\n2,3\n2,4');
    await page.fill('#fit-split', '0');
    await page.fill('#fit-folds', '0');
    await page.fill('#fit-degrees', '3');
    await page.click('#fit-run');
    await page.waitForSelector('#fit-status[data-state="done"]');
    expect(await page.textContent('#fit-warnings')).toMatch(/degree 3: rank-deficient: rank 2 of 4/);

    await page.fill('#fit-points', 'x,y\n1,2\n2,oops');
    await page.click('#fit-run');
    await page.waitForSelector('#fit-status[data-state="error"]');
    expect(await page.textContent('#fit-status')).toBe('points:3: column 2 (y) is not a number: "oops"');
    await page.close();
  });
});
