// Finds a Chromium for the browser tests without ever downloading one. In order:
//   1. $SEARCHLAB_CHROMIUM (a path),
//   2. the system one at /usr/bin/chromium,
//   3. the Chromium shipped inside the npm package @sparticuz/chromium (works on a fresh machine).
// SEARCHLAB_BROWSER=npm skips 1 and 2, so CI proves the fresh-machine path.
import { chromium as playwright, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const QUIET_ARGS = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

async function npmChromium(): Promise<{ executablePath: string; args: string[] }> {
  // Must be set before the import: it makes the package unpack its own shared libraries
  // (nss, etc.) next to the binary, so it runs on a slim system without them.
  process.env.AWS_LAMBDA_JS_RUNTIME ??= 'nodejs20.x';
  const { default: chromium } = await import('@sparticuz/chromium');
  // --single-process suits AWS Lambda but takes the whole browser down when a test closes a page.
  const args = chromium.args.filter((a: string) => a !== '--single-process');
  return { executablePath: await chromium.executablePath(), args };
}

/** Where the Chromium comes from, for messages. */
export function browserSource(): string {
  if (process.env.SEARCHLAB_BROWSER === 'npm') return 'npm (@sparticuz/chromium, forced)';
  if (process.env.SEARCHLAB_CHROMIUM) return `$SEARCHLAB_CHROMIUM (${process.env.SEARCHLAB_CHROMIUM})`;
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : 'npm (@sparticuz/chromium)';
}

export async function launchBrowser(): Promise<Browser> {
  const forceNpm = process.env.SEARCHLAB_BROWSER === 'npm';
  const explicit = forceNpm ? undefined : process.env.SEARCHLAB_CHROMIUM;
  if (explicit && !existsSync(explicit)) throw new Error(`SEARCHLAB_CHROMIUM=${explicit} does not exist`);
  const system = explicit ?? (!forceNpm && existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined);
  const { executablePath, args } = system ? { executablePath: system, args: ['--no-sandbox', '--disable-gpu'] } : await npmChromium();
  return playwright.launch({ executablePath, headless: true, args: [...args, ...QUIET_ARGS] });
}

/**
 * A new page whose waits (waitForSelector, clicks…) give up after 90 s instead of Playwright's 30 s:
 * a wait ends as soon as its state is seen, and on a loaded 2-core machine a solve or a page load
 * can take longer than 30 s without anything being wrong.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await browser.newPage(options);
  page.setDefaultTimeout(90_000);
  return page;
}
