// The Monty Hall view in Chromium: a game played by hand updates the tally beside the exact
// values; a seeded simulation draws the convergence chart and the same counts as the engine.
import { describe, expect, it } from 'vitest';
import { simulateMonty } from '@searchlab/engine/monty';
import { useLab } from './helpers.js';

const lab = useLab();

describe('monty view', () => {
  it('plays by hand: pick, the host opens a goat, stay; the tally counts it', async () => {
    const page = await lab.newPage(undefined, '#/monty');
    await page.click('.monty-door[data-door="0"]');
    const goats = page.locator('.monty-door[data-state="goat"]');
    await expect.poll(() => goats.count()).toBe(1); // the standard host opened one goat door
    expect(await page.textContent('#monty-prompt')).toMatch(/The host opened [23]\./);
    await page.click('.monty-door[data-door="0"]'); // stay
    expect(await page.textContent('#monty-prompt')).toMatch(/You stayed and (won the car|got a goat)\./);
    const rows = await page.locator('#monty-tally tbody tr').allTextContents();
    expect(rows[0]).toMatch(/^stay[01]1(0|100)\.00%1\/3 = 33\.33%$/);
    expect(rows[1]).toMatch(/^switch00–2\/3 = 66\.67%$/);
    await page.click('#monty-next');
    expect(await page.locator('.monty-door[data-state="closed"]').count()).toBe(3);
    await page.close();
  });

  it("simulates with a seed: the chart, exact values, and the engine's counts", async () => {
    const page = await lab.newPage(undefined, '#/monty?host=biased&bias=0.3&trials=200000&seed=4');
    await page.click('#monty-run');
    await page.waitForSelector('#monty-status[data-state="done"]', { timeout: 60_000 });
    expect(await page.locator('#monty-chart svg').count()).toBeGreaterThan(0);
    const rows = await page.locator('#monty-results tbody tr').allTextContents();
    const engine = await simulateMonty({ trials: 200000, seed: 4, host: 'biased', bias: 0.3 });
    const fmt = (n: number) => n.toLocaleString('en-US');
    expect(rows[0]).toContain(`stayany${fmt(engine.results.stay.wins)}${fmt(200000)}`);
    expect(rows[1]).toContain(`switchany${fmt(engine.results.switch.wins)}`);
    expect(rows[1]).toContain('2/3 = 66.67%');
    // Biased host: the switch rate given he opened the lowest other door is 1/(1+q) = 10/13.
    const given = rows.find((r) => r.startsWith('switchthe lowest other door'))!; // cells: strategy, door opened, …
    expect(given).toContain(`${fmt(engine.results.switch.byOpened!.lowest.wins)}`);
    expect(given).toContain('10/13 = 76.92%');
    await page.close();
  });
});
