import type { Command } from 'commander';
import { boardToText, checkSolvable, renderBoard } from '@searchlab/engine';
import type { Context } from '../../context.js';
import { exitForStatus } from '../../exit.js';
import { indentBlock, why, movesLines, printJson, solveJson, statsLines, traceLines } from '../../format.js';
import { addBoardOptions, addSearchOptions, resolvePair, solveSettings, type BoardOpts, type SearchOpts } from './options.js';
import { solveTracked } from './solving.js';

interface SolveOpts extends BoardOpts, SearchOpts {
  trace?: boolean;
  json?: boolean;
}

export function registerSolve(parent: Command, ctx: Context, exit: (code: number) => void): void {
  const cmd = parent.command('solve').description('solve a sliding-tile puzzle and print the moves and search statistics');
  addBoardOptions(cmd, 'one');
  addSearchOptions(cmd, true);
  cmd.option('--trace', 'print every state on the path with g, h and f');
  cmd.option('--json', 'print one JSON object instead of text');
  cmd.action(async (opts: SolveOpts) => exit(await solve(opts, ctx)));
}

async function solve(opts: SolveOpts, ctx: Context): Promise<number> {
  const { start, goal } = await resolvePair(opts);
  const result = await solveTracked(ctx, start, goal, { ...solveSettings(opts), trace: opts.trace === true }, { label: 'solving', quiet: opts.json });

  if (opts.json) {
    printJson(ctx, solveJson(result, boardToText(start), boardToText(goal)));
    return exitForStatus(result.status);
  }

  const check = checkSolvable(start, goal);
  const out: string[] = [];
  out.push('Start:', indentBlock(renderBoard(start)));
  out.push(`Goal${opts.goal === 'blank-last' || opts.goal === 'blank-first' ? ` (${opts.goal})` : ''}:`, indentBlock(renderBoard(goal)));
  out.push(`Solvable: ${check.solvable ? 'yes' : 'no'} (${check.method}): ${why(check.reason)}`);
  const heuristic = result.heuristic ? `, heuristic ${result.heuristic}` : '';
  out.push(`Search: ${result.algorithm}${heuristic}, backend ${result.backend}`);
  if (result.status === 'solved') {
    if (result.trace) out.push('Path:', traceLines(result));
    out.push('Moves (blank):', movesLines(result.moves ?? []));
    out.push(`Length: ${result.length}`);
  } else if (result.status === 'unsolvable') {
    out.push('Result: no solution');
  } else {
    out.push(result.status === 'limit' ? `Result: stopped at a limit (${result.reason ?? 'limit'})` : 'Result: interrupted');
  }
  // An unsolvable start is usually decided without searching: no statistics worth printing then.
  if (result.status !== 'unsolvable' || result.stats.expanded > 0) {
    out.push(result.status === 'solved' ? 'Statistics:' : 'Statistics so far:', statsLines(result.stats));
  }
  ctx.out(`${out.join('\n')}\n`);
  return exitForStatus(result.status);
}
