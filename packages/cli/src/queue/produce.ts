// The producers' one entry point: a command that takes --jobs runs its tasks on the local pool; with
// --db the same tasks go to the queue as one run (its spec stored with it), and --resume RUN_ID
// picks a stopped run up again with its stored spec. The domain's code is the same either way.
import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { InvalidInputError, type TaskRunner } from '@searchlab/engine';
import type { Context } from '../context.js';
import { withPool } from '../pool.js';
import type { ResultRow } from './db.js';

export interface QueueOpts {
  jobs: number;
  db?: string;
  resume?: string;
}

/** Adds --db and --resume to a producer command. */
export function queueOptions(cmd: Command): Command {
  return cmd
    .option('--db <url>', 'run the jobs on the queue in this PostgreSQL database (postgres://…), served by `searchlab worker`s')
    .option('--resume <run>', 'with --db: continue run RUN (its stored spec is used; the work options given now are not)');
}

/**
 * Runs `job` on the spec `makeSpec` builds from the command's input, on the local pool (--jobs), or
 * as one run of the queue (--db) that stores the spec; --resume RUN takes RUN's stored spec instead
 * and enqueues only the jobs with no recorded result. Only the spec goes to the database: the
 * transport options (`opts`) never do.
 */
export async function withRunner<S, T>(
  ctx: Context,
  command: string,
  opts: QueueOpts,
  makeSpec: () => S | Promise<S>,
  job: (spec: S, runner: TaskRunner | undefined) => Promise<T>,
): Promise<T> {
  if (opts.db === undefined) {
    if (opts.resume !== undefined) throw new InvalidInputError('--resume needs --db: runs live in the database');
    return withPool(opts.jobs, async (runner) => job(await makeSpec(), runner)); // the workers start while the spec is made
  }
  const fresh = opts.resume === undefined ? { spec: await makeSpec() } : undefined;
  // Loaded here, not at start-up: the PostgreSQL client is most of the CLI's code and only --db needs it.
  const [{ DONE_CHANNEL, QueueDb }, { QueueRunner }] = await Promise.all([import('./db.js'), import('./runner.js')]);
  // Its commits (the run, each batch of jobs) need not wait for the disk either: a server crash may lose
  // the last few, and --resume enqueues every job with no recorded result again (job ids are derived).
  // Each enqueue is a hop on the path of every iteration of parallel IDA*: ~1 ms less per hop here.
  const db = await QueueDb.open(opts.db, { asyncCommit: true });
  try {
    let runId: string;
    let spec: S;
    if (fresh === undefined) {
      runId = opts.resume!;
      const run = await db.getRun(runId);
      if (run === undefined) throw new InvalidInputError(`--resume: no run "${runId}" in the database`);
      if (run.command !== command) throw new InvalidInputError(`--resume: run "${runId}" is a "${run.command}" run, not "${command}"`);
      spec = run.spec as S;
    } else {
      runId = randomBytes(6).toString('hex');
      spec = fresh.spec;
      await db.createRun(runId, command, spec);
    }
    ctx.err(`searchlab: run ${runId} (resume with --resume ${runId})\n`);
    const recorded = new Map<string, ResultRow>((await db.results(runId)).map((r) => [r.job_key, r]));
    const runner = new QueueRunner(db, runId, recorded);
    await db.listen(DONE_CHANNEL, (payload) => {
      const [run, key, ...rest] = payload.split(' ');
      if (run !== runId || key === undefined) return;
      let row: ResultRow | undefined;
      try {
        const [result, error] = JSON.parse(rest.join(' ')) as [unknown, ResultRow['error']];
        row = { job_key: key, result, error };
      } catch {
        /* no result in it: read it from the table */
      }
      runner.wake(key, row);
    });
    try {
      const result = await job(spec, runner);
      await db.finishRun(runId, runner.total);
      return result;
    } finally {
      if (fresh === undefined) {
        ctx.err(`searchlab: run ${runId}: ${runner.reused} of ${runner.total} jobs were recorded before, ${runner.enqueued} enqueued now\n`);
      }
      await runner.close();
    }
  } finally {
    await db.close();
  }
}
