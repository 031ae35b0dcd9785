// The static site (`pnpm site`): the lab and the API reference in one folder, served by a plain static
// server (no special headers) under a sub-path, as a project page on a static host would be.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT, ensureBundle } from '../support/bundle.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { serveStatic, type StaticSite } from '../support/static.js';
import { shuffle } from './helpers.js';

let dir = '';
let site: StaticSite;
let browser: Browser;

beforeAll(async () => {
  ensureBundle('web', join(ROOT, 'packages/web/dist/main.js'));
  dir = mkdtempSync(join(tmpdir(), 'searchlab-site-'));
  execFileSync(process.execPath, [join(ROOT, 'scripts/site.mjs'), join(dir, 'site')], { cwd: ROOT, stdio: 'pipe' });
  site = await serveStatic(join(dir, 'site'), '/projects/searchlab/');
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('the static site under a sub-path', () => {
  it('the lab loads from the sub-path and solves a puzzle in its worker', async () => {
    const page = await openPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) missing.push(r.url());
    });
    try {
      await page.goto(site.url);
      await page.waitForSelector('body[data-ready="true"]');
      await page.selectOption('#goal', 'blank-last');
      await shuffle(page, { size: '3x3', walk: 20, seed: 7 });
      await expect.poll(() => page.getAttribute('#board', 'data-solved')).toBe('false');
      await page.selectOption('#speed', '0');
      await page.click('#solve');
      await page.waitForSelector('#board[data-solved="true"]', { timeout: 30_000 }).catch(async (e: unknown) => {
        throw new Error(
          `not solved: status "${await page.textContent('#status')}", errors ${JSON.stringify(errors)}, 404s ${JSON.stringify(missing)}: ${String(e)}`,
        );
      });
      expect(await page.getAttribute('#status', 'data-state')).toBe('done');
      expect(missing).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

  it('the API reference is beside it and documents the browser pool', async () => {
    const page = await openPage(browser);
    try {
      await page.goto(`${site.url}api/index.html`);
      expect(await page.title()).toContain('@searchlab/engine');
      const link = page.locator('a[href*="createWebPool"]').first();
      const href = await link.getAttribute('href');
      expect(href).not.toBeNull();
      expect(href!.startsWith('/')).toBe(false); // relative: it works under any sub-path
      await page.goto(new URL(href!, page.url()).href);
      expect(page.url().startsWith(site.url)).toBe(true);
      expect(await page.textContent('body')).toContain('A pool of Web Workers');
    } finally {
      await page.close();
    }
  }, 120_000);
});
