// Browser tests of the bugs a walk-through of the lab found; each failed before its fix.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cells, setCustomSize, shuffle, useLab } from './helpers.js';

const lab = useLab();
const statText = (page: Page, name: string): Promise<string | null> => page.textContent(`#stats [data-stat="${name}"]`);

/** Solve the current board with `algorithm`, animating at `speed` ms per move (0: instant). */
async function solve(page: Page, algorithm: string, speed = '0', maxNodes = '2000000'): Promise<void> {
  await page.selectOption('#speed', speed);
  await page.selectOption('#algorithm', algorithm);
  await page.fill('#max-nodes', maxNodes);
  await page.click('#solve');
}

describe('lab fixes', () => {
  it('keeps board text the user is typing while an animation runs', async () => {
    const { page } = lab;
    await shuffle(page, { size: '3x3', walk: 24, seed: 5 });
    await solve(page, 'astar', '500');
    await page.waitForSelector('#board[data-animating="true"]');
    if (!(await page.isVisible('#board-text'))) await page.click('#board-edit summary');
    const typed = '1 2 3\n4 5 6\n7 _ 8';
    await page.fill('#board-text', typed);
    // Two more animation steps (the move list marks the current one) while the typed text stays.
    const step = async (): Promise<number> => Number((await page.getAttribute('#solution span.current', 'data-step')) ?? -1);
    const before = await step();
    await page.waitForFunction((b) => Number(document.querySelector('#solution span.current')?.getAttribute('data-step') ?? -1) >= b + 2, before);
    expect(await page.inputValue('#board-text')).toBe(typed);
    await page.click('#load');
    expect(await cells(page)).toEqual([1, 2, 3, 4, 5, 6, 7, 0, 8]);
  });

  it("clears the previous board's statistics on Shuffle", async () => {
    const { page } = lab;
    await shuffle(page, { size: '3x3', walk: 20, seed: 11 });
    await solve(page, 'astar');
    await page.waitForSelector('#board[data-solved="true"]');
    expect(Number(await page.getAttribute('#stats [data-stat="expanded"]', 'data-value'))).toBeGreaterThan(0);
    await shuffle(page, { walk: 20, seed: 12 });
    for (const name of ['length', 'expanded', 'generated', 'time']) expect(await statText(page, name)).toBe('–');
  });

  it('fits 16×16 and 32×32 boards inside their card', async () => {
    const { page } = lab;
    for (const n of [16, 32]) {
      await setCustomSize(page, n, n);
      const { board, card } = await page.evaluate(() => {
        const el = document.getElementById('board')!;
        const box = (e: Element): { left: number; right: number } => e.getBoundingClientRect();
        return { board: box(el), card: box(el.closest('section')!) };
      });
      expect(board.left).toBeGreaterThanOrEqual(card.left);
      expect(board.right).toBeLessThanOrEqual(card.right);
    }
    await page.selectOption('#size', '3x3');
  });

  it('does not widen a phone-sized page, comparison table included', async () => {
    const page = await lab.newPage({ width: 375, height: 740 });
    const pageWidth = (): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);
    await shuffle(page, { size: '4x4', walk: 20, seed: 3 });
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.click('#tab-compare');
    await page.check('#compare-blank');
    await page.click('#compare');
    await page.waitForSelector('#compare-status[data-state="done"]', { timeout: 30_000 });
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.close();
  });

  it('tells a web user what to change, not a CLI flag, when a backend cannot run', async () => {
    const { page } = lab;
    await shuffle(page, { size: '3x3', walk: 6, seed: 1 });
    await page.selectOption('#algorithm', 'dfs');
    // A stale control (or a hand-edited link) can still ask for WASM with an algorithm that has no kernel.
    await page.$eval('#backend', (el) => {
      const select = el as HTMLSelectElement;
      select.value = 'wasm';
    });
    await page.click('#solve');
    await page.waitForSelector('#status[data-state="error"]');
    const text = await page.textContent('#status');
    expect(text).not.toMatch(/--backend|backend ts/);
    expect(text).toContain('TypeScript reference');
    await page.selectOption('#backend', 'auto');
  });

  it("takes a custom goal (seed 004's blank-centre goal) and solves to it", async () => {
    const { page } = lab;
    await page.selectOption('#size', '3x3');
    expect(await page.isVisible('#goal-text')).toBe(false);
    await page.selectOption('#goal', 'custom');
    await page.fill('#goal-text', '1 2 3\n8 _ 4\n7 6 5');
    await page.click('#goal-apply');
    const goal = [1, 2, 3, 8, 0, 4, 7, 6, 5];
    expect(await cells(page)).toEqual(goal);
    expect(await page.getAttribute('#board', 'data-solved')).toBe('true');
    await shuffle(page, { walk: 16, seed: 4 });
    expect(await cells(page)).not.toEqual(goal);
    await solve(page, 'astar');
    await page.waitForSelector('#board[data-solved="true"]', { timeout: 15_000 });
    expect(await cells(page)).toEqual(goal);
    await page.selectOption('#goal', 'blank-last');
  });

  it('averages comparison lengths over the boards every heuristic solved, and says so', async () => {
    const { page } = lab;
    await page.selectOption('#goal', 'blank-last');
    await page.selectOption('#size', '4x4');
    await page.selectOption('#shuffle-mode', 'walk');
    await page.fill('#walk', '60');
    await page.fill('#seed', '1');
    await page.click('#tab-compare');
    await page.selectOption('#compare-algorithm', 'astar');
    await page.selectOption('#compare-source', 'generated');
    await page.fill('#compare-count', '8');
    await page.fill('#compare-max-nodes', '2000');
    await page.click('#compare');
    await page.waitForSelector('#compare-status[data-state="done"]', { timeout: 60_000 });
    const rows = page.locator('#compare-table tbody tr');
    const solved = await rows.locator('td[data-col="solved"]').allTextContents();
    // The case that mattered: heuristics solved different sets of boards.
    expect(new Set(solved).size).toBeGreaterThan(1);
    // Admissible heuristics find optimal lengths, so means over the same boards agree.
    const lengths = await rows.locator('td[data-col="length"]').allTextContents();
    expect(new Set(lengths).size).toBe(1);
    expect(await page.textContent('#compare-table thead')).toContain('solved by all');
    await page.click('#tab-play');
  });

  it('shows a dash, not 0, for the unique states of IDA* (it keeps no table)', async () => {
    const { page } = lab;
    await shuffle(page, { size: '3x3', walk: 14, seed: 8 });
    await solve(page, 'idastar');
    await page.waitForSelector('#board[data-solved="true"]');
    expect(await statText(page, 'unique')).toBe('–');
    expect(Number(await page.getAttribute('#stats [data-stat="expanded"]', 'data-value'))).toBeGreaterThan(0);
  });

  it('says how to raise the node limit when a search hits it', async () => {
    const { page } = lab;
    await shuffle(page, { size: '4x4', mode: 'random', seed: 1 });
    await solve(page, 'astar', '0', '1000');
    await page.waitForSelector('#status[data-state="limit"]', { timeout: 15_000 });
    const text = (await page.textContent('#status'))!;
    expect(text).toContain('Node limit');
    expect(text).toMatch(/raise/i);
  });

  it('keeps size, goal, algorithm and board in the URL across a reload', async () => {
    const page = await lab.newPage();
    await page.selectOption('#goal', 'blank-first');
    await shuffle(page, { size: '4x4', walk: 30, seed: 77 });
    await page.selectOption('#algorithm', 'idastar');
    await page.selectOption('#heuristic', 'linear-conflict');
    const board = await cells(page);
    // URL writes are coalesced (100 ms): wait for the last change before reloading.
    await expect.poll(() => page.url()).toContain('heuristic=linear-conflict');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.inputValue('#size')).toBe('4x4');
    expect(await page.inputValue('#goal')).toBe('blank-first');
    expect(await page.inputValue('#algorithm')).toBe('idastar');
    expect(await page.inputValue('#heuristic')).toBe('linear-conflict');
    expect(await cells(page)).toEqual(board);
    await page.close();
  });
});
