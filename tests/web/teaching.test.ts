// Browser test of the teaching views: Step mode against the engine's own events (Next ×10, Back ×3,
// space, the open list, the tree, a clicked node, IDA* thresholds), h of the board, the trace table,
// and the Experiment view's table and chart against the engine run in Node.
import { describe, expect, it } from 'vitest';
import { goalBoard, nextStep, puzzleSteps, runExperiment, type Board, type FrontierEntry, type Move, type TileState } from '@searchlab/engine/puzzle';
import { makeHeuristic } from '../../packages/engine/src/puzzle/heuristics.js';
import { conflictMap, createTsQueensRun, normalizeQueensOptions } from '@searchlab/engine/queens';
import { cells as cellsOf, shuffle, useLab } from './helpers.js';

const lab = useLab();
const GOAL = goalBoard(3, 3);

/** The engine's state after `steps` steps: the open list's top 20 and the tree's node ids (one iteration's). */
function engineAfter(start: Board, algorithm: 'astar' | 'idastar', steps: number) {
  const search = puzzleSteps(start, GOAL, { algorithm, heuristic: 'manhattan', maxNodes: 200_000 });
  let tree = new Set<number>();
  const thresholds: number[] = [];
  for (let i = 0; i < steps; i++) {
    const events = nextStep(search.events);
    if (events.length === 0) break;
    for (const e of events) {
      if (e.kind === 'iteration') {
        thresholds.push(e.bound);
        tree = new Set();
      }
      if ((e.kind === 'select' || e.kind === 'generate' || e.kind === 'goal') && tree.size < 300) tree.add(e.node.id);
    }
  }
  const row = (e: FrontierEntry<TileState, Move>) => ({ id: String(e.node.id), g: String(e.node.g), h: String(e.node.h), f: String(e.node.f) });
  return {
    open: search.frontier(20).map(row),
    openSize: search.frontier(Number.MAX_SAFE_INTEGER).length,
    tree: [...tree].sort((a, b) => a - b),
    thresholds,
    counters: { ...search.counters },
  };
}

async function domOpen() {
  return lab.page.$$eval('#step-open-table tbody tr', (rows) =>
    rows.map((tr) => ({
      id: (tr as HTMLElement).dataset.id!,
      g: tr.querySelector('[data-col="g"]')!.textContent!,
      h: tr.querySelector('[data-col="h"]')!.textContent!,
      f: tr.querySelector('[data-col="f"]')!.textContent!,
    })),
  );
}

const domTree = async (): Promise<number[]> =>
  (await lab.page.$$eval('#step-tree g.node', (gs) => gs.map((g) => Number(g.getAttribute('data-id'))))).sort((a, b) => a - b);

const steps = async (): Promise<string | null> => lab.page.getAttribute('#panel-step', 'data-steps');

describe('teaching views', () => {
  it('Step mode: Next ×10, Back ×3, space; the open list and the tree are the engine’s', async () => {
    const { page } = lab;
    await shuffle(page, { size: '3x3', walk: 24, seed: 11 });
    const start: Board = { width: 3, height: 3, cells: await cellsOf(page) };
    await page.click('#tab-step');
    await page.selectOption('#step-algorithm', 'astar');
    await page.selectOption('#step-heuristic', 'manhattan');
    for (let i = 1; i <= 10; i++) {
      await page.click('#step-next');
      await expect.poll(steps).toBe(String(i));
    }
    for (let i = 9; i >= 7; i--) {
      await page.click('#step-back');
      await expect.poll(steps).toBe(String(i));
    }
    const at7 = engineAfter(start, 'astar', 7);
    expect(await domOpen()).toEqual(at7.open);
    expect(await domTree()).toEqual(at7.tree);
    expect(await page.textContent('#step-node [data-step="expanded"]')).toBe(String(at7.counters.expanded));
    expect(Number(await page.textContent('#step-node [data-step="open"]'))).toBe(at7.openSize);

    // Space = Next (with no control focused).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press(' ');
    await expect.poll(steps).toBe('8');
    const at8 = engineAfter(start, 'astar', 8);
    expect(await domOpen()).toEqual(at8.open);
    expect(await domTree()).toEqual(at8.tree);

    // A node of the tree shows its board when clicked.
    const id = at8.tree.at(-1)!;
    await page.click(`#step-tree g.node[data-id="${id}"] circle`);
    await expect.poll(() => page.getAttribute('#step-detail', 'data-id')).toBe(String(id));
    expect(await page.isVisible('#step-detail .mini-board')).toBe(true);
  });

  it('Step mode, IDA*: Run to end shows every threshold as it rose and the goal on the path', async () => {
    const { page } = lab;
    const start: Board = { width: 3, height: 3, cells: await cellsOf(page) };
    await page.selectOption('#step-algorithm', 'idastar');
    await page.click('#step-run');
    await page.waitForSelector('#step-status[data-state="done"]', { timeout: 30_000 });
    const end = engineAfter(start, 'idastar', 1_000_000);
    expect(await page.textContent('#step-thresholds')).toBe(`Thresholds (f): ${end.thresholds.join(', then ')}`);
    expect(await page.textContent('#step-node [data-step="generated"]')).toBe(end.counters.generated.toLocaleString('en-US'));
    expect(await page.locator('#step-tree g.node.path').count()).toBeGreaterThan(0);
  });

  it('h of the board is shown tile by tile, and the solve has a g/h/f trace table', async () => {
    const { page } = lab;
    await page.click('#tab-play');
    const board: Board = { width: 3, height: 3, cells: await cellsOf(page) };
    for (const name of ['misplaced', 'manhattan', 'linear-conflict'] as const) {
      await page.selectOption('#h-heuristic', name);
      expect(Number(await page.getAttribute('#h-value', 'data-value'))).toBe(makeHeuristic(name, GOAL)(board.cells));
    }
    // Choosing a heuristic to solve with shows its h beside the board.
    await page.selectOption('#heuristic', 'misplaced');
    expect(await page.inputValue('#h-heuristic')).toBe('misplaced');
    const misplaced = board.cells.filter((v, i) => v > 0 && GOAL.cells[i] !== v).length;
    expect(await page.textContent('#h-value')).toBe(`h = ${misplaced}`);
    expect(await page.locator('#board .tile.misplaced').count()).toBe(misplaced);
    await page.selectOption('#speed', '0');
    await page.selectOption('#algorithm', 'astar');
    await page.selectOption('#heuristic', 'manhattan');
    await page.click('#solve');
    await page.waitForSelector('#status[data-state="done"]', { timeout: 15_000 });
    const length = Number(await page.getAttribute('#stats [data-stat="length"]', 'data-value'));
    expect(await page.locator('#trace-table tbody tr').count()).toBe(length + 1);
    const lastF = await page.textContent('#trace-table tbody tr:last-child td:last-child');
    expect(Number(lastF)).toBe(length);
  });

  it('Experiment: the table and chart equal the engine’s run; Cancel stops a long one', async () => {
    const { page } = lab;
    await page.click('#reset');
    await page.click('#tab-experiment');
    await page.fill('#exp-depths', '2-8:2');
    await page.fill('#exp-per-depth', '5');
    await page.fill('#exp-seed', '3');
    await page.click('#exp-run');
    await page.waitForSelector('#exp-table[data-run="done"]', { timeout: 60_000 });
    const expected = await runExperiment({
      depths: [2, 4, 6, 8],
      perDepth: 5,
      seed: 3,
      cap: 200_000,
      columns: [{ algorithm: 'iddfs' }, { algorithm: 'astar', heuristic: 'misplaced' }, { algorithm: 'astar', heuristic: 'manhattan' }],
    });
    const shown = await page.$$eval('#exp-table tbody tr', (rows) =>
      rows.map((tr) => [...tr.querySelectorAll('td[data-generated]')].map((td) => Number((td as HTMLElement).dataset.generated))),
    );
    expect(shown).toEqual(expected.cells.map((row) => row.map((c) => c.meanGenerated)));
    expect(await page.locator('#exp-chart svg').count()).toBe(1);
    expect(await page.locator('#exp-status').getAttribute('data-state')).toBe('done');

    await page.fill('#exp-depths', '2-24:2');
    await page.fill('#exp-per-depth', '100');
    await page.click('#exp-run');
    await expect.poll(async () => Number((await page.getAttribute('#exp-progress', 'value')) ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.click('#exp-cancel');
    await page.waitForSelector('#exp-status[data-state="cancelled"]', { timeout: 30_000 });
    expect(await page.isEnabled('#exp-run')).toBe(true);
  });

  it('Queens: hill climbing one move at a time over the conflict heat map, escapes marked; the moves are the solver’s', async () => {
    const page = await lab.newPage(undefined, '#/queens?n=8&seed=5');
    await page.click('#q-step-start');
    const positions = async (): Promise<number[]> => (await page.getAttribute('#q-heat', 'data-positions'))!.split(' ').map(Number);
    const heat = async (): Promise<number[]> => page.$$eval('#q-heat span', (cs) => cs.map((c) => Number(c.textContent)));
    expect(await page.locator('#q-heat span').count()).toBe(64);
    expect(await heat()).toEqual(Array.from(conflictMap(await positions())));
    // Run until an escape is logged (hill climbing from the diagonal gets stuck) or it is solved.
    for (let i = 0; i < 20 && (await page.locator('#q-step-log li[data-kind="escape"]').count()) === 0; i++) {
      if ((await page.getAttribute('#q-step-status', 'data-state')) === 'done') break;
      await page.click('#q-step-run');
    }
    const steps = await page.locator('#q-step-log li').count();
    const run = createTsQueensRun(normalizeQueensOptions(8, { algorithm: 'hill-climbing', seed: 5, backend: 'ts' }));
    for (let i = 0; i < steps && run.step(8) === null; i++);
    expect(await positions()).toEqual(Array.from(run.positions()));
    expect(await heat()).toEqual(Array.from(conflictMap(run.positions())));
    expect(await page.locator('#q-step-log li[data-kind="escape"]').count()).toBe(run.stats().escapes);
    await page.close();
  });

  it('Fit: the true curve of synthetic data, a key for training and held-out points, and residuals', async () => {
    const page = await lab.newPage(undefined, '#/fit');
    await page.waitForSelector('#fit-status[data-state="done"]', { timeout: 20_000 });
    const curves = await page.textContent('#fit-curves svg');
    expect(curves).toContain('training points');
    expect(curves).toContain('held-out points');
    expect(curves).toContain('true curve');
    // 4 degrees × (10 training + 10 held-out points).
    expect(await page.$$eval('#fit-residuals svg circle', (c) => c.length)).toBe(80);
    // Pasted points are not synthetic: no true curve.
    await page.fill('#fit-points', `x,y\n${Array.from({ length: 12 }, (_, i) => `${i},${2 * i + 1 + (i % 3) / 10}`).join('\n')}`);
    await page.click('#fit-run');
    await page.waitForSelector('#fit-status[data-state="done"]');
    expect(await page.textContent('#fit-curves svg')).not.toContain('true curve');
    await page.close();
  });

  it('Step and Experiment fit a phone-sized page (the tree and tables scroll inside their boxes)', async () => {
    const page = await lab.newPage({ width: 375, height: 740 });
    const pageWidth = (): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);
    await shuffle(page, { size: '4x4', walk: 30, seed: 4 });
    await page.click('#tab-step');
    for (let i = 1; i <= 25; i++) await page.click('#step-next');
    await expect.poll(() => page.getAttribute('#panel-step', 'data-steps')).toBe('25');
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.click('#tab-experiment');
    await page.selectOption('#size', '3x3');
    await page.fill('#exp-depths', '2-6:2');
    await page.fill('#exp-per-depth', '3');
    await page.click('#exp-run');
    await page.waitForSelector('#exp-table[data-run="done"]', { timeout: 60_000 });
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.close();
  });
});
