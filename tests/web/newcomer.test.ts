// Issue 23, the lab as a newcomer meets it, at desktop and phone widths: no view wider than the
// screen, panels that never show an earlier run's answer, defaults that work (the queens algorithm
// picked by N, a random 15-puzzle solved as it comes, the constructive solver past 32×32), advice
// that fits the settings, Monty's excluded games, characters that draw, no chart warnings.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cells, setCustomSize, shuffle, useLab } from './helpers.js';

const lab = useLab();

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone (390 px)', viewport: { width: 390, height: 844 } },
] as const;

/** Opens a page that also records console warnings (the helpers fail a test on errors only). */
async function open(viewport: { width: number; height: number }, path = ''): Promise<{ page: Page; warnings: string[] }> {
  const page = await lab.newPage(viewport, path);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  return { page, warnings };
}

/** The page's width beyond the viewport (0 when nothing sticks out sideways). */
const overflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Characters of the page's text (controls and chart labels included) that draw no pixel in the
 * page's own font: a glyph the browser's fonts lack renders blank. ASCII is assumed fine.
 */
async function blankGlyphs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.body.innerText, ...[...document.querySelectorAll('option, svg text')].map((e) => e.textContent ?? '')];
    const chars = [...new Set([...texts.join('')].filter((c) => c.codePointAt(0)! > 0x7e && /\S/.test(c)))];
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const g = canvas.getContext('2d', { willReadFrequently: true })!;
    g.font = `40px ${getComputedStyle(document.body).fontFamily}`;
    g.textBaseline = 'middle';
    return chars.filter((c) => {
      g.clearRect(0, 0, 64, 64);
      g.fillText(c, 8, 32);
      const px = g.getImageData(0, 0, 64, 64).data;
      for (let i = 3; i < px.length; i += 4) if (px[i]! > 0) return false;
      return true;
    });
  });
}

const statusText = (page: Page, id: string): Promise<string> => page.textContent(`#${id}`).then((t) => t ?? '');

describe.each(WIDTHS)('the lab at $name', ({ viewport }) => {
  it('no view is wider than the screen, and every character draws', async () => {
    const { page, warnings } = await open(viewport);
    await shuffle(page, { size: '4x4', walk: 30, seed: 5 });
    expect(await overflow(page)).toBe(0);
    await page.click('#tab-compare');
    await page.click('#compare');
    await page.waitForSelector('#compare-status[data-state="done"]', { timeout: 60_000 });
    expect(await overflow(page)).toBe(0);
    expect(await blankGlyphs(page)).toEqual([]);

    await page.goto(`${lab.url}#/queens?n=12`);
    await page.click('#q-solve');
    await page.waitForSelector('#q-status[data-state="done"]');
    await page.click('#q-count');
    await page.waitForSelector('#q-browse:not([hidden])');
    expect(await overflow(page)).toBe(0);
    expect(await blankGlyphs(page)).toEqual([]);

    await page.goto(`${lab.url}#/monty?host=biased&trials=20000`);
    await page.click('#monty-run');
    await page.waitForSelector('#monty-status[data-state="done"]', { timeout: 60_000 });
    expect(await overflow(page)).toBe(0);
    expect(await blankGlyphs(page)).toEqual([]);

    await page.goto(`${lab.url}#/fit`);
    await page.click('#fit-seed-data');
    await page.waitForSelector('#fit-status[data-state="done"]');
    expect(await overflow(page)).toBe(0);
    expect(await blankGlyphs(page)).toEqual([]);
    expect(warnings).toEqual([]);
    await page.close();
  });

  it('queens: the algorithm follows N (fast for 10⁶, with progress), and every run clears the last one', async () => {
    const { page } = await open(viewport, '#/queens');
    expect(await page.inputValue('#q-algorithm')).toBe('auto');
    await page.fill('#q-n', '25');
    await page.click('#q-solve');
    await page.waitForSelector('#q-status[data-state="done"]');
    expect(await page.textContent('#q-stats')).toMatch(/algorithmmin-conflicts/);
    // A count replaces the solve's board, chart and statistics.
    await page.fill('#q-n', '10');
    await page.click('#q-count');
    await page.waitForSelector('#q-status[data-state="done"]');
    expect(await page.textContent('#q-count-result')).toMatch(/^Q\(10\) = 724 solutions/);
    expect(await page.textContent('#q-stats')).toBe('');
    // A solve replaces the count.
    await page.fill('#q-n', '1000000');
    await page.click('#q-solve');
    expect(await page.isHidden('#q-count-panel')).toBe(true);
    await page.waitForSelector('#q-status[data-state="done"]', { timeout: 90_000 });
    expect(await page.textContent('#q-stats')).toMatch(/algorithmfast/);
    // A slow choice shows its steps as they go, and stops on request.
    await page.selectOption('#q-algorithm', 'min-conflicts');
    await page.fill('#q-n', '300000'); // minutes for min-conflicts
    await page.click('#q-solve');
    await expect.poll(() => statusText(page, 'q-status'), { timeout: 60_000 }).toMatch(/[\d,]+ steps, [\d,]+ attacking pairs left/);
    await page.click('#q-stop');
    await page.waitForSelector('#q-status[data-state="cancelled"]');
    // An error clears too.
    await page.fill('#q-n', '0');
    await page.click('#q-solve');
    await page.waitForSelector('#q-status[data-state="error"]');
    expect(await page.textContent('#q-stats')).toBe('');
    await page.close();
  });

  it("puzzle: a random 15-puzzle solves with the defaults; the status clock is the statistics' clock", async () => {
    const { page } = await open(viewport);
    await page.selectOption('#size', '4x4');
    expect(await page.inputValue('#algorithm')).toBe('idastar');
    expect(await page.inputValue('#heuristic')).toBe('linear-conflict');
    expect(Number(await page.inputValue('#max-nodes'))).toBe(1e9);
    await shuffle(page, { mode: 'random', seed: 7 });
    await page.click('#solve');
    await page.waitForSelector('#status[data-state="done"]', { timeout: 120_000 });
    const time = (await page.textContent('#stats [data-stat="time"]'))!;
    expect(await statusText(page, 'status')).toMatch(new RegExp(`^Found a solution of \\d+ moves in ${time.replace('.', '\\.')}\\.`));
    expect(await page.textContent('#stats [data-stat="unique"]')).toBe('–'); // IDA* stores no states
    // Back on a 3×3, the small board's defaults return.
    await page.selectOption('#size', '3x3');
    expect(await page.inputValue('#algorithm')).toBe('astar');
    await page.close();
  });

  it('puzzle: node-limit advice names only what is not chosen; an error clears the last statistics', async () => {
    const { page } = await open(viewport);
    await shuffle(page, { size: '4x4', walk: 60, seed: 3 });
    await page.fill('#max-nodes', '500');
    await page.click('#solve');
    await page.waitForSelector('#status[data-state="limit"]');
    const ida = await statusText(page, 'status');
    expect(ida).toMatch(/Node limit/);
    expect(ida).not.toMatch(/IDA\*|choose the heuristic linear conflict/); // both are what ran
    expect(ida).toMatch(/choose PDB [\d-]+, far stronger/);
    await page.selectOption('#algorithm', 'astar');
    await page.selectOption('#heuristic', 'manhattan');
    await page.click('#solve');
    await page.waitForSelector('#status[data-state="limit"]');
    const astar = await statusText(page, 'status');
    expect(astar).toMatch(/choose IDA\*/);
    expect(astar).toMatch(/linear conflict/);
    expect(await page.textContent('#stats [data-stat="expanded"]')).not.toBe('–');
    await page.fill('#max-nodes', '0'); // refused: the limit is at least 1
    await page.click('#solve');
    await page.waitForSelector('#status[data-state="error"]');
    expect(await page.textContent('#stats [data-stat="expanded"]')).toBe('–');
    await page.close();
  });

  it('puzzle: past 32×32 only the constructive solver is offered; the 100×100 board is drawn legibly', async () => {
    const { page } = await open(viewport);
    await setCustomSize(page, 100, 100);
    expect(await page.inputValue('#algorithm')).toBe('construct');
    const enabled = await page.$$eval('#algorithm option', (os) =>
      os.filter((o) => !(o as HTMLOptionElement).disabled).map((o) => (o as HTMLOptionElement).value),
    );
    expect(enabled).toEqual(['construct']);
    // A cell is drawn at least 20 CSS pixels wide, its number in a font of at least 10 px.
    const cell = await page.$eval('#board canvas', (c) => (c as HTMLCanvasElement).getBoundingClientRect().width / 100);
    expect(cell).toBeGreaterThanOrEqual(20);
    expect(await overflow(page)).toBe(0);
    await page.selectOption('#shuffle-mode', 'random');
    await page.fill('#seed', '1');
    await page.click('#shuffle');
    await page.selectOption('#speed', '0');
    await page.click('#solve');
    await page.waitForSelector('#status[data-state="done"]', { timeout: 60_000 });
    expect(await statusText(page, 'status')).not.toMatch(/--/);
    await page.close();
  });

  it('puzzle: arrow keys move the blank right after Shuffle is clicked', async () => {
    const { page } = await open(viewport);
    await shuffle(page, { size: '3x3', walk: 10, seed: 2 });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('board'); // not left on the button
    const before = await cells(page);
    const blank = before.indexOf(0);
    const key = blank % 3 === 0 ? 'ArrowRight' : 'ArrowLeft';
    await page.keyboard.press(key);
    await expect.poll(() => cells(page)).not.toEqual(before);
    expect((await cells(page)).indexOf(0)).toBe(blank + (key === 'ArrowRight' ? 1 : -1));
    await page.close();
  });
});

describe('the lab on a phone', () => {
  it('shows the board and the Solve button on one screen', async () => {
    const { page } = await open({ width: 390, height: 844 });
    for (const size of ['3x3', '4x4']) {
      await shuffle(page, { size, walk: 20, seed: 1 });
      await page.locator('#board').scrollIntoViewIfNeeded();
      await page.evaluate(() => document.getElementById('board')!.scrollIntoView({ block: 'start' }));
      const [board, solve] = await Promise.all([page.locator('#board').boundingBox(), page.locator('#solve').boundingBox()]);
      expect(board!.y).toBeGreaterThanOrEqual(-1);
      expect(solve!.y + solve!.height).toBeLessThanOrEqual(844);
    }
    await page.close();
  });
});

describe('Monty Hall with an ignorant host', () => {
  it('says how many games were excluded, which the rates leave out', async () => {
    const { page, warnings } = await open({ width: 1280, height: 800 }, '#/monty?host=ignorant&doors=3&trials=100000&seed=2');
    await page.click('#monty-run');
    await page.waitForSelector('#monty-status[data-state="done"]', { timeout: 60_000 });
    const note = (await page.textContent('#monty-excluded'))!;
    const m =
      /^([\d,]+) of 100,000 games were excluded: the host opened the car's door \(exact share 1\/3 = 33\.33%\)\. The rates are over the other ([\d,]+)\.$/.exec(
        note,
      );
    expect(m).not.toBeNull();
    const excluded = Number(m![1]!.replace(/,/g, ''));
    expect(excluded + Number(m![2]!.replace(/,/g, ''))).toBe(100_000);
    expect(Math.abs(excluded / 100_000 - 1 / 3)).toBeLessThan(0.01);
    const stayGames = await page.$eval('#monty-results tbody tr', (tr) => tr.children[3]!.textContent);
    expect(Number(stayGames!.replace(/,/g, ''))).toBe(100_000 - excluded);
    // Another host: the note goes, and so does the last run.
    await page.selectOption('#monty-host', 'standard');
    expect(await page.isHidden('#monty-excluded')).toBe(true);
    expect(await page.$$eval('#monty-results tbody tr', (rows) => rows.length)).toBe(0);
    expect(warnings).toEqual([]);
    await page.close();
  });
});
