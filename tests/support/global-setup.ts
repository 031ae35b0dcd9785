// Runs once in vitest's main process before any test file: brings the CLI and web bundles up to
// date here, so that test files running side by side (maxWorkers 2) never build the same bundle at
// once. The files' own ensureBundle calls then find them fresh (a developer running one file alone
// still gets a fresh bundle from those).
import { join } from 'node:path';
import { ROOT, ensureBundle } from './bundle.js';

export default function setup(): void {
  ensureBundle('cli', join(ROOT, 'packages/cli/dist/searchlab.js'));
  ensureBundle('web', join(ROOT, 'packages/web/dist/main.js'));
}
