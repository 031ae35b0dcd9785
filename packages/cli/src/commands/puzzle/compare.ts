import type { Command } from 'commander';
import {
  HEURISTICS, InvalidInputError, boardToText, compareHeuristics, summarise, type Board, type HeuristicName, type SolveResult,
  type TaskRunner,
} from '@searchlab/engine';
import type { Context } from '../../context.js';
import { EXIT } from '../../exit.js';
import { int, printJson, table } from '../../format.js';
import { readLines } from '../../input.js';
import { intArg, jobsArg, seedArg } from '../../options.js';
import { queueOptions, withRunner, type QueueOpts } from '../../queue/produce.js';
import { track } from '../../progress.js';
import { checkWalkOptions, freshSeed, generateBoards } from './generate-boards.js';
import {
  addBoardOptions, addSearchOptions, readBoard, resolveGoal, solveSettings, standaloneGoal, type BoardOpts, type SearchOpts,
} from './options.js';

interface CompareOpts extends BoardOpts, SearchOpts, QueueOpts {
  file?: string;
  generate?: number;
  walk?: number;
  uniform?: boolean;
  seed?: number;
  heuristics?: string;
}

export function registerCompare(parent: Command, ctx: Context, exit: (code: number) => void): void {
  const cmd = parent.command('compare')
    .description('solve every instance with every heuristic: length, expanded, largest frontier, time');
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
  const names = list.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) throw new InvalidInputError('--heuristics: empty list');
  for (const n of names) {
    if (!(HEURISTICS as readonly string[]).includes(n)) {
      throw new InvalidInputError(`--heuristics: unknown heuristic '${n}' (choose from ${HEURISTICS.join(', ')})`);
    }
  }
  return [...new Set(names)] as HeuristicName[];
}

interface Instance { start: Board; goal: Board; source: string }

async function instances(opts: CompareOpts): Promise<{ list: Instance[]; seed?: number }> {
  const list: Instance[] = [];
  const add = async (start: Board, source: string) => list.push({ start, goal: await resolveGoal(start, opts), source });
  for (const p of (opts.puzzle as string[] | undefined) ?? []) await add(await readBoard(p, opts.size), '-p');
  if (opts.file !== undefined) {
    for (const { line, text } of await readLines(opts.file)) {
      let board: Board;
      try {
        board = await readBoard(text, opts.size);
      } catch (e) {
        if (e instanceof InvalidInputError) throw new InvalidInputError(`${opts.file} line ${line}: ${e.message}`);
        throw e;
      }
      await add(board, `${opts.file}:${line}`);
    }
  }
  let seed: number | undefined;
  checkWalkOptions(opts);
  if (opts.generate !== undefined) {
    seed = opts.seed ?? freshSeed();
    const goal = await standaloneGoal(opts);
    for (const b of generateBoards(goal, { count: opts.generate, walk: opts.walk, seed })) {
      list.push({ start: b, goal, source: 'generated' });
    }
  } else if (opts.walk !== undefined || opts.uniform || opts.seed !== undefined) {
    throw new InvalidInputError('--walk, --uniform and --seed need --generate N');
  }
  if (list.length === 0) throw new InvalidInputError('no instances: give boards with -p, --file or --generate N');
  return { list, seed };
}

function compare(opts: CompareOpts, ctx: Context): Promise<number> {
  // A run in the queue stores its options: fix the seed of generated boards so a resumed run solves the same ones.
  if (opts.db !== undefined && opts.generate !== undefined) opts.seed ??= freshSeed();
  return withRunner(ctx, 'puzzle compare', opts, (o, runner) => compareOn(o, runner, ctx));
}

async function compareOn(opts: CompareOpts, runner: TaskRunner | undefined, ctx: Context): Promise<number> {
  const heuristics = parseHeuristics(opts.heuristics);
  const { list: all0, seed } = await instances(opts);
  let list = all0;
  const variants = heuristics.map((heuristic) => ({ heuristic, countBlank: opts.countBlank === true }));
  const { countBlank: _countBlank, ...settings } = solveSettings(opts);
  const runs = list.length * variants.length;
  let finished = 0;
  let comparison = await track(ctx, { label: 'comparing', unit: 'solves', total: runs, quiet: opts.json }, (progress) =>
    compareHeuristics(list, variants, settings, {
      runner,
      signal: ctx.signal,
      onProgress: (i, v, s) => progress.update(finished, `#${i + 1} ${heuristics[v]}: ${int(s.expanded)} nodes`),
      onResult: () => progress.update(++finished),
    }));
  // Interrupted (Ctrl-C): report the instances every variant finished, then exit 130.
  const interrupted = ctx.signal.aborted;
  if (interrupted) {
    const rows = comparison.results;
    const keep = list.flatMap((_, i) => (variants.every((_v, v) => rows[i]?.[v] !== undefined && rows[i]![v]!.status !== 'aborted') ? [i] : []));
    ctx.err(`searchlab: interrupted: ${keep.length} of ${list.length} instances finished\n`);
    if (keep.length === 0) return EXIT.interrupted;
    list = keep.map((i) => list[i]!);
    comparison = summarise(keep.map((i) => rows[i]!), variants);
  }
  const results: SolveResult[][] = comparison.results;
  const mean = comparison.summary.map((s) => s.meanExpanded);
  const all = results.flat();
  const code = interrupted ? EXIT.interrupted
    : all.some((r) => r.status === 'limit') ? EXIT.limit : all.some((r) => r.status === 'unsolvable') ? EXIT.unsolvable : EXIT.ok;

  if (opts.json) {
    printJson(ctx, {
      algorithm: all[0]?.algorithm,
      backend: all[0]?.backend,
      heuristics,
      seed,
      instances: list.map((inst, i) => ({
        start: boardToText(inst.start),
        goal: boardToText(inst.goal),
        results: Object.fromEntries(heuristics.map((h, j) => {
          const r = results[i]![j]!;
          return [h, { status: r.status, length: r.length, ...r.stats }];
        })),
      })),
      commonSolved: comparison.commonSolved,
      summary: Object.fromEntries(heuristics.map((h, j) => {
        const s = comparison.summary[j]!;
        return [h, { solved: s.solved, meanLength: s.meanLength, meanExpanded: s.meanExpanded }];
      })),
    });
    return code;
  }

  const first = all[0]!;
  const out: string[] = [];
  out.push(`Algorithm ${first.algorithm}, backend ${first.backend}${seed !== undefined ? `, seed ${seed}` : ''}`);
  out.push('Instances:');
  list.forEach((inst, i) => out.push(`  #${i + 1}  ${boardToText(inst.start)}  ->  ${boardToText(inst.goal)}`));
  const lengthCell = (r: SolveResult) =>
    r.status === 'solved' ? String(r.length) : r.status === 'limit' ? 'limit' : r.status;
  const rows: string[][] = [];
  results.forEach((row, i) => {
    const tag = `#${i + 1}`;
    rows.push([tag, 'length', ...row.map(lengthCell)]);
    rows.push(['', 'expanded', ...row.map((r) => int(r.stats.expanded))]);
    rows.push(['', 'largest frontier', ...row.map((r) => int(r.stats.maxFrontier))]);
    rows.push(['', 'time ms', ...row.map((r) => r.stats.timeMs.toFixed(1))]);
  });
  rows.push(['mean', 'expanded', ...mean.map((m) => (m === undefined ? '-' : int(Math.round(m))))]);
  out.push(table(['test', 'metric', ...heuristics.map((h) => (opts.countBlank === true ? `${h} + blank` : h))], rows, 2));
  out.push(`Means over the ${comparison.commonSolved} of ${list.length} instances every heuristic solved.`);
  ctx.out(`${out.join('\n')}\n`);
  return code;
}
