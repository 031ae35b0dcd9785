// Processes of the built CLI for the queue's tests: an embedded PostgreSQL (`cluster up`), workers
// and producers, with their stderr lines watched; and a SQL client to look into the database.
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { BIN, ROOT } from '../cli/run.js';

export interface Proc {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  /**
   * Resolves with the first stderr/stdout match of `re` (already printed or to come), or fails after
   * `ms`. `from` skips what was printed before: stderr.slice(from) and stdout.slice(from) are searched.
   */
  waitFor(re: RegExp, ms?: number, from?: { stderr: number; stdout: number }): Promise<RegExpMatchArray>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

export function start(args: string[]): Proc {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, SEARCHLAB_DEBUG: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const watchers = new Set<() => void>();
  const p: Proc = {
    child,
    stdout: '',
    stderr: '',
    waitFor(re, ms = 30_000, from = { stderr: 0, stdout: 0 }) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const m = p.stderr.slice(from.stderr).match(re) ?? p.stdout.slice(from.stdout).match(re);
          if (m !== null) {
            watchers.delete(check);
            clearTimeout(t);
            resolve(m);
          }
          return m !== null;
        };
        const t = setTimeout(() => {
          watchers.delete(check);
          reject(new Error(`no ${re} within ${ms} ms; stderr:\n${p.stderr}`));
        }, ms);
        if (!check()) watchers.add(check);
      });
    },
    exited: new Promise((resolve) => child.on('close', (code) => resolve(code))),
  };
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    p.stdout += d;
    for (const w of [...watchers]) w();
  });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    p.stderr += d;
    for (const w of [...watchers]) w();
  });
  return p;
}

/** `searchlab cluster up`: its URL (first line of stdout) once it serves. */
export async function startCluster(): Promise<{ proc: Proc; url: string }> {
  const proc = start(['cluster', 'up']);
  const m = await proc.waitFor(/^(postgres:\/\/\S+)$/m, 60_000);
  return { proc, url: m[1]! };
}

export async function startWorker(url: string, name: string): Promise<Proc> {
  const w = start(['worker', '--db', url, '--jobs', '1', '--name', name]);
  await w.waitFor(/serving the queue/);
  return w;
}

/** SIGTERM, then the exit code. */
export async function stop(p: Proc | undefined): Promise<number | null> {
  if (p === undefined || p.child.exitCode !== null) return p?.child.exitCode ?? null;
  p.child.kill('SIGTERM');
  return p.exited;
}

export async function sql<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The run id a producer announces on stderr. */
export const runIdOf = async (p: Proc): Promise<string> => (await p.waitFor(/run ([0-9a-f]+) \(resume/))[1]!;

/** Resolves once `check()` holds (looked at every 50 ms: a database state has no event to wait on here), or fails after `ms`. */
export async function waitUntil(check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
