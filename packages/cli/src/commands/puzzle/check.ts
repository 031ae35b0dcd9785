// `searchlab puzzle check`: is a board solvable for a goal, and why (the linear-time rule of puzzle/solvability.ts).
import type { Command } from 'commander';
import { boardToText, checkSolvable, renderBoard } from '@searchlab/engine/puzzle';
import type { Context } from '../../context.js';
import { EXIT } from '../../exit.js';
import { addBoardOptions, resolvePair, type BoardOpts } from './options.js';
import { indentBlock, printJson, why } from '../../format.js';

interface CheckOpts extends BoardOpts {
  json?: boolean;
}

export function registerCheck(parent: Command, ctx: Context, exit: (code: number) => void): void {
  const cmd = parent.command('check').description('tell whether the goal can be reached from the board, and why (exit 0 yes, 3 no)');
  addBoardOptions(cmd, 'one');
  cmd.option('--json', 'print one JSON object instead of text');
  cmd.action(async (opts: CheckOpts) => exit(await check(opts, ctx)));
}

async function check(opts: CheckOpts, ctx: Context): Promise<number> {
  const { start, goal } = await resolvePair(opts);
  const r = checkSolvable(start, goal);
  if (opts.json) {
    printJson(ctx, { solvable: r.solvable, method: r.method, reason: r.reason, start: boardToText(start), goal: boardToText(goal) });
  } else {
    ctx.out(`${indentBlock(renderBoard(start))}\n${r.solvable ? 'solvable' : 'unsolvable'} (${r.method}): ${why(r.reason)}\n`);
  }
  return r.solvable ? EXIT.ok : EXIT.unsolvable;
}
