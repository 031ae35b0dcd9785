// The large-board mode of the sliding-tile view: boards past 32×32 are drawn on one canvas, a
// constructive solve runs in the worker and its millions of moves play in chunks to the goal.
import { describe, expect, it } from 'vitest';
import { cells, setCustomSize, shuffle, useLab } from './helpers.js';

const lab = useLab();

describe('large boards', () => {
  it('a 100×100 board: canvas drawing, construct solves it in the worker, the moves play to the goal', async () => {
    const { page } = lab;
    await setCustomSize(page, 100, 100);
    expect(await page.getAttribute('#board', 'data-mode')).toBe('canvas');
    expect(await page.locator('#board canvas').count()).toBe(1);
    expect(await page.locator('#board .cell').count()).toBe(0);
    await shuffle(page, { mode: 'random', seed: 3 });
    const start = await cells(page);
    expect(start).toHaveLength(10_000);
    expect(start.every((v, i) => v === (i + 1) % 10_000)).toBe(false);
    expect(page.url()).not.toContain('board=');
    await page.selectOption('#speed', '0');
    await page.selectOption('#algorithm', 'construct');
    await page.click('#solve');
    await page.waitForSelector('#board[data-solved="true"]', { timeout: 90_000 });
    expect(await page.textContent('#status')).toMatch(/Found a solution of [\d,]+ moves/);
    expect(await page.textContent('#solution')).toMatch(/… and [\d,]+ more$/);
    const final = await cells(page);
    expect(final.every((v, i) => v === (i + 1) % 10_000)).toBe(true);
  }, 120_000);

  it('a 40×40 solution plays in chunks (animating, then solved)', async () => {
    const { page } = lab;
    await setCustomSize(page, 40, 40);
    await shuffle(page, { mode: 'random', seed: 8 });
    await page.selectOption('#speed', '60');
    await page.selectOption('#algorithm', 'construct');
    await page.click('#solve');
    await page.waitForSelector('#board[data-animating="true"]', { timeout: 30_000 });
    await page.waitForSelector('#board[data-solved="true"]', { timeout: 90_000 });
    expect(await page.getAttribute('#board', 'data-animating')).toBe('false');
    const n = Number((await page.textContent('#status'))!.match(/Found a solution of ([\d,]+) moves/)![1]!.replace(/,/g, ''));
    expect(Number(await page.textContent('#moves'))).toBe(n);
  }, 120_000);

  it('past 32×32 only the constructive solver is offered (the searches refuse such boards)', async () => {
    const { page } = lab;
    await setCustomSize(page, 40, 3);
    await shuffle(page, { walk: 10, seed: 1 });
    expect(await page.inputValue('#algorithm')).toBe('construct');
    expect(await page.$eval('#algorithm option[value="astar"]', (o) => (o as HTMLOptionElement).disabled)).toBe(true);
    await setCustomSize(page, 4, 4);
    expect(await page.getAttribute('#board', 'data-mode')).toBeNull();
    expect(await page.locator('#board .cell').count()).toBe(16);
  });
});
