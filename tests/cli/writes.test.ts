// Issue 25, files through the CLI: `--output` keeps a symlink a link, writes /dev/stdout in place
// (also as an ordinary user), leaves no temporary file after Ctrl-C or on a full disk, and a
// pattern-database cache that cannot be written is a warning while the solve goes on.
import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, ensureBuilt, expectOneLineError, run } from './run.js';

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'searchlab-writes-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tmpFiles = (d: string) => readdirSync(d).filter((f) => f.endsWith('.tmp'));
const isRoot = process.getuid?.() === 0;

/** A tmpfs at a new directory, or the reason there is none (mounting needs root). */
function mountTmpfs(options: string): { path: string; unmount(): void } | string {
  const path = mkdtempSync(join(tmpdir(), 'searchlab-mnt-'));
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', path], { encoding: 'utf8' });
  if (r.status !== 0) {
    rmSync(path, { recursive: true, force: true });
    return `cannot mount a tmpfs here (${(r.stderr || r.error?.message || 'mount failed').trim()})`;
  }
  return {
    path,
    unmount: () => {
      spawnSync('umount', [path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}

const BOARD = '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15';

describe('--output', () => {
  it("writes a symlink's target and keeps the link", async () => {
    writeFileSync(join(dir, 'q.json'), 'old');
    symlinkSync('q.json', join(dir, 'link.json'));
    const r = await run(['queens', 'solve', '8', '--output', join(dir, 'link.json')]);
    expect(r.code).toBe(0);
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'q.json'), 'utf8')).positions).toHaveLength(8);
  });

  it('writes /dev/stdout in place, as root and as an ordinary user', async (ctx) => {
    const r = await run(['queens', 'solve', '8', '--json', '--output', '/dev/stdout']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"positions":[');
    expect(lstatSync('/dev/stdout').isSymbolicLink()).toBe(true);
    if (!isRoot) return ctx.skip();
    const user = spawnSync(
      'setpriv',
      ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, BIN, 'queens', 'solve', '8', '--output', '/dev/stdout'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    if (user.error) return ctx.skip();
    expect(user.stderr).toBe('');
    expect(user.status).toBe(0);
    expect(user.stdout).toContain('"positions":[');
  });

  it('a full disk is one line (exit 2) and leaves no temporary file', async (ctx) => {
    const small = mountTmpfs('size=64k');
    if (typeof small === 'string') {
      console.warn(`skipped: ${small}`);
      return ctx.skip();
    }
    try {
      const r = await run(['queens', 'solve', '100000', '--algorithm', 'construct', '--output', join(small.path, 'q.json')]);
      expect(r.code).toBe(2);
      expectOneLineError(r.stderr);
      expect(r.stderr).toContain('no space left on the device');
      expect(readdirSync(small.path)).toEqual([]);
    } finally {
      small.unmount();
    }
  });

  it('Ctrl-C while a large --output is written: exit 130, no temporary file left', async () => {
    const sub = mkdtempSync(join(dir, 'sigint-'));
    const child = spawn(process.execPath, [BIN, 'queens', 'solve', '20000000', '--algorithm', 'construct', '--output', join(sub, 'q.json')], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    // The temporary file appearing is the event: Ctrl-C then lands during the write.
    const watcher = watch(sub, () => {
      if (tmpFiles(sub).length > 0) {
        watcher.close();
        child.kill('SIGINT');
      }
    });
    const code = await new Promise((resolve) => child.on('close', (c, s) => resolve(c ?? s)));
    watcher.close();
    expect(code).toBe(130);
    expect(readdirSync(sub)).toEqual([]);
  });
});

describe('the pattern-database cache', () => {
  const solveWithCache = (cacheDir: string) =>
    run(['puzzle', 'solve', '--algorithm', 'idastar', '--heuristic', 'pdb555', '-p', BOARD], '', [], { SEARCHLAB_CACHE_DIR: cacheDir });

  it('a cache directory that is a file: a warning, the solve goes on (exit 0)', async () => {
    const file = join(dir, 'cache-file');
    writeFileSync(file, '');
    const r = await solveWithCache(file);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Length: 1$/m);
    // After the build's own line (stderr is piped: no bar), the warning.
    expect(r.stderr.replace(/^searchlab: (building the pdb\d+ pattern databases|done in) .*\n/gm, '')).toBe(
      `searchlab: warning: cannot use the pattern-database cache directory ${file}: it is not a directory (the tables are used from memory and rebuilt next time)\n`,
    );
  });

  it('a read-only or full cache: a warning, the solve goes on, no temporary file left', async (ctx) => {
    for (const options of ['size=1m,ro', 'size=64k']) {
      const m = mountTmpfs(options);
      if (typeof m === 'string') {
        console.warn(`skipped: ${m}`);
        return ctx.skip();
      }
      try {
        const r = await solveWithCache(m.path);
        expect(r.code).toBe(0);
        expect(r.stderr.replace(/^searchlab: (building the pdb\d+ pattern databases|done in) .*\n/gm, '')).toMatch(
          /^searchlab: warning: cannot write the pattern-database cache file .*: (read-only file system|no space left on the device) \(the tables are used from memory and rebuilt next time\)\n$/,
        );
        expect(readdirSync(m.path).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      } finally {
        m.unmount();
      }
    }
  });
});
