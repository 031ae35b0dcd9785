// Shared setup of the browser suites: build and serve packages/web/dist, open it in a Chromium
// found by support/browser.ts, and collect page errors (every test expects none).
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, ensureBundle } from '../support/bundle.js';
import { launchBrowser, openPage } from '../support/browser.js';

const web = join(ROOT, 'packages/web');

function startServer(): Promise<{ server: ChildProcess; url: string }> {
  const server = spawn(process.execPath, [join(web, 'serve.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}${err}`)), 60_000);
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

export interface Lab {
  url: string;
  browser: Browser;
  page: Page;
  /** Opens a fresh page (own viewport/URL) whose errors are collected like the main page's. */
  newPage(viewport?: { width: number; height: number }, path?: string): Promise<Page>;
}

/** Registers beforeAll/afterEach/afterAll hooks; the returned object is filled in beforeAll. */
export function useLab(): Lab {
  const lab = {} as Lab;
  let server: ChildProcess | undefined;
  const errors: string[] = [];
  const open = async (viewport?: { width: number; height: number }, path = ''): Promise<Page> => {
    const page = await openPage(lab.browser, viewport ? { viewport } : {});
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
    });
    await page.goto(lab.url + path);
    await page.waitForSelector('body[data-ready="true"]');
    return page;
  };
  beforeAll(async () => {
    ensureBundle('web', join(web, 'dist/main.js'));
    ({ server, url: lab.url } = await startServer());
    lab.browser = await launchBrowser();
    lab.newPage = open;
    lab.page = await open();
  });
  afterEach(() => {
    expect(errors.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await lab.browser?.close();
    server?.kill('SIGTERM');
  });
  return lab;
}

/** The board's cells as numbers (from #board[data-cells]). */
export async function cells(page: Page): Promise<number[]> {
  return (await page.getAttribute('#board', 'data-cells'))!.split(' ').map(Number);
}

/** A seeded shuffle of a W×H board at the chosen goal preset. */
export async function shuffle(page: Page, o: { size?: string; mode?: 'walk' | 'random'; walk?: number; seed: number }): Promise<void> {
  if (o.size) await page.selectOption('#size', o.size);
  await page.selectOption('#shuffle-mode', o.mode ?? 'walk');
  if (o.walk !== undefined) await page.fill('#walk', String(o.walk));
  await page.fill('#seed', String(o.seed));
  await page.click('#shuffle');
}

/** Picks a custom W×H in the size controls and waits for the board to take it. */
export async function setCustomSize(page: Page, w: number, h: number): Promise<void> {
  await page.selectOption('#size', 'custom');
  await page.fill('#custom-w', String(w));
  await page.fill('#custom-h', String(h));
  await page.locator('#custom-h').dispatchEvent('change');
  await expect.poll(() => page.getAttribute('#board', 'data-width')).toBe(String(w));
}
