// Parallel IDA* through the PostgreSQL queue (issue 24): `puzzle solve -p … --db URL` makes every
// subtree a job served by `searchlab worker`s; a killed worker's subtree is retried; a stopped
// producer resumes without redoing the subtrees recorded before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, run } from '../cli/run.js';
import { QueueDb } from '../../packages/cli/src/queue/db.js';
import { sql, start, startCluster, startWorker, stop, waitUntil, type Proc } from './helpers.js';

const KORF_1 = '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3'; // 57 moves, ~5·10^6 nodes with linear conflict
const ARGS = ['puzzle', 'solve', '-p', KORF_1, '--goal', 'blank-first', '--algorithm', 'idastar', '--heuristic', 'linear-conflict', '--json'];
// Through the queue every search is a job, the producer's included (remoteTops): the first threshold
// (a probe), each small iteration the auto split leaves whole, each split one's top and subtrees.

let cluster: Proc | undefined;
let url = '';
const workers: Proc[] = [];
const names: string[] = [];
let sequential: { length: number; moves: string[]; stats: { iterations: number } };

beforeAll(async () => {
  ensureBuilt();
  const c = await startCluster();
  cluster = c.proc;
  url = c.url;
  workers.push(await startWorker(url, 'p1'), await startWorker(url, 'p2'));
  names.push('p1', 'p2');
  const seq = await run(ARGS);
  expect(seq.code).toBe(0);
  sequential = JSON.parse(seq.stdout);
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => stop(w)));
  await stop(cluster);
});

const runIdOf = async (p: Proc): Promise<string> => (await p.waitFor(/run ([0-9a-f]+) \(resume/))[1]!;

describe('parallel IDA* on the queue', () => {
  it('solves one board with its subtrees as jobs: the sequential path, every job recorded once', async () => {
    const producer = start([...ARGS, '--db', url]);
    const runId = await runIdOf(producer);
    expect(await producer.exited, producer.stderr).toBe(0);
    const json = JSON.parse(producer.stdout);
    expect(json.length).toBe(57);
    expect(json.moves).toEqual(sequential.moves);
    expect(json.parallel.foundIn.iteration).toBe(sequential.stats.iterations);
    const count = async (kind: string): Promise<{ jobs: string; most: number; workers: string }> =>
      (
        await sql<{ jobs: string; most: number; workers: string }>(
          url,
          'SELECT count(*) AS jobs, max(completions) AS most, count(DISTINCT worker) AS workers FROM searchlab_results WHERE run_id = $1 AND job_key LIKE $2',
          [runId, `puzzle/${kind}/%`],
        )
      )[0]!;
    const subtrees = await count('subtree');
    const tops = await count('top');
    // Subtree jobs: the probe, one per whole iteration (split depth 0), and the subtrees of the split
    // ones: all of them before the last iteration, and in it those up to the one with the goal,
    // recorded (later ones may have been stopped or dropped unclaimed). A top job per split iteration.
    const iterations = json.parallel.iterations as { splitDepth: number; subtrees: number }[];
    const whole = iterations.filter((it) => it.splitDepth === 0).length;
    expect(whole).toBeGreaterThan(0);
    const splitIterations = iterations.filter((it) => it.splitDepth > 0);
    const split = splitIterations.reduce((a, it) => a + it.subtrees, 0);
    const needed = split - iterations.at(-1)!.subtrees + json.parallel.foundIn.subtree + 1;
    expect(split).toBeGreaterThan(1);
    expect(Number(subtrees.jobs)).toBeGreaterThanOrEqual(1 + whole + needed);
    expect(Number(subtrees.jobs)).toBeLessThanOrEqual(1 + whole + split);
    expect(Number(tops.jobs)).toBe(splitIterations.length);
    expect(subtrees.most).toBe(1);
    expect(tops.most).toBe(1);
    expect(Number(subtrees.workers)).toBe(2);
    // Subtrees after the one that found the goal are not wanted: none is left waiting in the queue.
    const [left] = await sql<{ n: string }>(url, "SELECT count(*) AS n FROM pgboss.job WHERE data->>'run' = $1 AND state = 'created'", [runId]);
    expect(Number(left!.n)).toBe(0);
  }, 120_000);

  it('--jobs N with --db: at most N subtrees in the queue at once (the threads serving it), the same answer', async () => {
    // A fixed split (depth 3) gives iterations more subtrees than N (asserted below): without the cap they would all be enqueued together.
    const producer = start([...ARGS, '--db', url, '--jobs', '2', '--split-depth', '3']);
    const runId = await runIdOf(producer);
    let ended = false;
    const exited = producer.exited.finally(() => void (ended = true));
    let most = 0;
    let samples = 0;
    while (!ended) {
      const [row] = await sql<{ n: string }>(url, "SELECT count(*) AS n FROM pgboss.job WHERE data->>'run' = $1 AND state IN ('created', 'retry', 'active')", [
        runId,
      ]);
      most = Math.max(most, Number(row!.n));
      samples++;
    }
    expect(await exited, producer.stderr).toBe(0);
    const json = JSON.parse(producer.stdout);
    expect(json.moves).toEqual(sequential.moves);
    expect(json.parallel.workers).toBe(2);
    expect(json.parallel.iterations.some((it: { subtrees: number }) => it.subtrees > 2)).toBe(true);
    expect(samples).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  }, 120_000);

  it('a worker killed (SIGKILL) holding a subtree: the subtree is retried, the answer is the same', async () => {
    // The subtrees are short (milliseconds): the other workers are frozen (SIGSTOP) so that the victim
    // works alone, and holds a job at almost any moment. It may be between two: try again, up to 3 runs.
    let retried: { job_key: string; worker: string; attempt: number; completions: number }[] = [];
    for (let attempt = 0; attempt < 3 && retried.length === 0; attempt++) {
      const victim = workers.shift()!;
      const victimName = names.shift()!;
      for (const w of workers) w.child.kill('SIGSTOP');
      const producer = start([...ARGS, '--db', url]);
      const runId = await runIdOf(producer);
      // Once the last iteration (the biggest) is under way: one of its jobs active.
      await producer.waitFor(/iteration 7: threshold/, 60_000);
      await waitUntil(async () => (await sql(url, "SELECT 1 FROM pgboss.job WHERE data->>'run' = $1 AND state = 'active'", [runId])).length > 0);
      victim.child.kill('SIGKILL');
      await victim.exited;
      for (const w of workers) w.child.kill('SIGCONT');
      const name = `p${3 + attempt}`;
      workers.push(await startWorker(url, name));
      names.push(name);
      expect(await producer.exited, producer.stderr).toBe(0);
      expect(JSON.parse(producer.stdout).moves).toEqual(sequential.moves);
      // What the victim held was retried (pg-boss's retry count, after its expiry) and recorded once, by another worker.
      retried = await sql<{ job_key: string; worker: string; attempt: number; completions: number }>(
        url,
        'SELECT job_key, worker, attempt, completions FROM searchlab_results WHERE run_id = $1 AND attempt > 0',
        [runId],
      );
      for (const r of retried) {
        expect(r.worker).not.toBe(victimName);
        expect(r.completions).toBe(1);
      }
    }
    expect(retried.length).toBeGreaterThan(0);
  }, 400_000);

  it('--resume after the producer was killed mid-iteration: no recorded subtree is run again', async () => {
    const producer = start([...ARGS, '--db', url]);
    const runId = await runIdOf(producer);
    // Kill it once an iteration with several subtrees is under way (some of its jobs recorded).
    await producer.waitFor(/iteration \d+: threshold \d+, ([2-9]|\d\d+) subtrees/, 60_000);
    const before = async (): Promise<number> =>
      Number((await sql<{ n: string }>(url, 'SELECT count(*) AS n FROM searchlab_results WHERE run_id = $1', [runId]))[0]!.n);
    const recorded = await before();
    await waitUntil(async () => (await before()) > recorded);
    producer.child.kill('SIGKILL');
    await producer.exited;
    const done = new Set((await sql<{ job_key: string }>(url, 'SELECT job_key FROM searchlab_results WHERE run_id = $1', [runId])).map((r) => r.job_key));
    const logged = workers.map((w) => w.stderr.length);
    const resumed = await run(['puzzle', 'solve', '--db', url, '--resume', runId, '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout).moves).toEqual(sequential.moves);
    // What the workers claimed for this run after the kill: none of the subtrees recorded before it.
    const claimedAfter = workers.flatMap((w, i) => [...w.stderr.slice(logged[i]).matchAll(new RegExp(`claimed ${runId} (\\S+)`, 'g'))].map((m) => m[1]!));
    // None may be claimed at all: the workers can finish every queued subtree between the kill and the
    // resume (then the resumed run only replays records). Whatever was claimed must be new work.
    expect(claimedAfter.filter((k) => done.has(k))).toEqual([]);
    const [, reused, total] = resumed.stderr.match(/(\d+) of (\d+) jobs were recorded before/) ?? [];
    expect(Number(reused)).toBeGreaterThanOrEqual(done.size);
    expect(Number(total)).toBeGreaterThanOrEqual(Number(reused)); // equal when the workers finished every queued job meanwhile
    const [row] = await sql<{ most: number }>(url, 'SELECT max(completions) AS most FROM searchlab_results WHERE run_id = $1', [runId]);
    expect(row!.most).toBe(1);
  }, 180_000);

  it('a held subtree whose result its producer no longer wants is stopped on its worker: no result, no job left, its time logged', async () => {
    // What parallel IDA* does once a subtree finds the goal (QueueRunner: a task aborted with reason
    // DISCARDED), here on one long subtree (Korf's #1 below threshold 55 with Manhattan distance) so
    // that a worker surely holds it when the word comes.
    const db = await QueueDb.open(url);
    try {
      const runId = `stop${Date.now().toString(16)}`;
      const key = 'puzzle/subtree/long/0';
      await db.createRun(runId, 'puzzle solve', {});
      const cells = KORF_1.split(' ').map(Number);
      const payload = {
        start: { width: 4, height: 4, cells },
        goal: { width: 4, height: 4, cells: cells.map((_, i) => i) },
        spec: { algorithm: 'idastar', heuristic: 'manhattan' },
        path: [],
        threshold: 55,
        maxNodes: null,
      };
      const logged = workers.map((w) => ({ stderr: w.stderr.length, stdout: w.stdout.length }));
      await db.enqueue([{ run: runId, key, task: { domain: 'puzzle', kind: 'subtree', payload } }]);
      const holder = await Promise.any(workers.map((w, i) => w.waitFor(new RegExp(`claimed ${runId} `), 60_000, logged[i]).then(() => i)));
      await db.discard(runId, [key]);
      const [, outcome] = (await workers[holder]!.waitFor(new RegExp(`(done|stopped) ${runId} `), 120_000, logged[holder]))!;
      expect(outcome).toBe('stopped');
      expect(await sql(url, 'SELECT 1 FROM searchlab_results WHERE run_id = $1', [runId])).toEqual([]);
      expect(await sql(url, "SELECT 1 FROM pgboss.job WHERE data->>'run' = $1", [runId])).toEqual([]);
      // What it spent is accounted for (the bench's queue costs count it as work, not as the queue's cost).
      const stopped = await sql<{ job_key: string; claimed: boolean; thread_ms: number }>(
        url,
        'SELECT job_key, claimed_at IS NOT NULL AND enqueued_at <= claimed_at AS claimed, thread_ms FROM searchlab_stopped WHERE run_id = $1',
        [runId],
      );
      expect(stopped).toEqual([{ job_key: key, claimed: true, thread_ms: expect.any(Number) }]);
      expect(stopped[0]!.thread_ms).toBeGreaterThanOrEqual(0);
    } finally {
      await db.close();
    }
  }, 300_000);
});
