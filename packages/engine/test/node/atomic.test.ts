// The one atomic writer (issue 25): regular files whole or not at all, symlinks kept (their target
// written), devices and FIFOs written in place, read-only directories and full disks reported in
// one line, and no temporary file left on any exit path, SIGTERM included.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '@searchlab/engine/node';
import { fileCache } from '@searchlab/engine/node';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'searchlab-atomic-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tmpFiles = (d: string) => readdirSync(d).filter((f) => f.endsWith('.tmp'));

/** A tmpfs mounted at a new directory (root only); undefined, with the reason, where it cannot be. */
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

describe('writeFileAtomic', () => {
  it('writes a regular file through a temporary file, keeping its mode', async () => {
    const f = join(dir, 'plain.txt');
    writeFileSync(f, 'old', { mode: 0o640 });
    await writeFileAtomic(f, 'new text');
    expect(readFileSync(f, 'utf8')).toBe('new text');
    expect(lstatSync(f).mode & 0o777).toBe(0o640);
    expect(tmpFiles(dir)).toEqual([]);
  });

  it('writes chunked content', async () => {
    const f = join(dir, 'chunks.txt');
    await writeFileAtomic(f, async (write) => {
      for (let i = 0; i < 100; i++) await write(`${i},`);
    });
    expect(readFileSync(f, 'utf8').split(',').length).toBe(101);
  });

  it("writes a symlink's target and leaves the link a link (dangling links too)", async () => {
    const target = join(dir, 'target.json');
    writeFileSync(target, 'old');
    const link = join(dir, 'link.json');
    symlinkSync('target.json', link);
    await writeFileAtomic(link, '{"ok":1}');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe('target.json');
    expect(readFileSync(target, 'utf8')).toBe('{"ok":1}');
    const dangling = join(dir, 'dangling.json');
    symlinkSync('made-by-write.json', dangling);
    await writeFileAtomic(dangling, 'x');
    expect(lstatSync(dangling).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'made-by-write.json'), 'utf8')).toBe('x');
    expect(tmpFiles(dir)).toEqual([]);
  });

  it('writes devices in place: /dev/null stays a device, /dev/full reports a full device', async () => {
    await writeFileAtomic('/dev/null', 'nothing');
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
    await expect(writeFileAtomic('/dev/full', 'x'.repeat(10_000), { label: '--output' })).rejects.toThrow(
      'cannot write --output /dev/full: no space left on the device',
    );
    expect(lstatSync('/dev/full').isCharacterDevice()).toBe(true);
    expect(readdirSync('/dev').filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('writes a FIFO in place', async () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    let got = '';
    reader.stdout.on('data', (d) => (got += d));
    const closed = new Promise((resolve) => reader.on('close', resolve));
    await writeFileAtomic(fifo, 'through the pipe');
    await closed;
    expect(got).toBe('through the pipe');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('names a directory, a missing directory and a read-only one in one line', async () => {
    await expect(writeFileAtomic(dir, 'x', { label: '--plot' })).rejects.toThrow(`cannot write --plot ${dir}: it is a directory`);
    await expect(writeFileAtomic(join(dir, 'no/such/out.txt'), 'x')).rejects.toThrow(/: no such directory$/);
    const ro = mountTmpfs('size=1m,ro');
    if (typeof ro === 'string') {
      console.warn(`skipped the read-only directory case: ${ro}`);
      return;
    }
    try {
      await expect(writeFileAtomic(join(ro.path, 'out.txt'), 'x', { label: '--output' })).rejects.toThrow(
        /^cannot write --output .*out\.txt: read-only file system$/,
      );
    } finally {
      ro.unmount();
    }
  });

  it('on a full disk: an error, the old file intact, no temporary left', async (ctx) => {
    const small = mountTmpfs('size=64k');
    if (typeof small === 'string') {
      console.warn(`skipped the full-disk case: ${small}`);
      ctx.skip();
      return;
    }
    try {
      const f = join(small.path, 'out.json');
      writeFileSync(f, 'previous');
      await expect(writeFileAtomic(f, 'y'.repeat(200_000), { label: '--output' })).rejects.toThrow(`cannot write --output ${f}: no space left on the device`);
      expect(readFileSync(f, 'utf8')).toBe('previous');
      expect(tmpFiles(small.path)).toEqual([]);
    } finally {
      small.unmount();
    }
  });

  it('removes its temporary file when the process is stopped by SIGTERM mid-write', async () => {
    const out = join(dir, 'killed.json');
    const script = `
      const { writeFileAtomic } = await import(${JSON.stringify(new URL('../../dist/node/atomic.js', import.meta.url).href)});
      await writeFileAtomic(${JSON.stringify(out)}, async (write) => {
        await write('started');
        process.stdout.write('writing\\n');
        await new Promise(() => setInterval(() => {}, 1000)); // never ends: the test sends SIGTERM
      });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.on('data', () => resolve()));
    expect(tmpFiles(dir).length).toBe(1);
    child.kill('SIGTERM');
    const signal = await new Promise((resolve) => child.on('close', (_code, s) => resolve(s)));
    expect(signal).toBe('SIGTERM');
    expect(tmpFiles(dir)).toEqual([]);
    expect(existsSync(out)).toBe(false);
  });
});

describe('the pattern-database cache', () => {
  it('warns instead of failing when its directory is a file or a table path is a directory', async () => {
    const warnings: string[] = [];
    const blocker = join(dir, 'cache-is-a-file');
    writeFileSync(blocker, '');
    await fileCache(blocker, (m) => warnings.push(m)).write('t1', new Uint8Array(8));
    const cacheDir = join(dir, 'cache');
    mkdirSync(join(cacheDir, 't2.bin'), { recursive: true });
    await fileCache(cacheDir, (m) => warnings.push(m)).write('t2', new Uint8Array(8));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toBe(
      `cannot use the pattern-database cache directory ${blocker}: it is not a directory (the tables are used from memory and rebuilt next time)`,
    );
    expect(warnings[1]).toMatch(/t2\.bin: it is a directory \(the tables are used from memory and rebuilt next time\)$/);
    expect(tmpFiles(cacheDir)).toEqual([]);
  });
});
