// `searchlab worker --db URL` (serve the job queue on this machine's worker pool) and
// `searchlab cluster up` (an embedded PostgreSQL to try the queue on one machine).
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { SearchlabError } from '@searchlab/engine';
import type { Context } from '../../context.js';
import { EXIT } from '../../exit.js';
import { intArg, jobsArg } from '../../options.js';
import { checkDbUrl } from '../../queue/db.js';
import { serveQueue } from '../../queue/worker.js';

/** Calls `cb` with 1, 2, … on each SIGTERM or SIGINT (Ctrl-C). */
function onSignals(cb: (count: number) => void): void {
  let count = 0;
  for (const s of ['SIGTERM', 'SIGINT'] as const) {
    process.removeAllListeners(s);
    process.on(s, () => cb(++count));
  }
}

export function registerQueue(program: Command, ctx: Context, exit: (code: number) => void): void {
  program.command('worker')
    .description('serve the job queue in a PostgreSQL database: claim jobs of any run, run them on this machine\'s worker threads')
    .requiredOption('--db <url>', 'postgres://user:password@host:port/database')
    .option('--jobs <n>', 'worker threads (default: the cores)', jobsArg, availableParallelism())
    .option('--name <name>', 'how this worker is named in the results (default host:pid)')
    .action(async (opts: { db: string; jobs: number; name?: string }) => {
      checkDbUrl(opts.db);
      await serveQueue(opts.db, {
        jobs: opts.jobs, name: opts.name, log: (line) => ctx.err(`${line}\n`),
        stop: { onStop: onSignals },
      });
      exit(EXIT.ok);
    });

  program.command('cluster')
    .description('a local PostgreSQL for the job queue')
    .command('up')
    .description('start an embedded PostgreSQL; prints its postgres:// URL on the first line and serves until SIGTERM or Ctrl-C')
    .option('--dir <path>', 'keep the database in this directory (default: a temporary one, removed on exit)')
    .option('--port <n>', 'TCP port (default: a free one)', intArg(1))
    .action(async (opts: { dir?: string; port?: number }) => {
      // Loaded here only: the package hooks the process's exit signals.
      const { startCluster } = await import('../../queue/cluster.js');
      const logs: string[] = [];
      const cluster = await startCluster({ dataDir: opts.dir, port: opts.port, onLog: (l) => void logs.push(l) }).catch((e: unknown) => {
        if (e instanceof SearchlabError) throw e; // e.g. the PostgreSQL package is not installed: one line, exit 2
        throw new Error(`PostgreSQL did not start: ${e instanceof Error ? e.message : String(e)} ${logs.slice(-3).join(' ')}`);
      });
      ctx.out(`${cluster.url}\n`);
      ctx.err(`searchlab: PostgreSQL serving at ${cluster.url} (data in ${cluster.dataDir}); SIGTERM or Ctrl-C stops it\n`);
      await new Promise<void>((resolve) => onSignals(() => resolve()));
      await cluster.stop();
      exit(EXIT.ok);
    });
}
