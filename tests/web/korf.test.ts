// Browser end-to-end test of the lab's Korf mode: one of Korf's 100 15-puzzles solved optimally with
// IDA* and the 6-6-3 pattern databases in the Web Worker, the databases' build behind a progress bar
// (cancellable), and the built tables kept in IndexedDB so a reload does not build them again — while
// a corrupt stored table is detected and rebuilt.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cells, useLab } from './helpers.js';

// Korf (1985) instance 9, published optimum 46 moves (data/korf100.tsv); blank-first goal 0 1 … 15.
// One of the cheapest with 6-6-3 (about 1,300 nodes), so the time goes to the build.
const KORF = { id: 9, optimal: 46, tiles: '3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0' };
const GOAL = Array.from({ length: 16 }, (_, i) => i).join(' ');
// 6-6-3: two tables of 16·15·14·13·12·11 placements and one of 16·15·14, 4 bits per entry.
const TABLE_BYTES = [2_882_880, 2_882_880, 1_680];

const lab = useLab();

/** Records every value the build's progress bar shows (and whether it was shown) from now on. */
async function watchBuild(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { buildValues: number[]; buildShown: boolean };
    w.buildValues = [];
    w.buildShown = false;
    const bar = document.querySelector<HTMLProgressElement>('#pdb-progress')!;
    const box = document.querySelector<HTMLElement>('#pdb-build')!;
    new MutationObserver(() => {
      if (!box.hidden) w.buildShown = true;
      w.buildValues.push(bar.value);
    }).observe(box, { attributes: true, subtree: true, attributeFilter: ['hidden', 'value'] });
  });
}

const built = (page: Page): Promise<{ values: number[]; shown: boolean }> =>
  page.evaluate(() => {
    const w = window as unknown as { buildValues: number[]; buildShown: boolean };
    return { values: w.buildValues, shown: w.buildShown };
  });

/** The stored tables: name, byte count, and whether the stored SHA-256 matches the bytes. */
function storedTables(page: Page): Promise<{ name: string; bytes: number; intact: boolean }[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('searchlab-pdb');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const entries = await new Promise<{ name: string; sha256: string; data: Uint8Array }[]>((resolve, reject) => {
      const req = db.transaction('tables').objectStore('tables').getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
    const hex = async (data: Uint8Array): Promise<string> =>
      Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>)), (b) => b.toString(16).padStart(2, '0')).join('');
    return Promise.all(entries.map(async (e) => ({ name: e.name, bytes: e.data.length, intact: (await hex(e.data)) === e.sha256 })));
  });
}

/** Flips one byte of the stored table `name`, keeping its recorded checksum. */
function corrupt(page: Page, name: string): Promise<void> {
  return page.evaluate(async (key) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('searchlab-pdb');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = db.transaction('tables', 'readwrite').objectStore('tables');
    await new Promise<void>((resolve, reject) => {
      const req = store.get(key);
      req.onsuccess = () => {
        const entry = req.result as { data: Uint8Array };
        entry.data[100] = entry.data[100]! ^ 0xff;
        const put = store.put(entry);
        put.onsuccess = () => resolve();
        put.onerror = () => reject(put.error);
      };
    });
    db.close();
  }, name);
}

async function reloadKorf(page: Page): Promise<void> {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  expect(await page.inputValue('#korf')).toBe(String(KORF.id));
  expect(await page.inputValue('#heuristic')).toBe('pdb663');
  await page.click('#korf-load');
  expect((await cells(page)).join(' ')).toBe(KORF.tiles);
}

async function solveAndWait(page: Page): Promise<void> {
  await page.click('#solve');
  await page.waitForSelector('#status[data-state="done"]', { timeout: 90_000 });
}

const stat = async (page: Page, name: string): Promise<number> => Number(await page.getAttribute(`#stats [data-stat="${name}"]`, 'data-value'));

describe("the lab's Korf mode", () => {
  it('loads a Korf instance, cancels a build, then builds 6-6-3 behind a progress bar and solves it optimally; a reload reads IndexedDB', async () => {
    const { page } = lab;
    await page.selectOption('#speed', '0');
    await page.fill('#korf', String(KORF.id));
    await page.click('#korf-load');
    expect((await cells(page)).join(' ')).toBe(KORF.tiles);
    expect(await page.inputValue('#goal')).toBe('blank-first');
    expect(await page.inputValue('#algorithm')).toBe('idastar');
    expect(await page.inputValue('#heuristic')).toBe('pdb663');
    expect(await page.textContent('#status')).toContain(`published optimum: ${KORF.optimal} moves`);

    // Cancel while the databases build: the bar goes away, the controls come back.
    await page.click('#solve');
    await page.waitForSelector('#pdb-build:not([hidden])', { timeout: 30_000 });
    await page.click('#cancel');
    expect(await page.getAttribute('#status', 'data-state')).toBe('cancelled');
    expect(await page.isHidden('#pdb-build')).toBe(true);
    expect(await page.isEnabled('#solve')).toBe(true);

    // The build, then the search: the bar moves forward, the length is Korf's optimum.
    await watchBuild(page);
    await solveAndWait(page);
    const first = await built(page);
    expect(first.shown).toBe(true);
    const moving = first.values.filter((v) => v > 0 && v < 1);
    expect(new Set(moving).size).toBeGreaterThanOrEqual(3);
    expect(moving).toEqual([...moving].sort((a, b) => a - b));
    expect(await page.isHidden('#pdb-build')).toBe(true);
    expect(await stat(page, 'length')).toBe(KORF.optimal);
    expect(await page.textContent('#status')).toMatch(
      new RegExp(`^Found a solution of ${KORF.optimal} moves in [\\d.]+ m?s\\. Korf's #${KORF.id}: published optimum ${KORF.optimal} moves\\.`),
    );
    expect(await page.textContent('#status')).toContain('Pattern databases built in');
    expect((await cells(page)).join(' ')).toBe(GOAL);

    const stored = await storedTables(page);
    expect(stored.map((t) => t.bytes).sort((a, b) => b - a)).toEqual(TABLE_BYTES);
    expect(stored.every((t) => t.intact && /^pdb\d+-4x4-/.test(t.name))).toBe(true);

    // A reload (same profile, fresh workers): the settings come back from the URL (the board was
    // animated to the goal, so it is loaded again), the tables from IndexedDB.
    await reloadKorf(page);
    await watchBuild(page);
    await solveAndWait(page);
    expect((await built(page)).shown).toBe(false);
    expect(await stat(page, 'length')).toBe(KORF.optimal);
    expect(await page.textContent('#status')).not.toContain('built in');

    // A corrupt stored table (the small one: its rebuild is instant) is detected by its checksum,
    // rebuilt and stored again; the answer stays optimal.
    const small = stored.find((t) => t.bytes === TABLE_BYTES[2])!.name;
    await corrupt(page, small);
    expect((await storedTables(page)).find((t) => t.name === small)!.intact).toBe(false);
    await reloadKorf(page);
    await solveAndWait(page);
    expect(await stat(page, 'length')).toBe(KORF.optimal);
    const after = await storedTables(page);
    expect(after.map((t) => t.bytes).sort((a, b) => b - a)).toEqual(TABLE_BYTES);
    expect(after.every((t) => t.intact)).toBe(true);
  });
});
