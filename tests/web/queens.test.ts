// The N-Queens view in Chromium: a solve in a worker (board, chart, statistics), the URL state, and
// an exact count with the solutions browsable. No page errors (useLab checks).
import { describe, expect, it } from 'vitest';
import { useLab } from './helpers.js';

const lab = useLab();

describe('queens view', () => {
  it('solves 8 queens from the URL settings, draws the board and the chart', async () => {
    const page = await lab.newPage(undefined, '#/queens?n=8&algorithm=hill-climbing&seed=3');
    expect(await page.inputValue('#q-n')).toBe('8');
    expect(await page.inputValue('#q-algorithm')).toBe('hill-climbing');
    await page.click('#q-solve');
    await page.waitForSelector('#q-status[data-state="done"]', { timeout: 20_000 });
    expect(await page.textContent('#q-status')).toMatch(/^solved: 0 attacking pairs after \d+ steps/);
    expect(await page.isVisible('#q-board')).toBe(true);
    expect(await page.locator('#q-chart svg').count()).toBe(1);
    expect(await page.textContent('#q-frame-label')).toMatch(/: 0 attacking pairs$/);
    await page.close();
  });

  it('counts Q(8) = 92 in a worker and browses the solutions', async () => {
    const page = await lab.newPage(undefined, '#/queens?n=8');
    await page.click('#q-count');
    await page.waitForSelector('#q-status[data-state="done"]', { timeout: 20_000 });
    expect(await page.textContent('#q-count-result')).toMatch(/^Q\(8\) = 92 solutions/);
    expect(await page.textContent('#q-sol-index')).toBe('solution 1 of the first 92: 0 4 7 5 2 6 1 3');
    await page.click('#q-next');
    expect(await page.textContent('#q-sol-index')).toMatch(/^solution 2 of the first 92: 0 5 7 2 6 3 1 4$/);
    await page.close();
  });
});
