// `searchlab puzzle solve`: one board (moves, statistics, trace, anytime improvements) or a file of boards (--file: batch.ts).
import type { Command } from 'commander';
import { InvalidInputError, type TaskRunner } from '@searchlab/engine';
import { useSharedPdbs } from '@searchlab/engine/node';
import { boardToText, checkSolvable, normalizeOptions, renderBoard, type Board, type Improvement, type PuzzleSpec } from '@searchlab/engine/puzzle';
import type { Context } from '../../context.js';
import { exitForStatus } from '../../exit.js';
import { indentBlock, int, why, movesLines, printJson, solveJson, statsLines, traceLines } from '../../format.js';
import { addBoardOptions, addSearchOptions, resolvePair, solveSettings, type BoardOpts, type SearchOpts } from './options.js';
import { solveParallelTracked, solveTracked } from './solving.js';
import { intArg, jobsArg } from '../../options.js';
import { withPool } from '../../pool.js';
import { batchSpec, solveBatch } from './batch.js';
import { preparePdb } from './pdb.js';
import { queueOptions, withRunner, type QueueOpts } from '../../queue/produce.js';
import { commandLimit, type CommandLimit } from '../../limits.js';

interface SolveOpts extends BoardOpts, SearchOpts, QueueOpts {
  json?: boolean;
  trace?: boolean;
  file?: string;
  full?: boolean;
  splitDepth?: number;
}

/** One board through the queue: the run's spec (the boards and the resolved puzzle spec). */
interface OneBoardSpec {
  start: Board;
  goal: Board;
  spec: PuzzleSpec;
}

/** Through the queue a subtree job costs a few database round trips: keep each one at ~0.2 s of search or more. */
const QUEUE_SUBTREE_NODES = 2 ** 22;

const boundText = (b: number): string => (Number.isFinite(b) ? `${+b.toFixed(4)}` : '∞');
/** Text output: boards past this side and move lists past this length are summarised unless --full. */
const PRINT_SIDE = 32;
const PRINT_MOVES = 1000;

export function registerSolve(parent: Command, ctx: Context, exit: (code: number) => void): void {
  const cmd = parent.command('solve').description('solve a sliding-tile puzzle and print the moves and search statistics');
  addBoardOptions(cmd, 'one');
  addSearchOptions(cmd, true);
  cmd.option('--trace', 'print every state on the path with g, h and f');
  cmd.option('--json', 'print one JSON object instead of text');
  cmd.option('--full', `text output: print boards larger than ${PRINT_SIDE}×${PRINT_SIDE} and move lists longer than ${PRINT_MOVES} moves in full`);
  cmd.option('--file <path>', 'solve every board of a file (one per line, # comments, optional id<TAB>board): one JSON line per instance as it finishes');
  cmd.option(
    '--jobs <n>',
    'with --file: solve on N worker threads at once; with one board (idastar): parallel IDA*, each iteration split into subtrees searched on N worker threads (with --db: the threads serving the queue, default 16: subtrees kept in the queue at once)',
    jobsArg,
    1,
  );
  cmd.option('--split-depth <d>', 'parallel IDA*: split each iteration at least D moves deep (default: deep enough for 8 subtrees per worker)', intArg(0));
  queueOptions(cmd); // --file: the instances become jobs on a PostgreSQL queue; one board: the subtrees of parallel IDA*
  cmd.action(async (opts: SolveOpts) => exit(await solve(opts, ctx)));
}

async function solve(opts: SolveOpts, ctx: Context): Promise<number> {
  // The pattern databases this thread loads go into the memory the pool's workers share, so that its
  // copy is theirs too (pdb contract, "Shared by the worker threads"); the pool starts first, so
  // that its workers' start-up overlaps the load.
  if (opts.jobs > 1 && opts.db === undefined) useSharedPdbs();
  if (opts.file !== undefined) {
    if (opts.puzzle !== undefined) throw new InvalidInputError('give either -p/--puzzle or --file, not both');
    const file = opts.file;
    const limit = commandLimit(ctx, opts.timeout);
    return withRunner(
      ctx,
      'puzzle solve',
      opts,
      () => batchSpec(file, opts, solveSettings(opts), ctx, limit),
      (batch, runner) => solveBatch(batch, runner, opts.jobs, ctx, limit, file),
    );
  }
  const limit = commandLimit(ctx, opts.timeout);
  const queued = opts.db !== undefined || opts.resume !== undefined;
  const makeSpec = async (): Promise<OneBoardSpec> => {
    const { start, goal } = await resolvePair(opts);
    return { start, goal, spec: await preparePdb(ctx, goal, solveSettings(opts), limit, opts.json, queued) };
  };
  // One board on the queue: parallel IDA*, every subtree a job (a resumed run replays the recorded ones).
  if (queued) {
    return withRunner(ctx, 'puzzle solve', opts, makeSpec, (one, queue) => solveOne(one, opts, ctx, limit, queue));
  }
  if (opts.jobs > 1) return withPool(opts.jobs, async (pool) => solveOne(await makeSpec(), opts, ctx, limit, undefined, pool));
  return solveOne(await makeSpec(), opts, ctx, limit, undefined);
}

/** One board: sequential, parallel IDA* on `pool` (--jobs N), or on `queue` (--db). */
async function solveOne(
  { start, goal, spec }: OneBoardSpec,
  opts: SolveOpts,
  ctx: Context,
  limit: CommandLimit,
  queue: TaskRunner | undefined,
  pool?: TaskRunner,
): Promise<number> {
  // The search gets what the set-up left of --timeout.
  const settings = { ...spec, timeoutMs: limit.remainingMs() };
  const parallel = queue !== undefined || opts.jobs > 1 || opts.splitDepth !== undefined;
  if (parallel) {
    const { algorithm } = normalizeOptions(settings);
    const how = queue !== undefined ? '--db' : `--jobs ${opts.jobs}`;
    if (algorithm !== 'idastar')
      throw new InvalidInputError(`${how} with one board runs parallel IDA*: give --algorithm idastar (or a pattern database), not ${algorithm}`);
    if (opts.trace === true) throw new InvalidInputError(`--trace is not available with parallel IDA* (${how})`);
  }
  const anytime = settings.algorithm === 'anytime';
  // anytime streams its improvements: one JSON line each with --json (then the final result on one line), else a text line each.
  const onImprovement = !anytime
    ? undefined
    : (i: Improvement): void => {
        if (opts.json) ctx.out(`${JSON.stringify({ event: 'improvement', ...i, stats: { ...i.stats, timeMs: Math.round(i.stats.timeMs * 1000) / 1000 } })}\n`);
        else
          ctx.out(
            `Improved: length ${i.length} (weight ${i.weight}), lower bound ${i.lowerBound}${i.bound !== undefined ? `, within ${boundText(i.bound)} of optimal` : ''}, ${int(i.stats.expanded)} nodes\n`,
          );
      };
  const result =
    queue !== undefined
      ? await solveParallelTracked(ctx, start, goal, settings, {
          // --jobs N: the threads serving the queue (all the producer's machines' workers), which sets
          // how many subtrees are in the queue at once and how finely iterations split.
          jobs: opts.jobs > 1 ? opts.jobs : queue.width,
          splitDepth: opts.splitDepth,
          // Every search, top walks included, on the workers, which hold the tables: the producer
          // loads none (a 6-6-6-6 load is 1.2 s of serial start here, and 255 MB).
          remoteTops: true,
          minSubtreeNodes: QUEUE_SUBTREE_NODES,
          targetSubtreeNodes: 4 * QUEUE_SUBTREE_NODES,
          runner: queue,
          quiet: opts.json,
        })
      : parallel
        ? await solveParallelTracked(ctx, start, goal, settings, { jobs: opts.jobs, splitDepth: opts.splitDepth, runner: pool, quiet: opts.json })
        : await solveTracked(ctx, start, goal, { ...settings, trace: opts.trace === true }, { label: 'solving', quiet: opts.json }, onImprovement);

  if (opts.json) {
    const json = solveJson(result, boardToText(start), boardToText(goal));
    if (anytime) ctx.out(`${JSON.stringify({ event: 'final', ...json })}\n`);
    else printJson(ctx, json);
    return exitForStatus(result.status);
  }

  const check = checkSolvable(start, goal);
  const out: string[] = [];
  const big = opts.full !== true && (start.width > PRINT_SIDE || start.height > PRINT_SIDE);
  const board = (b: typeof start): string =>
    big ? `  (${b.width}×${b.height}: not printed past ${PRINT_SIDE}×${PRINT_SIDE}; --full prints it)` : indentBlock(renderBoard(b));
  out.push('Start:', board(start));
  out.push(`Goal${opts.goal === 'blank-last' || opts.goal === 'blank-first' ? ` (${opts.goal})` : ''}:`, board(goal));
  out.push(`Solvable: ${check.solvable ? 'yes' : 'no'} (${check.method}): ${why(check.reason)}`);
  // --count-blank adds the blank's distance to h (seed 004's variant, not admissible): the name says so.
  const heuristic = result.heuristic ? `, heuristic ${result.heuristic}${opts.countBlank === true ? ' + blank' : ''}` : '';
  out.push(`Search: ${result.algorithm}${heuristic}, backend ${result.backend}`);
  if (result.status === 'solved') {
    if (result.trace) out.push('Path:', traceLines(result));
    const moves = result.moves ?? [];
    const cut = opts.full !== true && moves.length > PRINT_MOVES;
    out.push('Moves (blank):', movesLines(cut ? moves.slice(0, PRINT_MOVES) : moves));
    if (cut) out.push(`  … and ${int(moves.length - PRINT_MOVES)} more (--full or --json prints them all)`);
    out.push(`Length: ${int(result.length ?? 0)}`);
    const c = result.construct;
    if (c) {
      out.push(`Construct: ${int(c.lengthBefore)} moves, ${int(c.lengthAfter)} after the post-pass (${int(c.lengthBefore - c.lengthAfter)} fewer)`);
      out.push(`Time: construct ${c.constructMs.toFixed(1)} ms, post-pass ${c.postPassMs.toFixed(1)} ms`);
    }
    if (result.bound !== undefined) {
      out.push(`Bound: length ≤ ${boundText(result.bound)} × optimal (proven lower bound ${result.lowerBound}${result.optimal ? ': optimal' : ''})`);
    }
    if (result.reason !== undefined) out.push(`Note: ${result.reason}`);
    const found = result.parallel?.foundIn;
    if (found !== undefined) {
      out.push(
        `Parallel: ${result.parallel!.workers} workers; found in iteration ${found.iteration}, subtree ${found.subtree + 1} (root after ${found.path.join(' ') || 'no moves'})`,
      );
    }
  } else if (result.status === 'unsolvable') {
    out.push('Result: no solution');
  } else {
    out.push(result.status === 'limit' ? `Result: stopped at a limit (${result.reason ?? 'limit'})` : 'Result: interrupted');
  }
  // An unsolvable start is usually decided without searching: no statistics worth printing then.
  if ((result.status !== 'unsolvable' || result.stats.expanded > 0) && result.construct === undefined) {
    out.push(result.status === 'solved' ? 'Statistics:' : 'Statistics so far:', statsLines(result.stats));
  }
  ctx.out(`${out.join('\n')}\n`);
  return exitForStatus(result.status);
}
