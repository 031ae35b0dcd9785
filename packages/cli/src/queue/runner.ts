// The producer's side: a TaskRunner whose tasks run as jobs of one run in the queue. A domain's own
// work (simulateMonty, the queens count, batch solving …, all through runTasks) gets it in place of
// the local pool and splits its work the same way; each task becomes a job keyed by the hash of its
// canonical JSON (and its occurrence), so a resumed producer that splits the same work finds the
// results already recorded and enqueues only what is missing — nothing is counted twice.
import { createHash } from 'node:crypto';
import { DISCARDED, SearchlabError, canonicalJson, type Task, type TaskOptions, type TaskRunner } from '@searchlab/engine';
import type { JobData, QueueDb, ResultRow } from './db.js';

/** How many jobs a producer expects the queue to run at once unless told (`puzzle solve -p … --db --jobs N`): its workers' threads are not known here. */
export const QUEUE_WIDTH = 16;
/** Workers NOTIFY as each job is recorded; without one, look anyway this often (progress, a lost listener, a lost database). */
const POLL_MS = 250;

interface Waiting {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  options: TaskOptions;
  lastProgress?: string;
}

export class QueueRunner implements TaskRunner {
  readonly width = QUEUE_WIDTH;
  private readonly seen = new Map<string, number>();
  private readonly waiting = new Map<string, Waiting>();
  private readonly watched = new WeakSet<AbortSignal>();
  private toSend: JobData[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** When the timer fires (performance.now()). */
  private due = Infinity;
  private polling = false;
  /** Jobs of this run that workers announced (NOTIFY) since the last look; when every waiting job was last looked at. */
  private readonly announced = new Set<string>();
  private lastFull = 0;
  private failure: unknown;
  /** Jobs known to this run (enqueued now or done before), those done, those found recorded before (or before this run sent them), those enqueued now. */
  total = 0;
  done = 0;
  reused = 0;
  enqueued = 0;

  constructor(
    private readonly db: QueueDb,
    readonly runId: string,
    private readonly recorded: Map<string, ResultRow>,
    private readonly onJob: (done: number, total: number) => void = () => undefined,
  ) {}

  run<R>(task: Task, options: TaskOptions = {}): Promise<R> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const content = createHash('sha256')
      .update(canonicalJson([task.domain, task.kind, task.payload]))
      .digest('hex')
      .slice(0, 24);
    const n = this.seen.get(content) ?? 0;
    this.seen.set(content, n + 1);
    const key = `${task.domain}/${task.kind}/${content}/${n}`;
    this.total++;
    const before = this.recorded.get(key);
    if (before !== undefined) {
      this.reused++;
      this.done++;
      this.onJob(this.done, this.total);
      return settle(before) as Promise<R>;
    }
    const { signal } = options;
    if (signal?.aborted === true) return Promise.reject(aborted());
    return new Promise<R>((resolve, reject) => {
      this.waiting.set(key, { resolve: resolve as (v: unknown) => void, reject, options });
      if (signal !== undefined) this.watch(signal);
      this.toSend.push({ run: this.runId, key, task: { domain: task.domain, kind: task.kind, payload: task.payload } });
      this.schedule(0);
    });
  }

  /**
   * Ctrl-C stops waiting (one listener per signal); the jobs stay in the queue for a --resume. A job
   * whose result is not wanted at all (aborted with reason DISCARDED) is dropped unless a worker holds it.
   */
  private watch(signal: AbortSignal): void {
    if (this.watched.has(signal)) return;
    this.watched.add(signal);
    signal.addEventListener(
      'abort',
      () => {
        const dropped: string[] = [];
        for (const [key, w] of this.waiting) {
          if (w.options.signal !== signal) continue;
          this.waiting.delete(key);
          if (signal.reason === DISCARDED) dropped.push(key);
          w.reject(aborted());
        }
        if (dropped.length === 0) return;
        this.toSend = this.toSend.filter((job) => !dropped.includes(job.key));
        this.db.discard(this.runId, dropped).catch((e: unknown) => this.fail(e));
      },
      { once: true },
    );
  }

  /**
   * Looks in `ms`, or sooner if a look is due sooner: a job sent while the slow poll's timer runs goes
   * out now, not when that timer fires (it cost every iteration of parallel IDA* up to POLL_MS).
   */
  private schedule(ms: number): void {
    if (this.failure !== undefined) return;
    const at = performance.now() + ms;
    if (this.timer !== undefined) {
      if (this.due <= at) return;
      clearTimeout(this.timer);
    }
    this.due = at;
    this.timer = setTimeout(() => void this.poll(), ms);
  }

  /** A worker recorded job `key` of this run (and said what it recorded): collect it now. */
  wake(key: string, row?: ResultRow): void {
    if (row !== undefined) {
      this.collect(row);
      return;
    }
    this.announced.add(key);
    if (this.polling) return; // the poll under way looks again when it ends
    this.schedule(0);
  }

  /**
   * Sends what is new, then collects the announced jobs; every POLL_MS, every waiting job (a missed
   * NOTIFY) and the progress of the running ones. Again while anything waits.
   */
  private async poll(): Promise<void> {
    this.timer = undefined;
    this.due = Infinity;
    if (this.polling) return;
    this.polling = true;
    try {
      const send = this.toSend;
      this.toSend = [];
      await this.db.enqueue(send, this.enqueued);
      this.enqueued += send.length;
      const full = performance.now() - this.lastFull >= POLL_MS;
      if (full) this.lastFull = performance.now();
      const keys = full ? [...this.waiting.keys()] : [...this.announced].filter((k) => this.waiting.has(k));
      this.announced.clear();
      if (keys.length > 0) {
        for (const row of await this.db.results(this.runId, keys)) this.collect(row);
      }
      if (full) await this.relayProgress();
    } catch (e) {
      this.fail(e);
    } finally {
      this.polling = false;
    }
    if (this.waiting.size > 0 || this.toSend.length > 0) this.schedule(this.announced.size > 0 || this.toSend.length > 0 ? 0 : POLL_MS);
  }

  private collect(row: ResultRow): void {
    const w = this.waiting.get(row.job_key);
    if (w === undefined) return;
    this.waiting.delete(row.job_key);
    // Not sent yet, and recorded already: a job the interrupted run had enqueued, which a worker
    // finished after this resume read the recorded results. It is not enqueued again.
    const unsent = this.toSend.findIndex((job) => job.key === row.job_key);
    if (unsent >= 0) {
      this.toSend.splice(unsent, 1);
      this.reused++;
    }
    this.done++;
    this.onJob(this.done, this.total);
    settle(row).then(w.resolve, w.reject);
  }

  private async relayProgress(): Promise<void> {
    const listening = [...this.waiting].filter(([, w]) => w.options.onProgress !== undefined).map(([k]) => k);
    if (listening.length === 0) return;
    for (const { job_key, payload } of await this.db.progress(this.runId, listening)) {
      const w = this.waiting.get(job_key);
      const text = JSON.stringify(payload);
      if (w === undefined || w.lastProgress === text) continue;
      w.lastProgress = text;
      w.options.onProgress?.(payload);
    }
  }

  private fail(e: unknown): void {
    this.failure ??= e;
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.fail(new SearchlabError('aborted', 'the queue runner was closed'));
  }
}

const aborted = (): SearchlabError => new SearchlabError('aborted', 'aborted');

/** A recorded job as the pool would have answered: its result, or its (typed) error. */
function settle(row: ResultRow): Promise<unknown> {
  if (row.error === null) return Promise.resolve(row.result);
  const { code, message } = row.error;
  return Promise.reject(code !== undefined ? new SearchlabError(code as SearchlabError['code'], message) : new Error(message));
}
