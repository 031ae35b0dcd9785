// `searchlab queens …`: solve (six algorithms, either backend), count (exact, --jobs), verify.
import { InvalidArgumentError, Option, type Command } from 'commander';
import { open, type FileHandle } from 'node:fs/promises';
import { InvalidInputError, SearchlabError, parseInteger, type Backend, type TaskRunner } from '@searchlab/engine';
import {
  MAX_COUNT_N,
  MAX_N,
  MAX_RENDER,
  QUEENS_ALGORITHMS,
  PositionsParser,
  checkSolution,
  countQueens,
  renderBoard,
  solveQueens,
  attackingPairs,
  queensCountSpec,
  queensSolveSpec,
  streamPositions,
  type QueensAlgorithm,
  type QueensCountSpec,
  type QueensSolveResult,
} from '@searchlab/engine/queens';
import { writeFileAtomic } from '@searchlab/engine/node';
import type { Context } from '../../context.js';
import { EXIT, exitForStatus } from '../../exit.js';
import { int, keyValues, ms } from '../../format.js';
import { TIMEOUT_FLAGS, TIMEOUT_HELP, durationArg, intArg, jobsArg, seedArg } from '../../options.js';
import { commandLimit, type CommandLimit } from '../../limits.js';
import { queueOptions, withRunner, type QueueOpts } from '../../queue/produce.js';
import { track } from '../../progress.js';

/** N: a whole number 1..MAX_N, with a one-line error otherwise. */
export function queensN(max: number) {
  return (v: string): number => {
    const n = parseInteger(v); // the one number syntax: 12, 1e6 (see @searchlab/engine parseInteger)
    if (n === undefined || n < 1) throw new InvalidArgumentError(`N must be a positive integer, got ${JSON.stringify(v)}`);
    if (n > max) throw new InvalidArgumentError(`N must be at most ${int(max)}, got ${int(n)}`);
    return n;
  };
}

const backendOption = () => new Option('--backend <backend>', 'wasm (default) or the TypeScript reference').choices(['wasm', 'ts']);

export function registerQueens(program: Command, ctx: Context, exit: (code: number) => void): void {
  const queens = program.command('queens').description('N-Queens: local search up to millions of queens, exact counts');

  queens
    .command('solve')
    .description('place N queens with one algorithm (default: min-conflicts below 100,000 queens, fast from there on)')
    .argument('<N>', 'number of queens', queensN(MAX_N))
    .addOption(new Option('--algorithm <name>', 'the algorithm').choices(QUEENS_ALGORITHMS))
    .option('--seed <s>', 'seed of the random choices', seedArg, 1)
    .option('--max-steps <m>', 'stop after this many steps (exit 4)', intArg(0))
    .option(TIMEOUT_FLAGS, TIMEOUT_HELP, durationArg)
    .option('--escape-moves <k>', 'hill-climbing: random in-row moves per escape (default N)', intArg(1))
    .addOption(backendOption())
    .option('--json', 'one JSON object on stdout')
    .option('--output <file>', 'write the JSON result (with positions) to FILE, atomically; stdout gets it without positions')
    .action(async (n: number, opts: SolveOpts) => exit(await solve(n, opts, ctx)));

  queueOptions(queens.command('count'))
    .description('count all solutions exactly (bitboard backtracking over the eight symmetries of the board)')
    .argument('<N>', 'number of queens', queensN(MAX_COUNT_N))
    .option('--jobs <j>', 'count the subproblems on J worker threads', jobsArg, 1)
    .option(TIMEOUT_FLAGS, `${TIMEOUT_HELP}; the count so far is printed`, durationArg)
    .addOption(backendOption())
    .option('--json', 'one JSON object on stdout')
    .action(async (n: number, opts: CountOpts) => exit(await count(n, opts, ctx)));

  queens
    .command('verify')
    .description('check a placement (columns per row, or solve --json output; - for stdin)')
    .argument('<file>', 'a file, or - for stdin')
    .option('--json', 'one JSON object on stdout')
    .action(async (file: string, opts: { json?: boolean }) => exit(await verify(file, opts, ctx)));
}

interface SolveOpts {
  algorithm?: QueensAlgorithm;
  seed: number;
  maxSteps?: number;
  timeout?: number;
  escapeMoves?: number;
  backend?: Backend;
  json?: boolean;
  output?: string;
}

/** The result's JSON head (every field but positions), in the order the issue gives. */
function jsonHead(r: QueensSolveResult): Record<string, unknown> {
  return {
    n: r.n,
    algorithm: r.algorithm,
    status: r.status,
    conflicts: r.conflicts,
    steps: r.steps,
    timeMs: Math.round(r.timeMs * 1000) / 1000,
    moves: r.moves,
    escapes: r.escapes,
    restarts: r.restarts,
    seed: r.seed,
    backend: r.backend,
    ...(r.algorithm === 'hill-climbing' ? { history: r.history } : {}),
  };
}

/**
 * Writes `{…head, "positions": [...]}` to `file` (10⁸ positions are ~0.9 GB of text, past what one
 * string holds) by the one atomic writer (engine node/atomic.ts). The columns are formatted
 * in chunks by the engine (on the run's backend), each written with one `write` while the next one
 * is formatted (the write runs on libuv's thread pool, so the two overlap on two cores).
 */
async function writeResultFile(file: string, r: QueensSolveResult, limit: CommandLimit): Promise<void> {
  await writeFileAtomic(
    file,
    async (write) => {
      const head = JSON.stringify(jsonHead(r));
      // No placement exists (N = 2, 3): positions null, never a board of zeros that reads as one.
      if (r.status === 'unsolvable') {
        await write(`${head.slice(0, -1)},"positions":null}\n`);
        return;
      }
      await write(`${head.slice(0, -1)},"positions":[`);
      await streamPositions(
        r.positions,
        async (chunk) => {
          limit.check(`while --output ${file} was written (nothing written)`);
          await write(chunk);
        },
        r.backend,
      );
      await write(']}\n');
    },
    { label: '--output' },
  );
}

/** Past this, positions on stdout would pass what one JSON string can hold: --output streams them. */
const STDOUT_POSITIONS_MAX = 20_000_000;

async function solve(n: number, opts: SolveOpts, ctx: Context): Promise<number> {
  if (opts.json === true && opts.output === undefined && n > STDOUT_POSITIONS_MAX) {
    throw new InvalidInputError(`--json prints the positions of at most ${int(STDOUT_POSITIONS_MAX)} queens on stdout; use --output FILE for ${int(n)}`);
  }
  const quiet = opts.json === true;
  const limit = commandLimit(ctx, opts.timeout);
  const r = await track(ctx, { label: `queens ${opts.algorithm ?? ''}`.trim(), unit: 'steps', quiet }, (progress) =>
    solveQueens(n, {
      ...queensSolveSpec(n, { algorithm: opts.algorithm, seed: opts.seed, maxSteps: opts.maxSteps, escapeMoves: opts.escapeMoves, backend: opts.backend }),
      timeoutMs: limit.remainingMs(),
      signal: ctx.signal,
      onProgress: (s) => progress.update(s.steps, `conflicts ${int(s.conflicts)}`),
    }),
  );
  // A run stopped by the limit or Ctrl-C has no placement worth a file (and no time left to write one).
  const stopped = r.status === 'timeout' || r.status === 'aborted';
  if (opts.output !== undefined && !stopped) await writeResultFile(opts.output, r, limit);
  if (opts.json === true) {
    // The positions go to stdout only without --output: a 10⁸-queen Array.from costs seconds and GBs.
    const obj = opts.output !== undefined ? jsonHead(r) : { ...jsonHead(r), positions: r.status === 'unsolvable' ? null : Array.from(r.positions) };
    ctx.out(`${JSON.stringify(obj)}\n`);
  } else {
    const rows: [string, string][] = [
      ['status', r.status],
      ['algorithm', `${r.algorithm} (${r.backend}, seed ${r.seed})`],
      ['conflicts', int(r.conflicts)],
      ['steps', int(r.steps)],
      ['moves', int(r.moves)],
    ];
    if (r.algorithm === 'hill-climbing') {
      rows.push(['escapes', int(r.escapes)], ['score (2 per pair)', `${int(r.history[0] ?? 0)} → ${int(r.history.at(-1) ?? 0)}`]);
    }
    if (r.algorithm === 'restart' || r.algorithm === 'fast') rows.push(['restarts', int(r.restarts)]);
    rows.push(['time', ms(r.timeMs)]);
    if (opts.output !== undefined) rows.push(['written to', stopped ? `nothing (${r.status})` : opts.output]);
    ctx.out(`${n} queens\n${keyValues(rows)}\n`);
    if (n <= 32 && r.status !== 'unsolvable') ctx.out(`${renderBoard(r.positions)}\n`);
  }
  if (r.status === 'timeout') return EXIT.limit;
  return exitForStatus(r.status === 'solved' ? 'solved' : r.status);
}

interface CountOpts extends QueueOpts {
  timeout?: number;
  backend?: Backend;
  json?: boolean;
}

function count(n: number, opts: CountOpts, ctx: Context): Promise<number> {
  // A resumed run counts the N of its stored spec.
  const limit = commandLimit(ctx, opts.timeout);
  return withRunner(
    ctx,
    'queens count',
    opts,
    () => queensCountSpec({ n, backend: opts.backend }),
    (spec, runner) => countOn(spec, opts, runner, ctx, limit),
  );
}

async function countOn({ n, backend }: QueensCountSpec, opts: CountOpts, runner: TaskRunner | undefined, ctx: Context, limit: CommandLimit): Promise<number> {
  const r = await track(ctx, { label: `Q(${n})`, unit: 'tasks', quiet: opts.json === true }, (progress) =>
    countQueens(n, {
      backend,
      runner,
      signal: ctx.signal,
      timeoutMs: limit.remainingMs(),
      onProgress: (done, total, nodes) => progress.update(done, `of ${int(total)} subproblems, ${int(nodes)} nodes`),
    }),
  );
  if (opts.json === true) {
    ctx.out(
      `${JSON.stringify({ n, solutions: r.solutions, timeMs: Math.round(r.timeMs * 1000) / 1000, status: r.status, nodes: r.nodes, tasks: r.tasks, jobs: opts.jobs, backend: r.backend })}\n`,
    );
  } else {
    const what = r.status === 'done' ? '' : ` (${r.status}: the count so far)`;
    ctx.out(
      `Q(${n}) = ${int(BigInt(r.solutions))}${what}\n${keyValues([
        ['subproblems', int(r.tasks)],
        ['nodes', int(r.nodes)],
        ['jobs', String(opts.jobs)],
        ['time', ms(r.timeMs)],
      ])}\n`,
    );
  }
  if (r.status === 'aborted') return EXIT.interrupted;
  return r.status === 'timeout' ? EXIT.limit : EXIT.ok;
}

/** Chunks `verify` reads at a time: the file streams through the parser (any size, no string of it). */
const VERIFY_CHUNK = 1 << 22;

/** The columns of FILE (or stdin), parsed as they stream in; a progress bar for files of 64 MiB and more. */
async function readPlacement(file: string, ctx: Context, quiet: boolean): Promise<Int32Array> {
  const parser = new PositionsParser();
  if (file === '-') {
    for await (const chunk of process.stdin) parser.push(chunk as Buffer);
    return parser.end();
  }
  const cannot = (e: unknown): InvalidInputError => {
    const code = (e as NodeJS.ErrnoException).code;
    return new InvalidInputError(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : (code ?? String(e))}`);
  };
  let fh: FileHandle;
  try {
    fh = await open(file, 'r');
  } catch (e) {
    throw cannot(e);
  }
  try {
    const size = (await fh.stat()).size;
    const mb = (x: number): number => Math.round(x / 1e6);
    await track(ctx, { label: 'verify', unit: 'MB', total: mb(size), quiet: quiet || size < 64 * 2 ** 20 }, async (progress) => {
      const buf = Buffer.allocUnsafe(VERIFY_CHUNK);
      for (let read = 0; ; ) {
        let got: number;
        try {
          got = (await fh.read(buf, 0, buf.length, null)).bytesRead;
        } catch (e) {
          throw cannot(e);
        }
        if (got === 0) break;
        parser.push(buf.subarray(0, got));
        read += got;
        progress.update(mb(read));
      }
    });
  } finally {
    await fh.close();
  }
  return parser.end();
}

async function verify(file: string, opts: { json?: boolean }, ctx: Context): Promise<number> {
  const positions = await readPlacement(file, ctx, opts.json === true);
  const problem = checkSolution(positions);
  const pairs = problem === null ? 0 : attackingPairs(positions);
  if (opts.json === true)
    ctx.out(`${JSON.stringify({ n: positions.length, valid: problem === null, conflicts: pairs, ...(problem ? { reason: problem } : {}) })}\n`);
  else {
    ctx.out(
      problem === null
        ? `valid: ${int(positions.length)} queens, no two attack each other\n`
        : `invalid: ${problem} (${int(pairs)} attacking pair${pairs === 1 ? '' : 's'})\n`,
    );
    if (positions.length <= MAX_RENDER && positions.length <= 32) ctx.out(`${renderBoard(positions)}\n`);
  }
  return problem === null ? EXIT.ok : EXIT.unsolvable;
}

/**
 * The A* and 25-queens repository's experiment for `searchlab demo`: 25 queens from the diagonal (score 600) by steepest
 * descent with its escape, on WASM, checked; the score history sampled. Exit 1 when it fails.
 */
export async function queensDemo(ctx: Context): Promise<number> {
  const r = await solveQueens(25, { algorithm: 'hill-climbing', seed: 1 });
  const ok = r.status === 'solved' && r.history[0] === 600 && checkSolution(r.positions) === null;
  const every = Math.max(1, Math.ceil(r.history.length / 12));
  const sampled = r.history.filter((_, i) => i % every === 0 || i === r.history.length - 1);
  ctx.out(
    [
      '== N-Queens from the A*/25-queens repository: 25 queens by hill climbing with its random escapes (WASM, random seed 1)',
      `Start: all queens on the main diagonal, score ${int(r.history[0] ?? 0)} (the repository's score, 2 per attacking pair; its README: 600)`,
      `Result: ${r.status}, score ${int(2 * r.conflicts)}, ${int(r.steps)} steps (${int(r.moves)} moves, ${int(r.escapes)} escapes), ${ms(r.timeMs)} ${ok ? 'ok' : 'MISMATCH'}`,
      `  (the repository reported 328 steps at best and 1500+ on average)`,
      `Score every ${every} steps: ${sampled.map((x) => int(x)).join(' ')}`,
      renderBoard(r.positions),
      '',
    ].join('\n') + '\n',
  );
  return ok ? EXIT.ok : EXIT.failure;
}
