// The producers' one entry point: a command that takes --jobs runs its tasks on the local pool; with
// --db the same tasks go to the queue as one run (its options stored with it), and --resume RUN_ID
// picks a stopped run up again with its stored options. The domain's code is the same either way.
import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { InvalidInputError, type TaskRunner } from '@searchlab/engine';
import type { Context } from '../context.js';
import { withPool } from '../pool.js';
import { DONE_CHANNEL, QueueDb, type ResultRow } from './db.js';
import { QueueRunner } from './runner.js';

export interface QueueOpts {
  jobs: number;
  db?: string;
  resume?: string;
  json?: boolean;
}

/** Adds --db and --resume to a producer command. */
export function queueOptions(cmd: Command): Command {
  return cmd
    .option('--db <url>', 'run the jobs on the queue in this PostgreSQL database (postgres://…), served by `searchlab worker`s')
    .option('--resume <run>', 'with --db: continue run RUN (its stored options are used)');
}

/** The options a run is stored with: what defines the work, not where it runs or how it prints. */
function workOptions<O extends QueueOpts>(opts: O): Partial<O> {
  const { db: _db, resume: _resume, json: _json, ...rest } = opts;
  return rest as Partial<O>;
}

export async function withRunner<O extends QueueOpts, T>(
  ctx: Context, command: string, opts: O, job: (opts: O, runner: TaskRunner | undefined) => Promise<T>,
): Promise<T> {
  if (opts.db === undefined) {
    if (opts.resume !== undefined) throw new InvalidInputError('--resume needs --db: runs live in the database');
    return withPool(opts.jobs, (runner) => job(opts, runner));
  }
  const db = await QueueDb.open(opts.db);
  try {
    let runId: string;
    let work = opts;
    if (opts.resume !== undefined) {
      runId = opts.resume;
      const run = await db.getRun(runId);
      if (run === undefined) throw new InvalidInputError(`--resume: no run "${runId}" in the database`);
      if (run.command !== command) throw new InvalidInputError(`--resume: run "${runId}" is a "${run.command}" run, not "${command}"`);
      work = { ...opts, ...run.options } as O;
    } else {
      runId = randomBytes(6).toString('hex');
      await db.createRun(runId, command, workOptions(opts));
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
      } catch { /* no result in it: read it from the table */ }
      runner.wake(key, row);
    });
    try {
      const result = await job(work, runner);
      await db.finishRun(runId, runner.total);
      return result;
    } finally {
      await runner.close();
    }
  } finally {
    await db.close();
  }
}
