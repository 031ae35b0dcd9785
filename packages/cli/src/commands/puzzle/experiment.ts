// `searchlab puzzle experiment`: Russell & Norvig's table of search costs and effective branching
// factors by solution depth. The engine runs it (runExperiment); this file maps options and prints.
import type { Command } from 'commander';
import { InvalidInputError } from '@searchlab/engine';
import {
  ALGORITHMS,
  DEFAULT_EXPERIMENT_CAP,
  HEURISTICS,
  boardToText,
  columnName,
  experimentColumns,
  parseDepths,
  runExperiment,
  type Algorithm,
  type ExperimentResult,
  type HeuristicName,
} from '@searchlab/engine/puzzle';
import type { Context } from '../../context.js';
import { EXIT } from '../../exit.js';
import { int, printJson, table } from '../../format.js';
import { TIMEOUT_FLAGS, TIMEOUT_HELP, durationArg, intArg, jobsArg, seedArg } from '../../options.js';
import { commandLimit } from '../../limits.js';
import { withPool } from '../../pool.js';
import { track } from '../../progress.js';
import { renderSvg, writeAtomic } from '../fit/plot.js';
import { freshSeed } from './generate-boards.js';
import { addBoardOptions, standaloneGoal, type BoardOpts } from './options.js';

interface ExperimentOpts extends BoardOpts {
  depths: string;
  perDepth: number;
  algorithms: string;
  heuristics: string;
  seed?: number;
  cap: number;
  jobs: number;
  /** --timeout, in milliseconds. */
  timeout?: number;
  json?: boolean;
  plot?: string;
}

export function registerExperiment(parent: Command, ctx: Context, exit: (code: number) => void): void {
  const cmd = parent
    .command('experiment')
    .description("Russell & Norvig's table: mean nodes generated and effective branching factor b* per solution depth d, per algorithm and heuristic");
  addBoardOptions(cmd, 'none');
  cmd.option('--depths <list>', 'solution depths: A-B:STEP ranges and numbers, comma-separated', '2-24:2');
  cmd.option('--per-depth <n>', 'boards per depth', intArg(1), 100);
  cmd.option('--algorithms <list>', 'comma-separated (bfs, iddfs, ucs, astar, idastar, greedy, wastar)', 'iddfs,astar');
  cmd.option('--heuristics <list>', 'heuristics of the informed algorithms, comma-separated', 'misplaced,manhattan');
  cmd.option('--seed <s>', 'seed of the boards (random when omitted; printed)', seedArg);
  cmd.option('--cap <n>', 'node limit of each run (expanded); a depth with a run past it shows "–"', intArg(1), DEFAULT_EXPERIMENT_CAP);
  cmd.option('--jobs <n>', 'run on N worker threads at once', jobsArg, 1);
  cmd.option(TIMEOUT_FLAGS, `${TIMEOUT_HELP}; the table of the runs that finished is printed`, durationArg);
  cmd.option('--json', 'print one JSON object instead of the table');
  cmd.option('--plot <out.svg>', 'write mean nodes generated against depth (log scale) as SVG');
  cmd.action(async (opts: ExperimentOpts) => exit(await experiment(opts, ctx)));
}

function parseList<T extends string>(option: string, text: string, allowed: readonly T[]): T[] {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new InvalidInputError(`${option}: empty list`);
  for (const n of names)
    if (!(allowed as readonly string[]).includes(n)) throw new InvalidInputError(`${option}: unknown '${n}' (choose from ${allowed.join(', ')})`);
  return [...new Set(names)] as T[];
}

async function experiment(opts: ExperimentOpts, ctx: Context): Promise<number> {
  const depths = parseDepths(opts.depths);
  const columns = experimentColumns(
    parseList('--algorithms', opts.algorithms, ALGORITHMS as readonly Algorithm[]),
    parseList('--heuristics', opts.heuristics, HEURISTICS as readonly HeuristicName[]),
  );
  const goal = await standaloneGoal(opts);
  const seed = opts.seed ?? freshSeed();
  const limit = commandLimit(ctx, opts.timeout);
  const runs = depths.length * opts.perDepth * columns.length;
  const result = await withPool(opts.jobs, (runner) =>
    track(ctx, { label: 'experiment', unit: 'runs', total: runs, quiet: opts.json }, (progress) =>
      runExperiment(
        { goal, depths, perDepth: opts.perDepth, columns, seed, cap: opts.cap },
        { runner, signal: limit.signal, onProgress: (done) => progress.update(done) },
      ),
    ),
  );
  if (opts.plot !== undefined) {
    const { experimentChart } = await import('@searchlab/engine/puzzle/charts'); // Plot is loaded only for --plot
    await writeAtomic(
      opts.plot,
      await renderSvg((document) => experimentChart(result, { document, title: `${result.perDepth} boards per depth, seed ${seed}` }) as Element),
    );
  }
  if (opts.json) printJson(ctx, experimentJson(result));
  else ctx.out(`${experimentText(result)}\n${opts.plot !== undefined ? `Chart written to ${opts.plot}\n` : ''}`);
  if (!result.complete) {
    const timedOut = limit.timedOut();
    ctx.err(`searchlab: ${timedOut ? '--timeout ran out' : 'interrupted'}: the table holds the runs that finished\n`);
    return timedOut ? EXIT.limit : EXIT.interrupted;
  }
  return EXIT.ok;
}

function experimentJson(r: ExperimentResult): Record<string, unknown> {
  return {
    goal: boardToText(r.goal),
    method: r.method,
    perDepth: r.perDepth,
    seed: r.seed,
    cap: r.cap,
    complete: r.complete,
    columns: r.columns.map(columnName),
    rows: r.depths.map((d, di) => ({
      depth: d,
      cells: Object.fromEntries(
        r.columns.map((c, ci) => {
          const cell = r.cells[di]![ci]!;
          return [columnName(c), { ...cell, ebf: cell.ebf === undefined ? undefined : Math.round(cell.ebf * 100) / 100 }];
        }),
      ),
    })),
  };
}

/** The book's layout: d, then search cost per column, then b* per column; "–" where a run passed the cap. */
export function experimentText(r: ExperimentResult): string {
  const names = r.columns.map(columnName);
  const rows = r.depths.map((d, di) => {
    const cells = r.cells[di]!;
    const partial = (c: (typeof cells)[number]): string => (c.runs < r.perDepth && c.capped === 0 ? `${c.runs}/${r.perDepth} runs` : '–');
    return [
      String(d),
      ...cells.map((c) => (c.meanGenerated === undefined ? partial(c) : int(Math.round(c.meanGenerated)))),
      ...cells.map((c) => (c.ebf === undefined ? '–' : c.ebf.toFixed(2))),
    ];
  });
  const how = r.method === 'uniform' ? 'uniform over all boards at that optimal depth' : 'random walks kept when an optimal solve says d (not uniform)';
  return [
    `Search cost (mean nodes generated) and effective branching factor b*, ${r.perDepth} boards per depth (${how}), seed ${r.seed}`,
    `Goal ${boardToText(r.goal)}; "–": a run passed the cap of ${int(r.cap)} expanded nodes`,
    table(['d', ...names, ...names.map((n) => `${n} b*`)], rows),
  ].join('\n');
}
