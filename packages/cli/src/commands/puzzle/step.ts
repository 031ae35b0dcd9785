// `searchlab puzzle step`: the search one expansion a line (the engine's step API), for teaching.
import { Option, type Command } from 'commander';
import {
  HEURISTICS,
  STEP_ALGORITHMS,
  boardToText,
  puzzleSteps,
  type HeuristicName,
  type Move,
  type StepAlgorithm,
  type StepEvent,
  type TileState,
} from '@searchlab/engine/puzzle';
import type { Context } from '../../context.js';
import { EXIT } from '../../exit.js';
import { int, num } from '../../format.js';
import { TIMEOUT_FLAGS, TIMEOUT_HELP, durationArg, intArg, positiveArg } from '../../options.js';
import { commandLimit } from '../../limits.js';
import { addBoardOptions, resolvePair, type BoardOpts } from './options.js';

interface StepOpts extends BoardOpts {
  algorithm: StepAlgorithm;
  heuristic: HeuristicName;
  weight?: number;
  depthLimit?: number;
  maxNodes?: number;
  steps?: number;
  json?: boolean;
  /** --timeout, in milliseconds. */
  timeout?: number;
}

export function registerStep(parent: Command, ctx: Context, exit: (code: number) => void): void {
  const cmd = parent
    .command('step')
    .description('step through a search: one line per expansion (the node, g/h/f, open and closed sizes); IDA* thresholds as they rise');
  addBoardOptions(cmd, 'one');
  cmd.addOption(new Option('--algorithm <name>', 'search algorithm').choices(STEP_ALGORITHMS).default('astar'));
  cmd.addOption(new Option('--heuristic <name>', 'heuristic of greedy, astar, wastar, idastar').choices(HEURISTICS).default('manhattan'));
  cmd.option('--weight <w>', 'wastar: f = g + w·h (default 2)', positiveArg);
  cmd.option('--depth-limit <d>', 'dfs: depth limit (default 50)', intArg(0));
  cmd.option('--max-nodes <n>', 'stop after expanding N nodes, as the solver would (exit 4)', intArg(0));
  cmd.option('--steps <n>', 'print the first N expansions only', intArg(1));
  cmd.option('--json', 'one JSON object per event (every generated child too), one per line');
  cmd.option(TIMEOUT_FLAGS, `${TIMEOUT_HELP}; the lines so far are printed`, durationArg);
  cmd.action(async (opts: StepOpts) => exit(await step(opts, ctx)));
}

const nodeText = (n: { g: number; h: number; f: number; depth: number }): string => `g=${num(n.g)} h=${num(n.h)} f=${num(n.f)} depth ${n.depth}`;

/** An event as one JSON object: states as board text, parents by id. */
function eventJson(e: StepEvent<TileState, Move>, board: (s: TileState) => string): Record<string, unknown> {
  if (e.kind === 'iteration' || e.kind === 'end') return { ...e };
  const { node } = e;
  const out = { id: node.id, parent: node.parentId, move: node.action, board: board(node.state), g: node.g, h: node.h, f: node.f, depth: node.depth };
  const { node: _node, ...rest } = e;
  return { ...rest, node: out };
}

async function step(opts: StepOpts, ctx: Context): Promise<number> {
  const { start, goal } = await resolvePair(opts);
  const search = puzzleSteps(start, goal, {
    algorithm: opts.algorithm,
    heuristic: opts.heuristic,
    weight: opts.weight,
    depthLimit: opts.depthLimit,
    maxNodes: opts.maxNodes,
  });
  const board = (s: TileState): string => boardToText(search.board(s));
  const maxSteps = opts.steps ?? Infinity;
  const limit = commandLimit(ctx, opts.timeout);
  let events = 0;
  let shown = 0;
  let lines: string[] = [];
  const flush = async (): Promise<void> => {
    if (lines.length > 0) await ctx.write(`${lines.join('\n')}\n`);
    lines = [];
  };
  for (const e of search.events) {
    if (ctx.signal.aborted) break;
    if (++events % 1024 === 0 && limit.timedOut()) {
      await flush();
      limit.check(`after ${int(shown)} expansions`);
    }
    if (e.kind === 'select' && shown >= maxSteps) {
      lines.push(opts.json ? JSON.stringify({ kind: 'stopped', steps: shown }) : `stopped after ${int(shown)} expansions (--steps)`);
      await flush();
      return EXIT.ok;
    }
    if (opts.json) lines.push(JSON.stringify(eventJson(e, board)));
    else {
      const line = textLine(e, board);
      if (line !== undefined) lines.push(line);
    }
    if (e.kind === 'select') shown++;
    if (lines.length >= 256) await flush();
    if (e.kind === 'end') {
      await flush();
      return e.outcome === 'node-limit' ? EXIT.limit : e.outcome === 'exhausted' ? EXIT.unsolvable : EXIT.ok;
    }
  }
  await flush();
  return EXIT.interrupted;
}

function textLine(e: StepEvent<TileState, Move>, board: (s: TileState) => string): string | undefined {
  switch (e.kind) {
    case 'iteration':
      return `iteration ${e.iteration}: threshold ${num(e.bound)}`;
    case 'select':
      return `#${e.expanded}  ${board(e.node.state)}  ${nodeText(e.node)}  open ${int(e.open)}  closed ${int(e.closed)}`;
    case 'goal':
      return `goal  ${board(e.node.state)}  ${nodeText(e.node)}  (${e.path.length} moves: ${e.path.join(' ') || 'none'})`;
    case 'end': {
      const c = e.counters;
      return `${e.outcome}: expanded ${int(c.expanded)}, generated ${int(c.generated)}, unique ${int(c.unique)}, largest frontier ${int(c.maxFrontier)}, iterations ${c.iterations}`;
    }
    default:
      return undefined; // generated children and stale entries: --json shows them
  }
}
