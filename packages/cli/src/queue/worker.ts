// `searchlab worker`: claims jobs of any run from the queue, runs each on the local worker pool (the
// engine's TASKS, whatever the domain), records its result keyed by run id + job key and completes
// it (one statement). While jobs are short it holds more than it has threads, queued on the pool
// (one, or about QUEUED_MS of work when jobs take a few ms), so a thread goes from one job to the
// next without waiting for the database. It wakes on the producers' NOTIFY (a slow poll catches
// retried jobs). While it holds jobs it extends their expiry every few seconds; if it dies, the
// expiry lapses and pg-boss hands the job to another worker. A producer that no longer wants a held
// job's result (parallel IDA*: an earlier subtree found the goal) says so on STOP_CHANNEL: the job is
// stopped and removed unrecorded. The first SIGTERM/SIGINT stops
// claiming and finishes what it holds; a second one releases the held jobs to the queue at once.
import { hostname } from 'node:os';
import { DISCARDED, SearchlabError, throttled, type TaskRunner } from '@searchlab/engine';
import { createNodePool } from '@searchlab/engine/node';
import { HEARTBEAT_S, JOBS_CHANNEL, QUEUE, QueueDb, STOP_CHANNEL, type JobData } from './db.js';

/** With nothing to claim, look again this often even without a NOTIFY (retried jobs send none). */
const IDLE_MS = 500;
/**
 * Hold jobs queued on the pool while jobs take (on average) less than this: one, or about QUEUED_MS of
 * them, at most MAX_QUEUED. Not for longer jobs: a job queued here cannot go to another worker that is
 * idle, which at the end of a batch (an iteration of parallel IDA*) costs up to a whole job's time.
 */
const PREFETCH_UNDER_MS = 100;
const QUEUED_MS = 20;
const MAX_QUEUED = 8;
const PROGRESS_MS = 1_000;
/** Log lines are written together at most this often (a write per line costs as much as a short job's bookkeeping). */
const LOG_MS = 50;
/** Heartbeats that may fail in a row before the worker gives up on the database. */
const MISSED_BEATS = 2;
/** Jobs a producer said it does not want, remembered this long (the word may come before the claim). */
const UNWANTED_MS = 60_000;

export interface WorkerOptions {
  jobs: number;
  name?: string;
  log: (line: string) => void;
  /** Aborted once: stop claiming; twice: release. */
  stop: { onStop(cb: (count: number) => void): void };
}

interface Held {
  data: JobData;
  controller: AbortController;
}

export async function serveQueue(url: string, workerOptions: WorkerOptions): Promise<void> {
  const logs = batchedLog(workerOptions.log);
  const options = { ...workerOptions, log: logs.line };
  const name = options.name ?? `${hostname()}:${process.pid}`;
  let fatal: SearchlabError | undefined;
  let stopping = false;
  // One sleeper (the claiming loop); a wake() while it is awake makes its next nap return at once.
  let woken = false;
  let wakeUp: (() => void) | undefined;
  const wake = (): void => {
    woken = true;
    wakeUp?.();
  };
  /** Sleeps until wake() or `ms`. */
  const nap = (ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      const up = (): void => {
        clearTimeout(t);
        wakeUp = undefined;
        woken = false;
        resolve();
      };
      const t = setTimeout(up, woken ? 0 : ms);
      wakeUp = up;
    });
  const held = new Map<string, Held>();
  /** "<run id> <job key>" of jobs whose producer said it does not want them, and when it said so. */
  const unwanted = new Map<string, number>();
  const isUnwanted = (data: JobData): boolean => unwanted.has(`${data.run} ${data.key}`);
  const onStop = (payload: string): void => {
    const [run, ...keys] = payload.split(' ');
    const now = Date.now();
    for (const [k, at] of unwanted) if (now - at > UNWANTED_MS) unwanted.delete(k);
    for (const key of keys) unwanted.set(`${run} ${key}`, now);
    for (const h of held.values()) if (isUnwanted(h.data)) h.controller.abort(DISCARDED);
  };
  const giveUp = (e: SearchlabError): void => {
    fatal ??= e;
    stopping = true;
    for (const h of held.values()) h.controller.abort();
    wake();
  };
  const db = await QueueDb.open(url, { maintain: true, asyncCommit: true, onError: () => undefined });
  const pool: TaskRunner = createNodePool({ size: options.jobs });
  let done = 0;
  let missed = 0;
  /** Jobs on the pool (running or queued there); when the pool last finished one. */
  let computing = 0;
  let freed = 0;
  // The jobs' recent time (a moving average) is one run's jobs of one kind: another run's, or another
  // kind's (parallel IDA*'s tops take a few ms, its subtrees hundreds), start again from "not short",
  // and an idle worker claims one job per thread before it holds more.
  const typicalMs = new Map<string, number>(); // of lastRun's jobs, by "domain/kind"
  let lastRun = '';
  let lastKind = '';
  const queuedJobs = (): number => {
    const ms = typicalMs.get(lastKind) ?? PREFETCH_UNDER_MS;
    return computing === 0 || ms >= PREFETCH_UNDER_MS ? 0 : Math.min(MAX_QUEUED, Math.max(1, Math.ceil(QUEUED_MS / Math.max(ms, 0.1))));
  };
  const beat = setInterval(() => {
    db.heartbeat([...held.keys()]).then(
      () => void (missed = 0),
      (e: SearchlabError) => {
        if (++missed >= MISSED_BEATS) giveUp(e);
      },
    );
  }, HEARTBEAT_S * 1000);
  options.stop.onStop((count) => {
    stopping = true;
    wake();
    if (count === 1) options.log(`stopping: finishing ${held.size} held job(s); signal again to release them`);
    else for (const h of held.values()) h.controller.abort();
  });

  async function handle(id: string, data: JobData, attempt: number): Promise<void> {
    const controller = new AbortController();
    held.set(id, { data, controller });
    if (data.run !== lastRun) {
      typicalMs.clear();
      lastRun = data.run;
    }
    const kind = `${data.task.domain}/${data.task.kind}`;
    lastKind = kind;
    if (isUnwanted(data)) controller.abort(DISCARDED);
    options.log(`claimed ${data.run} ${data.key}${attempt > 0 ? ` (retry ${attempt})` : ''}`);
    const queued = Date.now();
    let outcome: { result?: unknown; error?: { code?: string; message: string } };
    computing++;
    try {
      outcome = {
        result: await pool.run(data.task, {
          signal: controller.signal,
          onProgress: throttled((payload) => void db.setProgress(data.run, data.key, payload).catch(() => undefined), PROGRESS_MS),
        }),
      };
    } catch (e) {
      outcome = { error: { code: e instanceof SearchlabError ? e.code : undefined, message: e instanceof Error ? e.message : String(e) } };
    }
    // Its time on a thread (about: it started when it was queued or when the pool last freed a thread).
    const ms = Date.now() - Math.max(queued, freed);
    freed = Date.now();
    if (data.run === lastRun) typicalMs.set(kind, 0.7 * (typicalMs.get(kind) ?? PREFETCH_UNDER_MS) + 0.3 * ms);
    computing--;
    wake(); // a thread is free: claim its next job while this one is recorded
    try {
      if (controller.signal.reason === DISCARDED) {
        await db.drop(id, data, name, ms);
        options.log(`stopped ${data.run} ${data.key}: its producer does not want it`);
        return;
      }
      if (controller.signal.aborted) {
        // Released (a second signal) or the database is gone: what it computed is not a whole job.
        if (fatal === undefined) await db.boss.fail(QUEUE, id, { message: `released by ${name}` });
        options.log(`released ${data.run} ${data.key}`);
        return;
      }
      await db.finish(id, data, outcome, name, attempt, ms);
      done++;
      options.log(`done ${data.run} ${data.key} in ${ms} ms${outcome.error ? ` (error: ${outcome.error.message})` : ''}; ${done} done`);
    } catch (e) {
      giveUp(e as SearchlabError);
    } finally {
      held.delete(id);
      wake();
    }
  }

  /** Claims jobs while there is room on the pool (its threads, plus the queued ones while jobs are short). */
  async function claim(): Promise<void> {
    while (!stopping) {
      woken = false;
      const room = options.jobs + queuedJobs() - computing;
      // While the pool still has jobs queued, claim when half the queue is free: fewer, larger fetches.
      if (room <= 0 || (computing > options.jobs && room < Math.ceil(queuedJobs() / 2))) {
        await nap(IDLE_MS);
        continue;
      }
      const jobs = await db.boss.fetch<JobData>(QUEUE, { batchSize: room, includeMetadata: true });
      for (const job of jobs) void handle(job.id, job.data, job.retryCount);
      // Nothing (more) to do, or pg-boss swallowed a fetch error (the heartbeat notices a lost database).
      if (jobs.length < room && !stopping) await nap(IDLE_MS);
    }
  }

  options.log(`worker ${name}: serving the queue at ${db.url.hostname}:${db.url.port || 5432} with ${options.jobs} thread(s)`);
  try {
    await db.listen(JOBS_CHANNEL, wake);
    await db.listen(STOP_CHANNEL, onStop);
    await claim();
    while (held.size > 0) await nap(IDLE_MS);
  } finally {
    clearInterval(beat);
    await pool.close();
    await db.close();
    logs.flush();
  }
  if (fatal !== undefined) throw fatal;
  workerOptions.log(`worker ${name}: stopped after ${done} job(s)`);
}

/** `log` for lines that may come hundreds a second: they are written together, LOG_MS after the first. */
function batchedLog(log: (line: string) => void): { line(text: string): void; flush(): void } {
  let lines: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (lines.length > 0) log(lines.join('\n'));
    lines = [];
  };
  return {
    line(text: string): void {
      lines.push(text);
      timer ??= setTimeout(flush, LOG_MS);
    },
    flush,
  };
}
