import type { Command } from 'commander';
import { boardToText } from '@searchlab/engine';
import type { Context } from '../../context.js';
import { intArg, seedArg } from '../../options.js';
import { addBoardOptions, standaloneGoal, type BoardOpts } from './options.js';
import { checkWalkOptions, freshSeed, generateBoards } from './generate-boards.js';
import { printJson } from '../../format.js';

interface GenerateOpts extends BoardOpts {
  walk?: number;
  uniform?: boolean;
  seed?: number;
  count: number;
  json?: boolean;
}

export function registerGenerate(parent: Command, ctx: Context, exit: (code: number) => void): void {
  const cmd = parent.command('generate')
    .description('print solvable start boards, one per line in the -p format (default: 3x3, uniform)');
  addBoardOptions(cmd, 'none');
  cmd.option('--walk <k>', 'a random walk of K blank moves from the goal (no immediate undo)', intArg(0));
  cmd.option('--uniform', 'uniform over all boards that can reach the goal (the default)');
  cmd.option('--seed <s>', 'seed of the generator (random when omitted; printed to stderr on a terminal)', seedArg);
  cmd.option('--count <n>', 'how many boards', intArg(1), 1);
  cmd.option('--json', 'print one JSON object instead of text');
  cmd.action(async (opts: GenerateOpts) => exit(await generate(opts, ctx)));
}

async function generate(opts: GenerateOpts, ctx: Context): Promise<number> {
  checkWalkOptions(opts);
  const goal = await standaloneGoal(opts);
  const seed = opts.seed ?? freshSeed();
  const boards = generateBoards(goal, { count: opts.count, walk: opts.walk, seed }).map(boardToText);
  if (opts.json) {
    printJson(ctx, {
      width: goal.width, height: goal.height, goal: boardToText(goal),
      method: opts.walk === undefined ? 'uniform' : 'walk', walk: opts.walk, seed, boards,
    });
  } else {
    if (opts.seed === undefined && ctx.stderrIsTTY) ctx.err(`seed ${seed}\n`);
    ctx.out(boards.map((b) => `${b}\n`).join(''));
  }
  return 0;
}
