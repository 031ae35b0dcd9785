// `searchlab worker`: claims jobs of any run from the queue, runs each on the local worker pool (the
// engine's TASKS, whatever the domain), records its result keyed by run id + job key, and completes
// it. While it holds jobs it extends their expiry every few seconds; if it dies, the expiry lapses and
// pg-boss hands the job to another worker. The first SIGTERM/SIGINT stops claiming and finishes what
// it holds; a second one releases the held jobs to the queue at once.
import { hostname } from 'node:os';
import { SearchlabError, throttled, type TaskRunner } from '@searchlab/engine';
import { createNodePool } from '@searchlab/engine/node';
import { HEARTBEAT_S, QUEUE, QueueDb, type JobData } from './db.js';

const IDLE_MS = 50; // an idle slot asks again this soon: jobs start within ~50 ms of being queued
const PROGRESS_MS = 1_000;
/** Heartbeats that may fail in a row before the worker gives up on the database. */
const MISSED_BEATS = 2;

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

export async function serveQueue(url: string, options: WorkerOptions): Promise<void> {
  const name = options.name ?? `${hostname()}:${process.pid}`;
  let fatal: SearchlabError | undefined;
  let stopping = false;
  const sleepers = new Set<() => void>();
  const wake = (): void => { for (const w of sleepers) w(); };
  const held = new Map<string, Held>();
  const giveUp = (e: SearchlabError): void => {
    fatal ??= e;
    stopping = true;
    for (const h of held.values()) h.controller.abort();
    wake();
  };
  const db = await QueueDb.open(url, { maintain: true, onError: () => undefined });
  const pool: TaskRunner = createNodePool({ size: options.jobs });
  let done = 0;
  let missed = 0;
  const beat = setInterval(() => {
    db.heartbeat([...held.keys()]).then(() => void (missed = 0), (e: SearchlabError) => { if (++missed >= MISSED_BEATS) giveUp(e); });
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
    options.log(`claimed ${data.run} ${data.key}${attempt > 0 ? ` (retry ${attempt})` : ''}`);
    const started = Date.now();
    let outcome: { result?: unknown; error?: { code?: string; message: string } };
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
    try {
      if (controller.signal.aborted) {
        // Released (a second signal) or the database is gone: what it computed is not a whole job.
        if (fatal === undefined) await db.boss.fail(QUEUE, id, { message: `released by ${name}` });
        options.log(`released ${data.run} ${data.key}`);
        return;
      }
      await db.record(data, outcome, name, attempt);
      await db.boss.complete(QUEUE, id);
      done++;
      options.log(`done ${data.run} ${data.key} in ${Date.now() - started} ms${outcome.error ? ` (error: ${outcome.error.message})` : ''}; ${done} done`);
    } catch (e) {
      giveUp(e as SearchlabError);
    } finally {
      held.delete(id);
    }
  }

  async function slot(): Promise<void> {
    while (!stopping) {
      const [job] = await db.boss.fetch<JobData>(QUEUE, { batchSize: 1, includeMetadata: true });
      if (job !== undefined) {
        await handle(job.id, job.data, job.retryCount);
        continue;
      }
      // Nothing to do (or pg-boss swallowed a fetch error: the heartbeat notices a lost database).
      await new Promise<void>((resolve) => {
        const done = (): void => { clearTimeout(t); sleepers.delete(done); resolve(); };
        const t = setTimeout(done, IDLE_MS);
        sleepers.add(done);
      });
    }
  }

  options.log(`worker ${name}: serving the queue at ${db.url.hostname}:${db.url.port || 5432} with ${options.jobs} thread(s)`);
  try {
    await Promise.all(Array.from({ length: options.jobs }, () => slot()));
  } finally {
    clearInterval(beat);
    await pool.close();
    await db.close();
  }
  if (fatal !== undefined) throw fatal;
  options.log(`worker ${name}: stopped after ${done} job(s)`);
}
