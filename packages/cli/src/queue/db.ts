// The queue's database: one pg pool shared by pg-boss (the job queue) and our own tables (runs, the
// results of every job keyed by run id + job key, progress). Connection failures become one-line
// typed errors: a malformed URL, a wrong password or a missing database is invalid input (exit 2);
// a server that does not answer or goes away is a limit of the environment (exit 4).
import { createHash } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { InvalidInputError, SearchlabError, canonicalJson } from '@searchlab/engine';

/** One pg-boss queue for every run and every domain: the job's data says which run and task. */
export const QUEUE = 'searchlab';
/** A worker holding a job extends its expiry every HEARTBEAT_S; a job not extended for EXPIRE_S is retried elsewhere. */
export const HEARTBEAT_S = 4;
export const EXPIRE_S = 15;
/**
 * NOTIFY channels: new jobs were enqueued (workers wake); job "<run id> <job key>" was recorded (its
 * producer collects it); "<run id> <job key> …": those jobs' results are not wanted (their workers stop them).
 */
export const JOBS_CHANNEL = 'searchlab_jobs';
export const DONE_CHANNEL = 'searchlab_done';
export const STOP_CHANNEL = 'searchlab_stop';
/** A NOTIFY payload must be shorter than 8000 bytes. */
const NOTIFY_BYTES = 7_900;
/** pg-boss looks for expired jobs this often (on whichever process gets the maintenance slot). */
const MAINTENANCE_S = 3;
const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 30_000;

/**
 * pg warns on every connection string with sslmode=prefer|require|verify-ca, in ten lines, before
 * anything of ours: say it once, in one line, and let every other warning through as it was.
 */
let sslWarningFolded = false;
function foldSslModeWarning(): void {
  if (sslWarningFolded) return;
  sslWarningFolded = true;
  const emit = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  let said = false;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (!/SSL modes 'prefer', 'require', and 'verify-ca' are treated as aliases for 'verify-full'/.test(text)) return emit(warning, ...rest);
    if (!said)
      process.stderr.write(
        "searchlab: warning: the PostgreSQL client treats sslmode=prefer/require/verify-ca as verify-full (say sslmode=verify-full, or uselibpqcompat=true&sslmode=require for libpq's meaning)\n",
      );
    said = true;
  }) as typeof process.emitWarning;
}

export function checkDbUrl(url: string): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new InvalidInputError(`--db: not a URL: "${url}" (expected postgres://user:password@host:port/database)`);
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') {
    throw new InvalidInputError(`--db: expected a postgres:// URL, got "${u.protocol}//…"`);
  }
  if (u.hostname === '') throw new InvalidInputError(`--db: no host in "${url}"`);
  return u;
}

/** Where, without the password. */
const where = (u: URL): string => `${u.hostname}:${u.port || 5432}${u.pathname}`;

/** A pg or network error as a typed one-line error (exit 2 or 4). */
export function dbError(e: unknown, u: URL): SearchlabError {
  if (e instanceof SearchlabError) return e;
  const err = e as { code?: string; message?: string };
  const message = (err?.message ?? String(e)).split('\n')[0]!;
  const code = err?.code ?? '';
  // Authentication, unknown database or role, unknown host: the URL is wrong.
  if (['28P01', '28000', '3D000', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) {
    return new InvalidInputError(`--db ${where(u)}: ${message}`);
  }
  const lost = /^(08|57P)/.test(code) || code.startsWith('E') || /terminat|timeout|closed|connect/i.test(message);
  return new SearchlabError('limit', `database ${where(u)}${lost ? ' unreachable or gone' : ''}: ${message || code}`);
}

/**
 * A statement with parameters runs as a named prepared statement (parsed and planned once per
 * connection, not on every job); one without (pg-boss's multi-statement DDL) as plain text.
 */
const names = new Map<string, string>();
function prepared(text: string, values?: unknown[]): string | pg.QueryConfig {
  if (values === undefined || values.length === 0) return text;
  let name = names.get(text);
  if (name === undefined) names.set(text, (name = `searchlab-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
  return { name, text, values };
}

export interface JobData {
  run: string;
  key: string;
  task: { domain: string; kind: string; payload: unknown };
}

export interface ResultRow {
  job_key: string;
  result: unknown;
  error: { code?: string; message: string } | null;
}

/** The database of a producer or a worker: the pool, pg-boss over it, and our tables. */
export class QueueDb {
  private readonly listeners = new Set<pg.PoolClient>();

  private constructor(
    readonly url: URL,
    readonly pool: pg.Pool,
    readonly boss: PgBoss,
    private readonly report: (e: unknown) => void,
  ) {}

  /** Connects (at most CONNECT_TIMEOUT_MS), creates the schema and the queue when missing. */
  static async open(url: string, options: { maintain?: boolean; asyncCommit?: boolean; onError?: (e: SearchlabError) => void } = {}): Promise<QueueDb> {
    const u = checkDbUrl(url);
    foldSslModeWarning();
    const pool = new pg.Pool({
      connectionString: url,
      max: 6,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      // A worker's commits (claims, results with their completions: each one transaction) need not wait
      // for the disk: a server crash may lose the last few, whole, and those jobs are claimed again.
      ...(options.asyncCommit === true ? { options: '-c synchronous_commit=off' } : {}),
      keepAlive: true,
      application_name: 'searchlab',
      idleTimeoutMillis: 0, // connections (and their prepared statements) stay
    });
    const report = (e: unknown): void => options.onError?.(dbError(e, u));
    pool.on('error', report); // an idle client lost its server
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => pool.query(prepared(text, values)) },
      supervise: options.maintain === true,
      maintenanceIntervalSeconds: MAINTENANCE_S,
      schedule: false,
      migrate: true,
    });
    boss.on('error', report);
    const db = new QueueDb(u, pool, boss, report);
    try {
      // Several processes may start against a fresh database at once: one sets it up at a time.
      const lock = await pool.connect();
      try {
        await lock.query("SELECT pg_advisory_lock(hashtext('searchlab.schema'))");
        await boss.start();
        await db.createSchema();
      } finally {
        await lock.query("SELECT pg_advisory_unlock(hashtext('searchlab.schema'))").catch(() => undefined);
        lock.release();
      }
    } catch (e) {
      await db.close();
      throw dbError(e, u);
    }
    return db;
  }

  private async createSchema(): Promise<void> {
    await this.pool.query(`
      CREATE TABLE IF NOT EXISTS searchlab_runs (
        run_id text PRIMARY KEY, command text NOT NULL, spec jsonb NOT NULL,
        jobs int, created_at timestamptz NOT NULL DEFAULT now(), finished_at timestamptz);
      DO $$ BEGIN -- databases made before runs stored a spec
        IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'searchlab_runs' AND column_name = 'options')
        THEN ALTER TABLE searchlab_runs RENAME COLUMN options TO spec; END IF;
      END $$;
      CREATE TABLE IF NOT EXISTS searchlab_results (
        run_id text NOT NULL REFERENCES searchlab_runs ON DELETE CASCADE, job_key text NOT NULL,
        result jsonb, error jsonb, worker text, attempt int NOT NULL DEFAULT 0, completions int NOT NULL DEFAULT 1,
        finished_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (run_id, job_key));
      -- When the job was enqueued and claimed (pg-boss's created_on, started_on), and its time on a
      -- worker thread: with finished_at (recorded), what the queue cost it beside its work.
      ALTER TABLE searchlab_results ADD COLUMN IF NOT EXISTS enqueued_at timestamptz,
        ADD COLUMN IF NOT EXISTS claimed_at timestamptz, ADD COLUMN IF NOT EXISTS thread_ms double precision;
      -- Jobs stopped unrecorded (their producer no longer wanted them): when, where and their time on a
      -- thread, so that what a run's workers spent is all accounted for (work, not the queue's cost).
      CREATE TABLE IF NOT EXISTS searchlab_stopped (
        run_id text NOT NULL REFERENCES searchlab_runs ON DELETE CASCADE, job_key text NOT NULL, worker text,
        enqueued_at timestamptz, claimed_at timestamptz, stopped_at timestamptz NOT NULL DEFAULT now(),
        thread_ms double precision, PRIMARY KEY (run_id, job_key));
      CREATE TABLE IF NOT EXISTS searchlab_progress (
        run_id text NOT NULL, job_key text NOT NULL, payload jsonb, updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (run_id, job_key));`);
    if ((await this.boss.getQueue(QUEUE)) === null) {
      // retryLimit: retries after a worker died (expiry) or released its job; task errors are results, not retries.
      await this.boss.createQueue(QUEUE, { name: QUEUE, retryLimit: 20, retryDelay: 0, expireInSeconds: EXPIRE_S });
    }
  }

  async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]> {
    try {
      return (await this.pool.query<R>(prepared(text, values))).rows;
    } catch (e) {
      throw dbError(e, this.url);
    }
  }

  /**
   * Calls `onNotify(payload)` on each NOTIFY on `channel`, over a connection of its own held until
   * close(). A lost connection is reported like the pool's (onError); callers keep a slow poll anyway.
   */
  async listen(channel: typeof JOBS_CHANNEL | typeof DONE_CHANNEL | typeof STOP_CHANNEL, onNotify: (payload: string) => void): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      throw dbError(e, this.url);
    }
    this.listeners.add(client);
    client.on('error', this.report);
    client.on('notification', (m) => {
      if (m.channel === channel) onNotify(m.payload ?? '');
    });
    try {
      await client.query(`LISTEN ${channel}`);
    } catch (e) {
      throw dbError(e, this.url);
    }
  }

  async close(): Promise<void> {
    for (const client of this.listeners) client.release(true);
    this.listeners.clear();
    await this.boss.stop({ graceful: false, wait: true, close: false }).catch(() => undefined);
    await this.pool.end().catch(() => undefined);
  }

  // --- runs -----------------------------------------------------------------------------------

  /** A run and the spec of its work (the command's canonical spec: never a URL, a path or an output flag). */
  async createRun(runId: string, command: string, spec: unknown): Promise<void> {
    await this.query('INSERT INTO searchlab_runs (run_id, command, spec) VALUES ($1, $2, $3)', [runId, command, canonicalJson(spec)]);
  }

  async getRun(runId: string): Promise<{ command: string; spec: unknown; finished_at: Date | null } | undefined> {
    return (
      await this.query<{ command: string; spec: unknown; finished_at: Date | null }>(
        'SELECT command, spec, finished_at FROM searchlab_runs WHERE run_id = $1',
        [runId],
      )
    )[0];
  }

  async finishRun(runId: string, jobs: number): Promise<void> {
    await this.query('UPDATE searchlab_runs SET finished_at = now(), jobs = $2 WHERE run_id = $1', [runId, jobs]);
  }

  // --- jobs -------------------------------------------------------------------------------------

  /**
   * Enqueues the jobs (idempotent: a job's queue id is derived from run id + job key) and wakes the
   * workers. `first` numbers them in the order given: workers claim a run's jobs in that order (as the
   * local pool runs its tasks), not in the order of their ids.
   */
  async enqueue(jobs: JobData[], first = 0): Promise<void> {
    if (jobs.length === 0) return;
    try {
      await this.boss.insert(jobs.map((data, i) => ({ id: jobUuid(data.run, data.key), name: QUEUE, data, priority: -(first + i) })));
      await this.pool.query(`NOTIFY ${JOBS_CHANNEL}`);
    } catch (e) {
      throw dbError(e, this.url);
    }
  }

  /** The results recorded so far among `keys` (all of the run's when absent). */
  async results(runId: string, keys?: string[]): Promise<ResultRow[]> {
    return keys === undefined
      ? this.query<ResultRow>('SELECT job_key, result, error FROM searchlab_results WHERE run_id = $1', [runId])
      : this.query<ResultRow>('SELECT job_key, result, error FROM searchlab_results WHERE run_id = $1 AND job_key = ANY($2)', [runId, keys]);
  }

  async progress(runId: string, keys: string[]): Promise<{ job_key: string; payload: unknown }[]> {
    return this.query('SELECT job_key, payload FROM searchlab_progress WHERE run_id = $1 AND job_key = ANY($2)', [runId, keys]);
  }

  async setProgress(runId: string, key: string, payload: unknown): Promise<void> {
    await this.query(
      `INSERT INTO searchlab_progress (run_id, job_key, payload) VALUES ($1, $2, $3)
      ON CONFLICT (run_id, job_key) DO UPDATE SET payload = EXCLUDED.payload, updated_at = now()`,
      [runId, key, JSON.stringify(payload)],
    );
  }

  /**
   * Records a finished job and completes it in the queue, in one statement (one round trip, one
   * transaction), and tells the run's producer: "<run id> <job key> [result, error]", or without the
   * result when it is long (NOTIFY takes < 8000 bytes) or not the first. A second completion (a
   * retried job whose first worker lived) only counts itself. The completion is pg-boss 10's own
   * (`complete()`), for one job. `threadMs`: its time on the worker's thread (the work).
   */
  async finish(
    id: string,
    data: JobData,
    outcome: { result?: unknown; error?: ResultRow['error'] },
    worker: string,
    attempt: number,
    threadMs: number,
  ): Promise<void> {
    await this.query(
      `WITH job AS (SELECT created_on, started_on FROM pgboss.job WHERE name = $7 AND id = $8::uuid), recorded AS (
        INSERT INTO searchlab_results (run_id, job_key, result, error, worker, attempt, enqueued_at, claimed_at, thread_ms)
        VALUES ($1, $2, $3, $4, $5, $6, (SELECT created_on FROM job), (SELECT started_on FROM job), $9)
        ON CONFLICT (run_id, job_key) DO UPDATE SET completions = searchlab_results.completions + 1 RETURNING xmax = 0 AS first
      ), completed AS (
        UPDATE pgboss.job SET completed_on = now(), state = 'completed', output = NULL
        WHERE name = $7 AND id = $8::uuid AND state = 'active' RETURNING 1
      ) SELECT pg_notify('${DONE_CHANNEL}', CASE WHEN first AND octet_length(message) < ${NOTIFY_BYTES} THEN message ELSE $1 || ' ' || $2 END)
      FROM recorded, LATERAL (SELECT $1 || ' ' || $2 || ' ' || json_build_array($3::jsonb, $4::jsonb)::text AS message) AS m`,
      [
        data.run,
        data.key,
        JSON.stringify(outcome.result ?? null),
        outcome.error === undefined ? null : JSON.stringify(outcome.error),
        worker,
        attempt,
        QUEUE,
        id,
        threadMs,
      ],
    );
  }

  /**
   * Jobs of a run whose results are not wanted: those no worker claimed yet are deleted; the workers
   * holding the others are told to stop them (STOP_CHANNEL; they drop them unrecorded).
   */
  async discard(runId: string, keys: string[]): Promise<void> {
    const deleted = await this.query<{ key: string }>(
      `DELETE FROM pgboss.job WHERE name = $1 AND id = ANY($2::uuid[]) AND state IN ('created', 'retry') RETURNING data->>'key' AS key`,
      [QUEUE, keys.map((key) => jobUuid(runId, key))],
    );
    const gone = new Set(deleted.map((r) => r.key));
    let payload = runId;
    const notify = async (): Promise<void> => {
      if (payload !== runId) await this.query('SELECT pg_notify($1, $2)', [STOP_CHANNEL, payload]);
      payload = runId;
    };
    for (const key of keys) {
      if (gone.has(key)) continue;
      if (payload.length + key.length + 1 >= NOTIFY_BYTES) await notify();
      payload += ` ${key}`;
    }
    await notify();
  }

  /**
   * Removes a claimed job whose result is not wanted (its worker stopped it): no result is recorded,
   * nothing retried; its times go to `searchlab_stopped` (one statement).
   */
  async drop(id: string, data: JobData, worker: string, threadMs: number): Promise<void> {
    await this.query(
      `WITH gone AS (DELETE FROM pgboss.job WHERE name = $1 AND id = $2::uuid AND state = 'active' RETURNING created_on, started_on)
      INSERT INTO searchlab_stopped (run_id, job_key, worker, enqueued_at, claimed_at, thread_ms)
      SELECT $3, $4, $5, created_on, started_on, $6 FROM gone ON CONFLICT DO NOTHING`,
      [QUEUE, id, data.run, data.key, worker, threadMs],
    );
  }

  /** Pushes the expiry of active jobs forward (pg-boss 10 has no heartbeat of its own; see README). */
  async heartbeat(ids: string[]): Promise<void> {
    if (ids.length === 0) {
      await this.query('SELECT 1');
      return;
    }
    await this.query(
      `UPDATE pgboss.job SET expire_in = (now() - started_on) + make_interval(secs => $3)
      WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`,
      [QUEUE, ids, EXPIRE_S],
    );
  }
}

/** A deterministic UUID for a job: enqueuing the same job of the same run twice inserts it once. */
export function jobUuid(runId: string, key: string): string {
  const h = createHash('sha256').update(`${runId}\0${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
