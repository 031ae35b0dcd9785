// Browser end-to-end test of parallel IDA* in the lab: one 15-puzzle solved on two of the pool's
// workers (the driver walking the top in a worker of its own), checked against the engine's
// sequential IDA* run here in Node — the same optimal length and the same path (the first goal in
// depth-first order), the same number of iterations, at least its nodes — with subtrees taken by
// more than one worker; and Cancel stopping every subtree of a long solve.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { goalBoard, parseBoard, solvePuzzle } from '@searchlab/engine/puzzle';
import { cells, useLab } from './helpers.js';

const lab = useLab();
const GOAL = goalBoard(4, 4, 'blank-first');

/** Loads Korf's 15-puzzle `id` (blank-first goal) and sets IDA* with `heuristic` on `workers` workers. */
async function korf(page: Page, id: number, heuristic: string, workers: number): Promise<void> {
  await page.selectOption('#speed', '0');
  await page.selectOption('#korf-set', '15');
  await page.fill('#korf', String(id));
  await page.click('#korf-load');
  await page.selectOption('#algorithm', 'idastar');
  await page.selectOption('#heuristic', heuristic);
  await page.fill('#workers', String(workers));
}

const stat = async (page: Page, name: string): Promise<number> => Number(await page.getAttribute(`#stats [data-stat="${name}"]`, 'data-value'));
const data = async (page: Page, name: string): Promise<string | null> => page.getAttribute('#parallel', `data-${name}`);

describe('parallel IDA* in the lab', () => {
  it('offers as many workers as the pool has, for IDA* only', async () => {
    const { page } = lab;
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    expect(await page.getAttribute('#workers', 'max')).toBe(String(cores));
    await page.selectOption('#algorithm', 'astar');
    expect(await page.isHidden('#workers-label')).toBe(true);
    await page.selectOption('#algorithm', 'idastar');
    expect(await page.isVisible('#workers-label')).toBe(true);
    expect(await page.inputValue('#workers')).toBe(String(cores));
  });

  it("solves Korf's #77 on two workers with the sequential run's length, path and iterations", async () => {
    const { page } = lab;
    // 54 moves, 10 iterations, about 3 M nodes with linear conflict: the last iterations are split.
    await korf(page, 77, 'linear-conflict', 2);
    const start = parseBoard((await cells(page)).join(' '), { size: '4x4' });
    const sequential = await solvePuzzle(start, GOAL, { algorithm: 'idastar', heuristic: 'linear-conflict' });
    expect(sequential.length).toBe(54);

    await page.click('#solve');
    await page.waitForSelector('#status[data-state="done"]', { timeout: 120_000 });
    expect(await stat(page, 'length')).toBe(sequential.length);
    const moves = await page.locator('#solution span').allTextContents();
    expect(moves).toEqual(sequential.moves);
    expect(await stat(page, 'iterations')).toBe(sequential.stats.iterations);
    // Every iteration before the last counts the sequential run's nodes; the last at least its own.
    expect(await stat(page, 'expanded')).toBeGreaterThanOrEqual(sequential.stats.expanded);
    // Subtrees ran on both workers of the pool, the solution's subtree is named, nothing is left running.
    expect(Number(await data(page, 'workers-used'))).toBe(2);
    expect(Number(await data(page, 'found-in'))).toBeGreaterThan(0);
    expect(await page.textContent('#parallel')).toMatch(
      new RegExp(`Found in iteration ${sequential.stats.iterations}, subtree \\d+ \\(its root (after [a-z ]+|the start)\\)\\.`),
    );
    expect(await data(page, 'in-flight')).toBe('0');
  });

  it('cancels a long parallel solve: every subtree stops, and the workers serve the next solve', { timeout: 300_000 }, async () => {
    const { page } = lab;
    // Each wait names itself and the lab's state if it runs out (a loaded run once hung here for the
    // whole test's time, and which wait it was could not be told). Their limits sum below the test's.
    const step = async (what: string, wait: () => Promise<unknown>): Promise<void> => {
      try {
        await wait();
      } catch (e) {
        const state = await page.evaluate(() => ({
          status: document.querySelector('#status')?.textContent,
          parallel: document.querySelector('#parallel')?.textContent,
          solveEnabled: !(document.querySelector('#solve') as HTMLButtonElement | null)?.disabled,
        }));
        throw new Error(`${what}: ${(e as Error).message.split('\n')[0]}; the lab: ${JSON.stringify(state)}`);
      }
    };
    // Korf's #88 takes billions of nodes with Manhattan distance: it cannot end on its own here.
    await korf(page, 88, 'manhattan', 2);
    await page.fill('#max-nodes', '100000000000');
    await page.click('#solve');
    // Wait until an iteration is split and its subtrees run on the pool.
    await step('subtrees in flight', () => expect.poll(async () => Number(await data(page, 'in-flight')), { timeout: 60_000 }).toBeGreaterThan(0));
    await step('subtrees on both workers', () => expect.poll(async () => Number(await data(page, 'workers-used')), { timeout: 60_000 }).toBe(2));
    await page.click('#cancel');
    await step('status cancelled', () => page.waitForSelector('#status[data-state="cancelled"]', { timeout: 30_000 }));
    await step('no subtree in flight after the cancel', () => expect.poll(() => data(page, 'in-flight'), { timeout: 60_000 }).toBe('0'));
    expect(await page.isEnabled('#solve')).toBe(true);

    // The pool is free again: a short parallel solve finishes.
    await korf(page, 9, 'linear-conflict', 2);
    await page.click('#solve');
    await step('the next solve done', () => page.waitForSelector('#status[data-state="done"]', { timeout: 80_000 }));
    expect(await stat(page, 'length')).toBe(46);
  });
});
