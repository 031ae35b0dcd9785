// `searchlab demo`: the seeds' experiments of every domain in one run (puzzles, queens, Monty, fit), each checked against its known answer.
import type { Command } from 'commander';
import { InvalidInputError } from '@searchlab/engine';
import { boardToText, goalLike, parseBoard, renderBoard, type Algorithm, type Board, type GoalPreset, type SolveResult } from '@searchlab/engine/puzzle';
import type { Context } from '../context.js';
import { EXIT } from '../exit.js';
import { solveTracked } from './puzzle/solving.js';
import { queensDemo } from './queens/index.js';
import { indentBlock, int, movesLines, ms, table, uniqueText } from '../format.js';
import { intArg } from '../options.js';
import { montyText, runMonty } from './monty/index.js';
import { runExperiment } from '@searchlab/engine/fit';
import { montySpec } from '@searchlab/engine/monty';
import { experimentText } from './fit/index.js';
// Korf's 100 (4.5 kB) are bundled as text, so the demo runs from any directory.
import KORF_TEXT from '../../../../data/korf100.tsv';

interface DemoPuzzle {
  title: string;
  start: string;
  size?: string;
  goal: GoalPreset | string;
  algorithm: Algorithm;
  /** A length to print beside ours: an optimum (must match), or what a source reported (ours must not exceed it). */
  known?: { length: number; what: string; optimal: boolean };
}

const PUZZLES: DemoPuzzle[] = [
  {
    title: "8-puzzle from the A* slide deck's usage line (-s 3 -p '4 2 1 3 6 7 5 8 0')",
    start: '4 2 1 3 6 7 5 8 0',
    size: '3',
    goal: 'blank-last',
    algorithm: 'astar',
  },
  { title: "the A* slide deck's 15-puzzle", start: '1 2 4 8/9 0 3 12/7 11 14 10/5 13 6 15', goal: 'blank-last', algorithm: 'idastar' },
  { title: "the course notebook's test 1 (blank-first goal)", start: '5 7 6/2 4 3/8 1 0', goal: 'blank-first', algorithm: 'astar' },
  { title: "the course notebook's test 2 (blank-first goal)", start: '7 0 8/4 6 1/5 3 2', goal: 'blank-first', algorithm: 'astar' },
  { title: "the course notebook's test 3 (blank-first goal)", start: '2 3 7/1 8 0/6 5 4', goal: 'blank-first', algorithm: 'astar' },
  {
    title: "the A* 8-puzzle notebook's board (its BFS printed 22 moves)",
    start: '0 6 1/4 5 8/3 7 2',
    goal: 'blank-last',
    algorithm: 'astar',
    known: { length: 22, what: 'the notebook (BFS)', optimal: true },
  },
  {
    // The A* and 25-queens repository (source 004) prints only the 5th and 5th-to-last states and h values; this start and goal (blank in the centre)
    // are the unique ones that reproduce every printed value (see tests/seeds.test.ts).
    title: "the A*/25-queens repository's 5x5 with walls (its A* printed 17 steps: 17 states, 16 moves)",
    start: '2 3 7 4 5/1 # 11 # 8/6 10 0 12 15/9 # 14 # 20/13 16 17 18 19',
    goal: '1 2 3 4 5/6 # 7 # 8/9 10 0 11 12/13 # 14 # 15/16 17 18 19 20',
    algorithm: 'astar',
    known: { length: 16, what: 'optimal (the repository: 17 states)', optimal: true },
  },
];

/** What the demo runs, for `demo --help`: every part, in order. */
const DEMO_PARTS = [
  ...PUZZLES.map((p) => `${p.title}: ${p.algorithm === 'idastar' ? 'IDA*' : 'A*'} with linear conflict`),
  "one of Korf's 100 random 15-puzzles (--korf ID, default 16): IDA* with linear conflict, checked against Korf's optimum",
  'a summary table of the puzzles',
  'Monty Hall: 1000 games each of stay, switch and random, beside the exact 1/3, 2/3, 1/2',
  'N-Queens: 25 queens from the diagonal by hill climbing with random escapes',
  'curve fitting: degrees 1, 2, 5, 8 on noisy points of 3x² + 4x + 20 (training and testing error)',
];

/** Where a newcomer can go from the demo. */
const TRY_NEXT = [
  "searchlab puzzle solve -p '8 6 7/2 5 4/3 0 1' --trace       # one of the hardest 8-puzzles, every step",
  'searchlab puzzle play -s 3                                  # play it yourself',
  'searchlab queens solve 1000000                              # a million queens in seconds',
  'searchlab monty --doors 10 --open 8 --host ignorant         # when the host does not know where the car is',
  'searchlab fit --experiment --plot fit.svg                   # the fitting experiment as charts',
  'pnpm web                                                    # the same in the browser lab',
];

const KORF_FILE = 'data/korf100.tsv';

async function korfPuzzle(id: number): Promise<DemoPuzzle> {
  // Header: "# goal: 0 1 2 ... 15 (blank first…)", then "id	optimal	tiles", then one row per instance.
  for (const line of KORF_TEXT.split('\n')) {
    const [rid, optimal, tiles] = line.split('\t');
    if (rid?.trim() === String(id) && optimal && tiles) {
      return {
        title: `Korf's 15-puzzle #${id} (${KORF_FILE}, blank-first goal)`,
        start: tiles.trim(),
        size: '4',
        goal: 'blank-first',
        algorithm: 'idastar',
        known: { length: Number(optimal), what: "Korf's optimum", optimal: true },
      };
    }
  }
  throw new InvalidInputError(`--korf ${id}: ${KORF_FILE} has no instance with that id`);
}

export function registerDemo(program: Command, ctx: Context, exit: (code: number) => void): void {
  program
    .command('demo')
    .description('a tour of every domain with examples from the course material searchlab grew from (blog posts, notebooks, slides)')
    .option('--korf <id>', "which of Korf's 100 to include", intArg(1), 16)
    .addHelpText('after', `\nWhat it runs, in order (a few seconds):\n${DEMO_PARTS.map((p, i) => `  ${i + 1}. ${p}`).join('\n')}\n`)
    .action(async (opts: { korf: number }) => exit(await demo(opts, ctx)));
}

async function demo(opts: { korf: number }, ctx: Context): Promise<number> {
  const puzzles = [...PUZZLES, await korfPuzzle(opts.korf)];
  const summary: string[][] = [];
  let code: number = EXIT.ok;
  for (const [i, p] of puzzles.entries()) {
    const start = parseBoard(p.start, p.size === undefined ? {} : { size: p.size });
    const goal: Board = p.goal === 'blank-last' || p.goal === 'blank-first' ? goalLike(start, p.goal) : parseBoard(p.goal, {});
    const r = await solveTracked(ctx, start, goal, { algorithm: p.algorithm, heuristic: 'linear-conflict', backend: 'wasm' }, { label: p.title });
    if (r.status === 'aborted') return EXIT.interrupted;

    const out: string[] = [`== ${i + 1}. ${p.title}`, 'Start:', indentBlock(renderBoard(start)), `Goal: ${boardToText(goal)}`];
    out.push(`Search: ${r.algorithm}, heuristic ${r.heuristic ?? '-'}, backend ${r.backend}`);
    let check = '';
    if (r.status === 'solved') {
      out.push('Moves (blank):', movesLines(r.moves ?? []));
      if (p.known) {
        const ok = p.known.optimal ? r.length === p.known.length : r.length! <= p.known.length;
        check = ok ? 'ok' : 'MISMATCH';
        if (!ok) code = EXIT.failure;
        const ref = p.known.optimal ? `${p.known.what}: ${p.known.length}` : `${p.known.what} reported ${p.known.length}; ours is optimal`;
        out.push(`Length: ${r.length}  (${ref}) ${check}`);
      } else out.push(`Length: ${r.length}`);
    } else {
      code = EXIT.failure;
      out.push(`Result: ${r.status}${r.reason ? ` (${r.reason})` : ''}`);
    }
    out.push(
      `Statistics: expanded ${int(r.stats.expanded)}, generated ${int(r.stats.generated)}, unique ${uniqueText(r.stats)}, ` +
        `largest frontier ${int(r.stats.maxFrontier)}, iterations ${r.stats.iterations}, time ${ms(r.stats.timeMs)}`,
    );
    ctx.out(`${out.join('\n')}\n\n`);
    summary.push([
      String(i + 1),
      `${start.width}x${start.height}`,
      r.algorithm,
      r.status === 'solved' ? String(r.length) : r.status,
      p.known ? `${p.known.length} ${check}` : '',
      int(r.stats.expanded),
      ms(r.stats.timeMs),
    ]);
  }
  ctx.out(`Summary (linear conflict, WASM):\n${table(['#', 'size', 'algorithm', 'length', 'reference', 'expanded', 'time'], summary, 3)}\n`);
  // Seed 000's Monty Hall experiment: 1000 games of stay, switch and random (it printed 0.332, 0.675, 0.505).
  ctx.out(
    '\nMonty Hall as in the curve-fitting blog post: 1000 games, three strategies (the post printed stay 0.332, switch 0.675, random 0.505;\n' +
      'a 95% interval misses the exact value about one time in twenty)\n',
  );
  const monty = await runMonty(montySpec({ trials: 1000, seed: 1 }), ctx);
  ctx.out(montyText(monty, ['stay', 'switch', 'random']));
  ctx.out('\n');
  const queens = await queensDemo(ctx);
  // Seed 000: polynomial curve fitting, over- and under-fitting (`searchlab fit --experiment` has the plots).
  const fit = await runExperiment();
  ctx.out(`\n-- Curve fitting: ${experimentText(fit, `the blog post's experiment (random seed ${fit.seed}), y = 3x² + 4x + 20 + N(0, ${fit.sigma}²)`)}\n`);
  ctx.out(`\nTry next:\n${TRY_NEXT.map((t) => `  ${t}`).join('\n')}\n`);
  return code === EXIT.ok ? queens : code;
}
