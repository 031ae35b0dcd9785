// Issue 25: `cluster up` exits 2 on bad arguments and 4 when the server cannot start, with one line,
// at once, and leaves nothing behind (the temporary data directory goes under a private TMPDIR here).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, expectOneLineError, run } from './run.js';

let dir: string;
let tmp: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'searchlab-cluster-up-'));
  tmp = join(dir, 'tmp');
  mkdirSync(tmp);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const up = (args: string[]) => run(['cluster', 'up', ...args], '', [], { TMPDIR: tmp });

describe('cluster up', () => {
  it('a port past 65535 and a --dir that is a file: exit 2, one line', async () => {
    const port = await up(['--port', '70000']);
    expect(port.code).toBe(2);
    expect(port.stderr).toBe('searchlab: --port must be a TCP port 1..65535, got 70000\n');
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const d = await up(['--dir', file]);
    expect(d.code).toBe(2);
    expect(d.stderr).toBe(`searchlab: --dir ${file}: not a directory\n`);
  });

  it('a busy port: exit 4 naming it, no data directory left', async () => {
    const server: Server = createServer();
    const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
    try {
      const r = await up(['--port', String(port)]);
      expect(r.code).toBe(4);
      expect(r.stderr).toBe(`searchlab: PostgreSQL did not start: port ${port} is in use\n`);
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('a server that dies while starting: exit 4 at once with its reason; a --dir it did not make is kept as it was', async () => {
    // A data directory that claims to be one but has no configuration: postgres exits at once.
    const broken = join(dir, 'broken');
    mkdirSync(join(broken, 'data'), { recursive: true });
    writeFileSync(join(broken, 'data', 'PG_VERSION'), '99\n');
    const r = await up(['--dir', broken]);
    expect(r.code).toBe(4);
    expectOneLineError(r.stderr);
    expect(r.stderr).toMatch(/^searchlab: PostgreSQL did not start: /);
    expect(readdirSync(join(broken, 'data'))).toEqual(['PG_VERSION']); // a directory it did not make is kept
    expect(readdirSync(tmp)).toEqual([]);
  });
});

describe('--db with sslmode=require', () => {
  it("pg's ten-line SSL warning is one line before ours", async () => {
    const r = await run(['queens', 'count', '8', '--db', 'postgres://x:y@127.0.0.1:1/db?sslmode=require']);
    expect(r.code).toBe(4);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^searchlab: warning: the PostgreSQL client treats sslmode=prefer\/require\/verify-ca as verify-full/);
    expect(lines[1]).toMatch(/^searchlab: database 127\.0\.0\.1:1\/db unreachable/);
  });
});
