// "Embed it in your page or service": pack the engine and its kernels as npm tarballs, install them
// into a project outside the workspace, and use them there the way a user would — from Node, type-
// checked against the published .d.ts files, and bundled into a page that solves in Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../support/bundle.js';
import { launchBrowser } from '../support/browser.js';

let dir = '';
const sh = (cmd: string, args: string[], cwd = dir): string => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'searchlab-pack-'));
  const tarballs = join(dir, 'tarballs');
  // pnpm test has built core-as and the engine; pack turns workspace:* into the real version.
  for (const pkg of ['core-as', 'engine']) sh('pnpm', ['pack', '--pack-destination', tarballs], join(ROOT, 'packages', pkg));
  const app = join(dir, 'app');
  sh('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'embedder', private: true, type: 'module' }));
  sh('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error',
    join(tarballs, 'searchlab-core-as-0.1.0.tgz'), join(tarballs, 'searchlab-engine-0.1.0.tgz')], app);
  dir = app;
}, 120_000);

afterAll(() => {
  if (dir !== '') rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('the packed engine, installed outside the workspace', () => {
  it('solves from Node through the public entry points (WASM by default, and the TS reference)', () => {
    writeFileSync(join(dir, 'solve.mjs'), `
      import { parseBoard, goalLike, solvePuzzle } from '@searchlab/engine/puzzle';
      import { Rng } from '@searchlab/engine';
      const start = parseBoard('4 2 1 3 6 7 5 8 0');
      const goal = goalLike(start, 'blank-last');
      const wasm = await solvePuzzle(start, goal, { algorithm: 'idastar', heuristic: 'linear-conflict' });
      const ts = await solvePuzzle(start, goal, { algorithm: 'idastar', heuristic: 'linear-conflict', backend: 'ts' });
      console.log(JSON.stringify({ wasm: [wasm.status, wasm.length, wasm.backend], ts: [ts.status, ts.length, ts.backend], same: JSON.stringify(wasm.moves) === JSON.stringify(ts.moves), draw: new Rng(1).nextU32() }));
    `);
    const out = JSON.parse(sh(process.execPath, ['solve.mjs']));
    expect(out).toEqual({ wasm: ['solved', 24, 'wasm'], ts: ['solved', 24, 'ts'], same: true, draw: expect.any(Number) });
  });

  it('type-checks a TypeScript consumer against the published declarations', () => {
    writeFileSync(join(dir, 'use.ts'), `
      import { solvePuzzle, parseBoard, goalLike, type SolveResult } from '@searchlab/engine/puzzle';
      import { WorkerPool, type Backend } from '@searchlab/engine';
      import { createNodePool } from '@searchlab/engine/node';
      const backend: Backend = 'wasm';
      const start = parseBoard('1 2 3/4 5 6/7 0 8');
      export const result: Promise<SolveResult> = solvePuzzle(start, goalLike(start), { backend });
      export const pool: WorkerPool = createNodePool({ size: 1 });
      // @ts-expect-error: not an algorithm
      solvePuzzle(start, goalLike(start), { algorithm: 'quantum' });
    `);
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    expect(() => sh(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', 'node', '--typeRoots', join(ROOT, 'node_modules/@types'), 'use.ts'])).not.toThrow();
  });

  it('bundles into a page with esbuild and solves in Chromium (the WASM backend, in the browser)', async () => {
    writeFileSync(join(dir, 'page.js'), `
      import { parseBoard, goalLike, solvePuzzle } from '@searchlab/engine/puzzle';
      const start = parseBoard('8 6 7/2 5 4/3 0 1');
      window.searchlabResult = solvePuzzle(start, goalLike(start, 'blank-last'), { algorithm: 'astar', heuristic: 'linear-conflict' })
        .then((r) => ({ status: r.status, length: r.length, backend: r.backend }));
    `);
    const out = await build({ entryPoints: [join(dir, 'page.js')], absWorkingDir: dir, bundle: true, format: 'iife', platform: 'browser', write: false, logLevel: 'silent' });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.setContent('<!doctype html><title>embedder</title>');
      await page.addScriptTag({ content: out.outputFiles[0]!.text });
      const result = await page.evaluate(() => (window as unknown as { searchlabResult: Promise<unknown> }).searchlabResult);
      // 8 6 7/2 5 4/3 0 1 is one of the two hardest 8-puzzles: 31 moves.
      expect(result).toEqual({ status: 'solved', length: 31, backend: 'wasm' });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
