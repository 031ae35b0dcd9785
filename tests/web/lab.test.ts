// Browser end-to-end test of the lab: serve packages/web/dist, drive it with a Chromium found by
// support/browser.ts (never a downloaded one), and check what a user sees: shuffle, play, solve, compare.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { join } from 'node:path';
import { ROOT, ensureBundle } from '../support/bundle.js';
import { launchBrowser } from '../support/browser.js';


const web = join(ROOT, 'packages/web');
const bundle = join(web, 'dist/main.js');

const GOAL_4X4 = [...Array.from({ length: 15 }, (_, i) => i + 1), 0].join(' ');
const KEYS = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' } as const;


function startServer(): Promise<{ server: ChildProcess; url: string }> {
  const server = spawn(process.execPath, [join(web, 'serve.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}${err}`)), 10_000);
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /searchlab lab: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ server, url: m[1]! });
      }
    });
    server.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    server.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
}

/** GET a raw path (no URL normalisation, so "%2e%2e" reaches the server as is). */
function rawGet(url: string, path: string): Promise<{ status: number; type: string }> {
  return new Promise((resolve, reject) => {
    get(new URL(url), { path }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? '') });
    }).on('error', reject);
  });
}

let server: ChildProcess | undefined;
let url = '';
let browser: Browser | undefined;
let page: Page;
const errors: string[] = [];

const cells = async (): Promise<number[]> =>
  (await page.getAttribute('#board', 'data-cells'))!.split(' ').map(Number);
const stat = async (name: string): Promise<number> =>
  Number(await page.getAttribute(`#stats [data-stat="${name}"]`, 'data-value'));

async function shuffle4x4(seed: number, walk: number): Promise<void> {
  await page.selectOption('#size', '4x4');
  await page.selectOption('#goal', 'blank-last');
  await page.selectOption('#shuffle-mode', 'walk');
  await page.fill('#walk', String(walk));
  await page.fill('#seed', String(seed));
  await page.click('#shuffle');
}

beforeAll(async () => {
  ensureBundle('web', bundle);
  ({ server, url } = await startServer());
  browser = await launchBrowser();
  page = await browser.newPage();
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
});

afterEach(() => {
  expect(errors).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
});

describe('browser lab', () => {
  it('serves the bundles with the right types and nothing outside dist', async () => {
    expect(await rawGet(url, '/main.js')).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/javascript/) });
    expect(await rawGet(url, '/style.css')).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/css/) });
    expect(await rawGet(url, '/')).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/html/) });
    expect((await rawGet(url, '/nope.js')).status).toBe(404);
    expect((await rawGet(url, '/%2e%2e/serve.mjs')).status).toBe(404);
    expect((await rawGet(url, '/..%2fpackage.json')).status).toBe(404);
  });

  it('shuffles a seeded 4×4, solves it in the worker and animates the answer to the goal', async () => {
    await shuffle4x4(12345, 30);
    await expect.poll(() => page.getAttribute('#board', 'data-solved')).toBe('false');
    const start = await cells();
    expect(start.join(' ')).not.toBe(GOAL_4X4);
    expect(await page.textContent('#status')).toContain('seed 12345');

    // The same seed gives the same board.
    await page.click('#shuffle');
    expect(await cells()).toEqual(start);

    await page.selectOption('#speed', '0');
    await page.selectOption('#algorithm', 'astar');
    await page.selectOption('#heuristic', 'manhattan');
    await page.click('#solve');
    await page.waitForSelector('#board[data-solved="true"]', { timeout: 15_000 });

    expect((await cells()).join(' ')).toBe(GOAL_4X4);
    expect(await page.getAttribute('#status', 'data-state')).toBe('done');
    expect(await page.isVisible('#solved')).toBe(true);
    const length = await stat('length');
    expect(length).toBeGreaterThan(0);
    expect(length).toBeLessThanOrEqual(30); // optimal is never longer than the walk
    expect(length % 2).toBe(0); // blank returns to its corner: even number of moves
    expect(await stat('expanded')).toBeGreaterThan(0);
    expect(await page.locator('#solution span').count()).toBe(length);
    expect(Number(await page.textContent('#moves'))).toBe(length);
  });

  it('moves the blank with the arrow keys and by clicking a tile next to it', async () => {
    await shuffle4x4(7, 12);
    const before = await cells();
    const blank = before.indexOf(0);
    const row = Math.floor(blank / 4);
    const [dir, delta] = row > 0 ? (['up', -4] as const) : (['down', 4] as const);
    await page.keyboard.press(KEYS[dir]);
    const after = await cells();
    expect(after.indexOf(0)).toBe(blank + delta);
    expect(after[blank]).toBe(before[blank + delta]); // the tile slid into the old blank
    expect(await page.textContent('#moves')).toBe('1');

    const tile = page.locator('#board .tile[data-move]').first();
    const value = Number(await tile.getAttribute('data-value'));
    const at = Number(await tile.getAttribute('data-index'));
    await tile.click();
    const clicked = await cells();
    expect(clicked[at]).toBe(0);
    expect(clicked[after.indexOf(0)]).toBe(value);
    expect(await page.textContent('#moves')).toBe('2');

    // A tile not next to the blank does not move.
    const far = page.locator('#board .tile:not([data-move])').first();
    await far.click();
    expect(await cells()).toEqual(clicked);
  });

  it('compares every heuristic on the current board with A* and IDA*', async () => {
    await shuffle4x4(2024, 24);
    await page.click('#tab-compare');
    for (const algorithm of ['astar', 'idastar']) {
      await page.selectOption('#compare-algorithm', algorithm);
      await page.selectOption('#compare-source', 'current');
      await page.click('#compare');
      await page.waitForSelector('#compare-status[data-state="done"]', { timeout: 15_000 });
      const rows = page.locator('#compare-table tbody tr');
      const names = await rows.evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.heuristic));
      expect(names.sort()).toEqual(['euclidean', 'linear-conflict', 'manhattan', 'misplaced']);
      const lengths = await rows.locator('td[data-col="length"]').allTextContents();
      // Admissible heuristics all find an optimal path, so the lengths agree.
      expect(new Set(lengths).size).toBe(1);
      expect(Number(lengths[0])).toBeGreaterThan(0);
      expect(await rows.locator('td[data-col="admissible"]').allTextContents()).toEqual(['yes', 'yes', 'yes', 'yes']);
    }
    await page.click('#tab-play');
  });

  it('keeps the page responsive during a long search and cancels it', async () => {
    await page.selectOption('#size', '5x5');
    await page.selectOption('#shuffle-mode', 'random');
    await page.fill('#seed', '99');
    await page.click('#shuffle');
    const start = await cells();
    await page.selectOption('#algorithm', 'bfs');
    await page.fill('#max-nodes', '100000000');
    await page.click('#solve');
    await page.waitForSelector('#status[data-state="running"]');
    // The main thread still answers while the worker searches.
    await page.click('#tab-compare');
    await page.click('#tab-play');
    await page.click('#cancel');
    await page.waitForSelector('#status[data-state="cancelled"]');
    expect(await cells()).toEqual(start);
    expect(await page.isEnabled('#solve')).toBe(true);
    // A new worker serves the next job.
    await page.selectOption('#size', '3x3');
    await page.selectOption('#shuffle-mode', 'walk');
    await page.fill('#walk', '10');
    await page.click('#shuffle');
    await page.selectOption('#algorithm', 'astar');
    await page.click('#solve');
    await page.waitForSelector('#board[data-solved="true"]', { timeout: 15_000 });
  });
});
