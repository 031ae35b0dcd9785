// `searchlab puzzle generate`: seeded start boards (random walks from the goal, uniform over the solvable ones, or at an exact optimal depth), one per line.
import type { Command } from 'commander';
import { InvalidInputError } from '@searchlab/engine';
import { boardToText, boardsAtDepth } from '@searchlab/engine/puzzle';
import type { Context } from '../../context.js';
import { printJson as printJsonObject } from '../../format.js';
import { TIMEOUT_FLAGS, TIMEOUT_HELP, durationArg, intArg, seedArg } from '../../options.js';
import { commandLimit, type CommandLimit } from '../../limits.js';
import { addBoardOptions, standaloneGoal, type BoardOpts } from './options.js';
import { checkWalkOptions, freshSeed, streamBoards } from './generate-boards.js';

interface GenerateOpts extends BoardOpts {
  walk?: number;
  uniform?: boolean;
  depth?: number;
  seed?: number;
  count: number;
  json?: boolean;
  /** --timeout, in milliseconds. */
  timeout?: number;
}

export function registerGenerate(parent: Command, ctx: Context, exit: (code: number) => void): void {
  const cmd = parent.command('generate').description('print solvable start boards, one per line in the -p format (default: 3x3, uniform)');
  addBoardOptions(cmd, 'none');
  cmd.option('--walk <k>', 'a random walk of K blank moves from the goal (no immediate undo)', intArg(0));
  cmd.option('--uniform', 'uniform over all boards that can reach the goal (the default)');
  cmd.option(
    '--depth <d>',
    'boards whose optimal solution is exactly D moves: uniform over that BFS layer on boards of up to 9 cells, else random walks kept when an optimal solve says D',
    intArg(0),
  );
  cmd.option('--seed <s>', 'seed of the generator (random when omitted; printed to stderr on a terminal)', seedArg);
  cmd.option('--count <n>', 'how many boards', intArg(1), 1);
  cmd.option('--json', 'print one JSON object instead of text');
  cmd.option(TIMEOUT_FLAGS, TIMEOUT_HELP, durationArg);
  cmd.action(async (opts: GenerateOpts) => exit(await generate(opts, ctx)));
}

/** Output is written in blocks of about this many characters, each awaited (backpressure). */
const BLOCK = 1 << 16;

/**
 * Streams the boards as they are made, whatever the count: the first line appears at once and
 * memory stays flat. JSON is streamed too, in the same layout as printJson.
 */
async function generate(opts: GenerateOpts, ctx: Context): Promise<number> {
  const limit = commandLimit(ctx, opts.timeout);
  if (opts.depth !== undefined) return generateAtDepth(opts, opts.depth, ctx, limit);
  checkWalkOptions(opts);
  const goal = await standaloneGoal(opts);
  const seed = opts.seed ?? freshSeed();
  const boards = streamBoards(goal, { count: opts.count, walk: opts.walk, seed });
  let block = '';
  const flush = async () => {
    limit.check('while the boards were generated');
    await ctx.write(block);
    block = '';
  };
  if (opts.json) {
    const meta = JSON.stringify(
      {
        width: goal.width,
        height: goal.height,
        goal: boardToText(goal),
        method: opts.walk === undefined ? 'uniform' : 'walk',
        walk: opts.walk,
        seed,
      },
      null,
      2,
    );
    block = `${meta.slice(0, -2)},\n  "boards": [`;
    let first = true;
    for (const b of boards) {
      block += `${first ? '' : ','}\n    ${JSON.stringify(boardToText(b))}`;
      first = false;
      if (block.length >= BLOCK || ctx.signal.aborted) await flush();
    }
    block += '\n  ]\n}\n';
  } else {
    if (opts.seed === undefined && ctx.stderrIsTTY) ctx.err(`seed ${seed}\n`);
    let first = true;
    for (const b of boards) {
      block += `${boardToText(b)}\n`;
      if (first || block.length >= BLOCK) await flush(); // the first line at once
      first = false;
    }
  }
  await flush();
  return 0;
}

/** --depth D: boards at optimal distance exactly D (the engine's boardsAtDepth); the method is said. */
async function generateAtDepth(opts: GenerateOpts, depth: number, ctx: Context, limit: CommandLimit): Promise<number> {
  if (opts.walk !== undefined || opts.uniform) throw new InvalidInputError('--depth excludes --walk and --uniform');
  const goal = await standaloneGoal(opts);
  const seed = opts.seed ?? freshSeed();
  const drawn = await ctx.busy(boardsAtDepth(goal, depth, { count: opts.count, seed, signal: limit.signal })).catch((e: unknown) => {
    limit.check('while the boards were drawn'); // the time ran out: exit 4, not Ctrl-C's 130
    throw e;
  });
  const method =
    drawn.method === 'uniform'
      ? `uniform over the ${drawn.layerSize} boards at optimal depth ${depth} (BFS layers from the goal; the deepest is ${drawn.maxDepth})`
      : `random walks kept when an optimal solve (IDA*, linear conflict) gives exactly ${depth} moves: not uniform (the board is too large to enumerate)`;
  if (opts.json) {
    printJsonObject(ctx, {
      width: goal.width,
      height: goal.height,
      goal: boardToText(goal),
      method: drawn.method,
      depth,
      seed,
      note: method,
      boards: drawn.boards.map(boardToText),
    });
    return 0;
  }
  if (drawn.method === 'walk' || ctx.stderrIsTTY) ctx.err(`searchlab: ${method}${opts.seed === undefined ? `, seed ${seed}` : ''}\n`);
  await ctx.write(drawn.boards.map((b) => `${boardToText(b)}\n`).join(''));
  return 0;
}
