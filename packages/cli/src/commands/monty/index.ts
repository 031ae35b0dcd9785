// `searchlab monty`: simulate Monty Hall games (n doors, k opened, three hosts) and print every
// strategy's win rate beside its exact value with a 95% Wilson interval.
import { Option, type Command } from 'commander';
import type { Backend, TaskRunner } from '@searchlab/engine';
import {
  HOSTS,
  STRATEGIES,
  montySpec,
  simulateMonty,
  type Estimate,
  type MontySpec,
  type Host,
  type MontyResult,
  type Strategy,
} from '@searchlab/engine/monty';
import type { Context } from '../../context.js';
import { exitForStatus } from '../../exit.js';
import { int, ms, printJson, table } from '../../format.js';
import { TIMEOUT_FLAGS, TIMEOUT_HELP, decimalArg, durationArg, jobsArg, seedArg } from '../../options.js';
import { commandLimit } from '../../limits.js';
import { track } from '../../progress.js';
import { queueOptions, withRunner, type QueueOpts } from '../../queue/produce.js';

export interface MontyOpts extends QueueOpts {
  trials: number;
  doors: number;
  open: number;
  host: Host;
  bias?: number;
  strategy: Strategy | 'all';
  switchProbability: number;
  seed: number;
  jobs: number;
  /** --timeout, in milliseconds. */
  timeout?: number;
  backend?: Backend;
  json?: boolean;
}

/** Any decimal number ("1e9", "0.25"; not hex, NaN or Infinity): the engine says what is wrong with its value. */
const num = decimalArg;

export function registerMonty(program: Command, ctx: Context, exit: (code: number) => void): void {
  queueOptions(program.command('monty'))
    .description('Monty Hall: simulate stay / switch / random over n doors, k opened, three hosts; exact answers beside the estimates')
    .option('--trials <n>', 'games to simulate (1e9 style accepted)', num, 1_000_000)
    .option('--doors <d>', 'doors (>= 3)', num, 3)
    .option('--open <k>', 'goat doors the host opens (1 .. doors-2)', num, 1)
    .addOption(
      new Option('--host <kind>', 'standard (knows, opens goats), ignorant (opens at random; car reveals are excluded), biased (prefers the lowest door)')
        .choices([...HOSTS])
        .default('standard'),
    )
    .option('--bias <q>', 'biased host: probability of opening the lowest-numbered allowed door (default 0.5)', num)
    .addOption(new Option('--strategy <s>', 'which strategies to report').choices([...STRATEGIES, 'all']).default('all'))
    .option('--switch-probability <p>', 'random strategy: probability of switching', num, 0.5)
    .option('--seed <s>', 'PRNG seed (same seed, same counts, whatever --jobs)', seedArg, 1)
    .option('--jobs <n>', 'worker threads (the chunks are fixed: results do not depend on it)', jobsArg, 1)
    .option(TIMEOUT_FLAGS, `${TIMEOUT_HELP}; the games so far are reported`, durationArg)
    .addOption(new Option('--backend <name>', 'wasm kernel or the ts reference').choices(['wasm', 'ts']))
    .option('--json', 'print one JSON object')
    .action(async (opts: MontyOpts) => exit(await monty(opts, ctx)));
}

/** The flags as the engine's spec: each one named here, so no transport option reaches a task or the queue. */
export const montyOptsSpec = (opts: MontyOpts): MontySpec =>
  montySpec({
    trials: opts.trials,
    doors: opts.doors,
    open: opts.open,
    host: opts.host,
    bias: opts.bias,
    switchProbability: opts.switchProbability,
    seed: opts.seed,
    backend: opts.backend,
  });

/** Simulates in this thread, or on `runner` (the local pool or the queue). */
export function runMonty(
  spec: MontySpec,
  ctx: Context,
  view: { label?: string; quiet?: boolean } = {},
  runner?: TaskRunner,
  timeoutMs?: number,
): Promise<MontyResult> {
  return track(ctx, { label: view.label ?? 'monty', unit: 'games', total: spec.trials, quiet: view.quiet }, (progress) =>
    simulateMonty(spec, { signal: ctx.signal, runner, timeoutMs, onProgress: (g) => progress.update(g) }),
  );
}

const pct = (x: number): string => (Number.isNaN(x) ? '-' : `${(100 * x).toFixed(3)}%`);
const interval = (e: Estimate): string => `[${pct(e.ci95[0])}, ${pct(e.ci95[1])}]`;
const exactText = (e: Estimate): string => (e.exact === null ? '-' : `${e.exact} = ${pct(fractionValue(e.exact))}`);

function fractionValue(text: string): number {
  const [a, b] = text.split('/');
  return Number(a) / Number(b ?? 1);
}

const chosen = (opts: MontyOpts): Strategy[] => (opts.strategy === 'all' ? [...STRATEGIES] : [opts.strategy]);

/** The --json object: the shape first, then the extras (biased conditionals, exclusions). */
export function montyJson(r: MontyResult, strategies: Strategy[], jobs: number): Record<string, unknown> {
  const results: Record<string, unknown> = {};
  for (const s of strategies) {
    const { wins, games, rate, exact, ci95, byOpened } = r.results[s];
    results[s] = { wins, games, rate, exact, ci95, ...(byOpened ? { byOpened } : {}) };
  }
  return {
    trials: r.trials,
    doors: r.doors,
    open: r.open,
    host: r.host,
    seed: r.seed,
    results,
    timeMs: r.timeMs,
    status: r.status,
    played: r.played,
    ...(r.host === 'biased' ? { bias: r.bias } : {}),
    switchProbability: r.switchProbability,
    excluded: r.excluded,
    exactExcluded: r.exactExcluded,
    backend: r.backend,
    jobs,
  };
}

export function montyText(r: MontyResult, strategies: Strategy[]): string {
  const lines: string[] = [];
  const hostText = r.host === 'biased' ? `biased host (q = ${r.bias})` : `${r.host} host`;
  lines.push(`Monty Hall: ${r.doors} doors, host opens ${r.open}, ${hostText}; ${int(r.played)} games, seed ${r.seed}, ${r.backend}`);
  if (r.status !== 'done') lines.push(`stopped (${r.status}) after ${int(r.played)} of ${int(r.trials)} games`);
  const cells = (e: Estimate): string[] => [int(e.wins), int(e.games), pct(e.rate), exactText(e), interval(e)];
  const row = (name: string, e: Estimate): string[] => [name, ...cells(e)];
  const label = (s: Strategy): string => (s === 'random' ? `random (p = ${r.switchProbability})` : s);
  lines.push(
    table(
      ['strategy', 'wins', 'games', 'win rate', 'exact', '95% CI'],
      strategies.map((s) => row(label(s), r.results[s])),
    ),
  );
  if (r.host === 'ignorant') {
    lines.push(`excluded: ${int(r.excluded)} games where the host revealed the car (exact share ${r.exactExcluded}); rates are over the other games`);
  }
  if (r.host === 'biased') {
    lines.push("conditioned on the host's first door: the lowest-numbered door other than your pick, or another one");
    const rows: string[][] = [];
    for (const s of strategies) {
      const b = r.results[s].byOpened!;
      rows.push([label(s), 'lowest', ...cells(b.lowest)], [label(s), 'other', ...cells(b.other)]);
    }
    lines.push(table(['strategy', 'door opened', 'wins', 'games', 'win rate', 'exact', '95% CI'], rows, 2));
  }
  lines.push(`time ${ms(r.timeMs)}`);
  return `${lines.join('\n')}\n`;
}

function monty(opts: MontyOpts, ctx: Context): Promise<number> {
  const limit = commandLimit(ctx, opts.timeout);
  return withRunner(
    ctx,
    'monty',
    opts,
    () => montyOptsSpec(opts),
    async (spec, runner) => {
      const r = await runMonty(spec, ctx, { quiet: opts.json }, runner, limit.remainingMs());
      const strategies = chosen(opts);
      if (opts.json === true) printJson(ctx, montyJson(r, strategies, opts.jobs));
      else ctx.out(montyText(r, strategies));
      return exitForStatus(r.status === 'done' ? 'done' : r.status === 'aborted' ? 'aborted' : 'limit');
    },
  );
}
