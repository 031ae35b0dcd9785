// Browser end-to-end test of the lab: serve packages/web/dist, drive it with a Chromium found by
// support/browser.ts (never a downloaded one), and check what a user sees: shuffle, play, solve, compare.
import { describe, expect, it } from 'vitest';
import { get } from 'node:http';
import { cells as cellsOf, shuffle, useLab } from './helpers.js';

const GOAL_4X4 = [...Array.from({ length: 15 }, (_, i) => i + 1), 0].join(' ');
const KEYS = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' } as const;

/** GET a raw path (no URL normalisation, so "%2e%2e" reaches the server as is). */
function rawGet(url: string, path: string): Promise<{ status: number; type: string }> {
  return new Promise((resolve, reject) => {
    get(new URL(url), { path }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? '') });
    }).on('error', reject);
  });
}

const lab = useLab();
const cells = (): Promise<number[]> => cellsOf(lab.page);
const stat = async (name: string): Promise<number> => Number(await lab.page.getAttribute(`#stats [data-stat="${name}"]`, 'data-value'));

async function shuffle4x4(seed: number, walk: number): Promise<void> {
  await lab.page.selectOption('#goal', 'blank-last');
  await shuffle(lab.page, { size: '4x4', walk, seed });
}

describe('browser lab', () => {
  it('serves the bundles with the right types and nothing outside dist', async () => {
    expect(await rawGet(lab.url, '/main.js')).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/javascript/) });
    expect(await rawGet(lab.url, '/style.css')).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/css/) });
    expect(await rawGet(lab.url, '/')).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/html/) });
    expect((await rawGet(lab.url, '/nope.js')).status).toBe(404);
    expect((await rawGet(lab.url, '/%2e%2e/serve.mjs')).status).toBe(404);
    expect((await rawGet(lab.url, '/..%2fpackage.json')).status).toBe(404);
  });

  it('shuffles a seeded 4×4, solves it in the worker and animates the answer to the goal', async () => {
    await shuffle4x4(12345, 30);
    await expect.poll(() => lab.page.getAttribute('#board', 'data-solved')).toBe('false');
    const start = await cells();
    expect(start.join(' ')).not.toBe(GOAL_4X4);
    expect(await lab.page.textContent('#status')).toContain('seed 12345');

    // The same seed gives the same board.
    await lab.page.click('#shuffle');
    expect(await cells()).toEqual(start);

    await lab.page.selectOption('#speed', '0');
    await lab.page.selectOption('#algorithm', 'astar');
    await lab.page.selectOption('#heuristic', 'manhattan');
    await lab.page.click('#solve');
    await lab.page.waitForSelector('#board[data-solved="true"]', { timeout: 15_000 });

    expect((await cells()).join(' ')).toBe(GOAL_4X4);
    expect(await lab.page.getAttribute('#status', 'data-state')).toBe('done');
    expect(await lab.page.isVisible('#solved')).toBe(true);
    const length = await stat('length');
    expect(length).toBeGreaterThan(0);
    expect(length).toBeLessThanOrEqual(30); // optimal is never longer than the walk
    expect(length % 2).toBe(0); // blank returns to its corner: even number of moves
    expect(await stat('expanded')).toBeGreaterThan(0);
    expect(await lab.page.locator('#solution span').count()).toBe(length);
    expect(Number(await lab.page.textContent('#moves'))).toBe(length);
  });

  it('moves the blank with the arrow keys and by clicking a tile next to it', async () => {
    await shuffle4x4(7, 12);
    const before = await cells();
    const blank = before.indexOf(0);
    const row = Math.floor(blank / 4);
    const [dir, delta] = row > 0 ? (['up', -4] as const) : (['down', 4] as const);
    await lab.page.keyboard.press(KEYS[dir]);
    const after = await cells();
    expect(after.indexOf(0)).toBe(blank + delta);
    expect(after[blank]).toBe(before[blank + delta]); // the tile slid into the old blank
    expect(await lab.page.textContent('#moves')).toBe('1');

    const tile = lab.page.locator('#board .tile[data-move]').first();
    const value = Number(await tile.getAttribute('data-value'));
    const at = Number(await tile.getAttribute('data-index'));
    await tile.click();
    const clicked = await cells();
    expect(clicked[at]).toBe(0);
    expect(clicked[after.indexOf(0)]).toBe(value);
    expect(await lab.page.textContent('#moves')).toBe('2');

    // A tile not next to the blank does not move.
    const far = lab.page.locator('#board .tile:not([data-move])').first();
    await far.click();
    expect(await cells()).toEqual(clicked);
  });

  it('compares every heuristic on the current board with A* and IDA*', async () => {
    await shuffle4x4(2024, 24);
    await lab.page.click('#tab-compare');
    for (const algorithm of ['astar', 'idastar']) {
      await lab.page.selectOption('#compare-algorithm', algorithm);
      await lab.page.selectOption('#compare-source', 'current');
      await lab.page.click('#compare');
      await lab.page.waitForSelector('#compare-status[data-state="done"]', { timeout: 15_000 });
      const rows = lab.page.locator('#compare-table tbody tr');
      const names = await rows.evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.heuristic));
      expect(names.sort()).toEqual(['euclidean', 'linear-conflict', 'manhattan', 'misplaced']);
      const lengths = await rows.locator('td[data-col="length"]').allTextContents();
      // Admissible heuristics all find an optimal path, so the lengths agree.
      expect(new Set(lengths).size).toBe(1);
      expect(Number(lengths[0])).toBeGreaterThan(0);
      expect(await rows.locator('td[data-col="admissible"]').allTextContents()).toEqual(['yes', 'yes', 'yes', 'yes']);
      // The chart (Observable Plot): one bar per heuristic.
      expect(await lab.page.locator('#compare-chart svg g[aria-label="bar"] rect').count()).toBe(4);
    }
    await lab.page.click('#tab-play');
  });

  it('keeps the page responsive during a long search and cancels it', async () => {
    await lab.page.selectOption('#size', '5x5');
    await lab.page.selectOption('#shuffle-mode', 'random');
    await lab.page.fill('#seed', '99');
    await lab.page.click('#shuffle');
    const start = await cells();
    await lab.page.selectOption('#algorithm', 'bfs');
    await lab.page.fill('#max-nodes', '100000000');
    await lab.page.click('#solve');
    await lab.page.waitForSelector('#status[data-state="running"]');
    // The main thread still answers while the worker searches.
    await lab.page.click('#tab-compare');
    await lab.page.click('#tab-play');
    await lab.page.click('#cancel');
    await lab.page.waitForSelector('#status[data-state="cancelled"]');
    expect(await cells()).toEqual(start);
    expect(await lab.page.isEnabled('#solve')).toBe(true);
    // A new worker serves the next job.
    await lab.page.selectOption('#size', '3x3');
    await lab.page.selectOption('#shuffle-mode', 'walk');
    await lab.page.fill('#walk', '10');
    await lab.page.click('#shuffle');
    await lab.page.selectOption('#algorithm', 'astar');
    await lab.page.click('#solve');
    await lab.page.waitForSelector('#board[data-solved="true"]', { timeout: 15_000 });
  });
});
