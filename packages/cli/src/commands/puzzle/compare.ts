// `searchlab puzzle compare`: every instance solved with every heuristic (on the pool or the queue), a table of the counts.
import type { Command } from 'commander';
import { InvalidInputError, type TaskRunner } from '@searchlab/engine';
import {
  HEURISTICS,
  boardToText,
  compareHeuristics,
  runEbf,
  summarise,
  type Board,
  type HeuristicName,
  type PuzzleSpec,
  type SolveResult,
} from '@searchlab/engine/puzzle';
import type { Context } from '../../context.js';
import { EXIT } from '../../exit.js';
import { int, printJson, table } from '../../format.js';
import { readLines } from '../../input.js';
import { intArg, jobsArg, seedArg } from '../../options.js';
import { queueOptions, withRunner, type QueueOpts } from '../../queue/produce.js';
import { commandLimit, type CommandLimit } from '../../limits.js';
import { track } from '../../progress.js';
import { checkWalkOptions, freshSeed, generateBoards } from './generate-boards.js';
import { addBoardOptions, addSearchOptions, readBoard, resolveGoal, solveSettings, standaloneGoal, type BoardOpts, type SearchOpts } from './options.js';

interface CompareOpts extends BoardOpts, SearchOpts, QueueOpts {
  json?: boolean;
  file?: string;
  generate?: number;
  walk?: number;
  uniform?: boolean;
  seed?: number;
  heuristics?: string;
}

export function registerCompare(parent: Command, ctx: Context, exit: (code: number) => void): void {
  const cmd = parent.command('compare').description('solve every instance with every heuristic: length, expanded, largest frontier, time');
  addBoardOptions(cmd, 'many');
  cmd.option('--file <path>', 'more start boards, one per line (# comments; - reads stdin)');
  cmd.option('--generate <n>', 'add N generated boards (with --walk K or --uniform, --seed S)', intArg(1));
  cmd.option('--walk <k>', 'generated boards: a random walk of K moves from the goal', intArg(0));
  cmd.option('--uniform', 'generated boards: uniform over the solvable boards (the default)');
  cmd.option('--seed <s>', 'seed for --generate', seedArg);
  cmd.option('--heuristics <list>', `comma-separated (default: ${HEURISTICS.join(',')})`);
  addSearchOptions(cmd, false);
  cmd.option('--jobs <n>', 'solve on N worker threads at once (1 keeps the times comparable)', jobsArg, 1);
  cmd.option('--json', 'print one JSON object instead of the table');
  queueOptions(cmd);
  cmd.action(async (opts: CompareOpts) => exit(await compare(opts, ctx)));
}

function parseHeuristics(list: string | undefined): HeuristicName[] {
  if (list === undefined) return [...HEURISTICS];
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new InvalidInputError('--heuristics: empty list');
  for (const n of names) {
    if (!(HEURISTICS as readonly string[]).includes(n)) {
      throw new InvalidInputError(`--heuristics: unknown heuristic '${n}' (choose from ${HEURISTICS.join(', ')})`);
    }
  }
  return [...new Set(names)] as HeuristicName[];
}

interface Instance {
  start: Board;
  goal: Board;
}

async function instances(opts: CompareOpts): Promise<{ list: Instance[]; seed?: number }> {
  const list: Instance[] = [];
  const add = async (start: Board) => list.push({ start, goal: await resolveGoal(start, opts) });
  for (const p of (opts.puzzle as string[] | undefined) ?? []) await add(await readBoard(p, opts.size));
  if (opts.file !== undefined) {
    for (const { line, text } of await readLines(opts.file)) {
      let board: Board;
      try {
        board = await readBoard(text, opts.size);
      } catch (e) {
        if (e instanceof InvalidInputError) throw new InvalidInputError(`${opts.file} line ${line}: ${e.message}`);
        throw e;
      }
      await add(board);
    }
  }
  let seed: number | undefined;
  checkWalkOptions(opts);
  if (opts.generate !== undefined) {
    seed = opts.seed ?? freshSeed();
    const goal = await standaloneGoal(opts);
    for (const b of generateBoards(goal, { count: opts.generate, walk: opts.walk, seed })) {
      list.push({ start: b, goal });
    }
  } else if (opts.walk !== undefined || opts.uniform || opts.seed !== undefined) {
    throw new InvalidInputError('--walk, --uniform and --seed need --generate N');
  }
  if (list.length === 0) throw new InvalidInputError('no instances: give boards with -p, --file or --generate N');
  return { list, seed };
}

/**
 * A comparison's spec: the boards themselves (not the file or the walk that made them), the
 * heuristics, and the puzzle spec every solve shares. A queue run stores it, so --resume solves
 * the same boards.
 */
interface CompareSpec {
  instances: Instance[];
  heuristics: HeuristicName[];
  countBlank: boolean;
  spec: PuzzleSpec;
  seed?: number;
}

async function compareSpec(opts: CompareOpts): Promise<CompareSpec> {
  const heuristics = parseHeuristics(opts.heuristics);
  const { countBlank, heuristic: _heuristic, ...spec } = solveSettings(opts);
  const { list, seed } = await instances(opts);
  return { instances: list, heuristics, countBlank: countBlank === true, spec, ...(seed !== undefined && { seed }) };
}

function compare(opts: CompareOpts, ctx: Context): Promise<number> {
  const limit = commandLimit(ctx, opts.timeout);
  return withRunner(
    ctx,
    'puzzle compare',
    opts,
    () => compareSpec(opts),
    (spec, runner) => compareOn(spec, opts.json === true, runner, ctx, limit),
  );
}

/** Each solve keeps the spec's own time limit; the comparison as a whole stops when --timeout (from the command's start) runs out. */
async function compareOn(work: CompareSpec, json: boolean, runner: TaskRunner | undefined, ctx: Context, limit: CommandLimit): Promise<number> {
  const { heuristics, seed, spec: settings } = work;
  let list = work.instances;
  const variants = heuristics.map((heuristic) => ({ heuristic, countBlank: work.countBlank }));
  const runs = list.length * variants.length;
  let finished = 0;
  let comparison = await track(ctx, { label: 'comparing', unit: 'solves', total: runs, quiet: json }, (progress) =>
    compareHeuristics(list, variants, settings, {
      runner,
      signal: ctx.signal,
      timeoutMs: limit.remainingMs(),
      onProgress: (i, v, s) => progress.update(finished, `#${i + 1} ${heuristics[v]}: ${int(s.expanded)} nodes`),
      onResult: () => progress.update(++finished),
    }),
  );
  // Interrupted (Ctrl-C, exit 130) or out of time (--timeout, exit 4): report the instances every variant finished.
  const interrupted = ctx.signal.aborted;
  const timedOut = limit.timedOut();
  if (interrupted || timedOut) {
    const rows = comparison.results;
    const keep = list.flatMap((_, i) => (variants.every((_v, v) => rows[i]?.[v] !== undefined && rows[i]![v]!.status !== 'aborted') ? [i] : []));
    ctx.err(`searchlab: ${interrupted ? 'interrupted' : '--timeout ran out'}: ${keep.length} of ${list.length} instances finished\n`);
    if (keep.length === 0) return interrupted ? EXIT.interrupted : EXIT.limit;
    list = keep.map((i) => list[i]!);
    comparison = summarise(
      keep.map((i) => rows[i]!),
      variants,
    );
  }
  const results: SolveResult[][] = comparison.results;
  const mean = comparison.summary.map((s) => s.meanExpanded);
  const all = results.flat();
  const code = interrupted
    ? EXIT.interrupted
    : timedOut || all.some((r) => r.status === 'limit')
      ? EXIT.limit
      : all.some((r) => r.status === 'unsolvable')
        ? EXIT.unsolvable
        : EXIT.ok;

  if (json) {
    printJson(ctx, {
      algorithm: all[0]?.algorithm,
      backend: all[0]?.backend,
      heuristics,
      seed,
      instances: list.map((inst, i) => ({
        start: boardToText(inst.start),
        goal: boardToText(inst.goal),
        results: Object.fromEntries(
          heuristics.map((h, j) => {
            const r = results[i]![j]!;
            const ebf = runEbf(r);
            return [h, { status: r.status, length: r.length, ...r.stats, ebf: ebf === undefined ? undefined : Math.round(ebf * 100) / 100 }];
          }),
        ),
      })),
      commonSolved: comparison.commonSolved,
      summary: Object.fromEntries(
        heuristics.map((h, j) => {
          const s = comparison.summary[j]!;
          return [
            h,
            {
              solved: s.solved,
              meanLength: s.meanLength,
              meanExpanded: s.meanExpanded,
              meanEbf: s.meanEbf === undefined ? undefined : Math.round(s.meanEbf * 100) / 100,
            },
          ];
        }),
      ),
    });
    return code;
  }

  const first = all[0]!;
  const out: string[] = [];
  out.push(`Algorithm ${first.algorithm}, backend ${first.backend}${seed !== undefined ? `, seed ${seed}` : ''}`);
  out.push('Instances:');
  list.forEach((inst, i) => out.push(`  #${i + 1}  ${boardToText(inst.start)}  ->  ${boardToText(inst.goal)}`));
  const lengthCell = (r: SolveResult) => (r.status === 'solved' ? String(r.length) : r.status === 'limit' ? 'limit' : r.status);
  const rows: string[][] = [];
  results.forEach((row, i) => {
    const tag = `#${i + 1}`;
    rows.push([tag, 'length', ...row.map(lengthCell)]);
    rows.push(['', 'expanded', ...row.map((r) => int(r.stats.expanded))]);
    rows.push(['', 'generated', ...row.map((r) => int(r.stats.generated))]);
    rows.push(['', 'b*', ...row.map(ebfCell)]);
    rows.push(['', 'largest frontier', ...row.map((r) => int(r.stats.maxFrontier))]);
    rows.push(['', 'time ms', ...row.map((r) => r.stats.timeMs.toFixed(1))]);
  });
  rows.push(['mean', 'expanded', ...mean.map((m) => (m === undefined ? '-' : int(Math.round(m))))]);
  rows.push(['mean', 'b*', ...comparison.summary.map((s) => (s.meanEbf === undefined ? '-' : s.meanEbf.toFixed(2)))]);
  out.push(table(['test', 'metric', ...heuristics.map((h) => (work.countBlank ? `${h} + blank` : h))], rows, 2));
  out.push(
    `Means over the ${comparison.commonSolved} of ${list.length} instances every heuristic solved. b*: the effective branching factor, N + 1 = 1 + b* + … + b*^d (N generated, d the solution length).`,
  );
  ctx.out(`${out.join('\n')}\n`);
  return code;
}

const ebfCell = (r: SolveResult): string => {
  const b = runEbf(r);
  return b === undefined ? '-' : b.toFixed(2);
};
