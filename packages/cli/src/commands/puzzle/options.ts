// The option definitions shared by the puzzle commands: defined once, resolved once.
import { type Command, Option } from 'commander';
import { InvalidInputError, type Backend } from '@searchlab/engine';
import {
  ALGORITHMS,
  HEURISTIC_CHOICES,
  goalBoard,
  goalLike,
  parseBoard,
  parseSize,
  validatePair,
  puzzleSpec,
  type Algorithm,
  type Board,
  type GoalPreset,
  type HeuristicChoice,
  type PuzzleSpec,
} from '@searchlab/engine/puzzle';
import { boardText } from '../../input.js';
import { TIMEOUT_FLAGS, TIMEOUT_HELP, durationArg, intArg, memoryArg, positiveArg } from '../../options.js';

const PRESETS: readonly GoalPreset[] = ['blank-last', 'blank-first'];

export interface BoardOpts {
  size?: string;
  puzzle?: string | string[];
  goal: string;
}

/**
 * Adds -s/--size, -p/--puzzle and --goal to `cmd`. `puzzle`: 'one' (a single start board),
 * 'many' (repeatable), or 'none' (commands that make their own start boards).
 */
export function addBoardOptions(cmd: Command, puzzle: 'one' | 'many' | 'none'): Command {
  cmd.option(
    '-s, --size <size>',
    puzzle === 'none'
      ? 'board size: N (N×N) or WxH (default 3, the 8-puzzle; a --goal board sets it)'
      : 'board size: N (N×N) or WxH; when omitted, read from -p (or a --goal board), else 3',
  );
  const example = `e.g. '4 2 1 3 6 7 5 8 0' or '1 2 3/4 5 6/7 8 0', # for a wall`;
  if (puzzle === 'one') cmd.option('-p, --puzzle <board>', `start board (${example}); - reads stdin`);
  if (puzzle === 'many') {
    cmd.option('-p, --puzzle <board>', `a start board, repeatable (${example}); - reads stdin`, (v: string, prev: string[] = []) => [...prev, v]);
  }
  cmd.option(
    '--goal <board|preset>',
    "goal board, or a preset: blank-last (1 2 … 0) or blank-first (0 1 2 …, Korf's); a preset keeps the start's walls",
    'blank-last',
  );
  return cmd;
}

function isPreset(goal: string): goal is GoalPreset {
  return (PRESETS as readonly string[]).includes(goal);
}

/** Runs `make`, putting `name: ` in front of an InvalidInputError's message (which board it is about). */
export async function about<T>(name: string, make: () => T | Promise<T>): Promise<T> {
  try {
    return await make();
  } catch (e) {
    if (e instanceof InvalidInputError) throw new InvalidInputError(`${name}: ${e.message}`);
    throw e;
  }
}

/** Parses one board argument (`-` = stdin) with the --size option; errors start with `name`. */
export async function readBoard(arg: string, size: string | undefined, name = 'start'): Promise<Board> {
  return about(name, async () => parseBoard(await boardText(arg), size === undefined ? {} : { size }));
}

/** The goal for `start`: a preset shaped like start (same walls), or a parsed board checked against it. */
export async function resolveGoal(start: Board, opts: BoardOpts): Promise<Board> {
  const preset = opts.goal;
  if (isPreset(preset)) return about(`goal (${preset}, built from the start's size and walls)`, () => goalLike(start, preset));
  const goal = await readBoard(opts.goal, opts.size, 'goal');
  validatePair(start, goal);
  return goal;
}

/** The start board of a single-board command, and its goal. */
export async function resolvePair(opts: BoardOpts): Promise<{ start: Board; goal: Board }> {
  if (typeof opts.puzzle !== 'string') throw new InvalidInputError('missing -p/--puzzle <board>');
  const start = await readBoard(opts.puzzle, opts.size);
  return { start, goal: await resolveGoal(start, opts) };
}

/**
 * A goal for commands without a start board (generate, play without -p): a preset at --size, or a
 * goal board (which then fixes the size and the walls).
 */
export async function standaloneGoal(opts: BoardOpts): Promise<Board> {
  if (isPreset(opts.goal)) {
    // Without -s: the 8-puzzle.
    const { width, height } = parseSize(opts.size ?? '3');
    return goalBoard(width, height ?? width, opts.goal);
  }
  return readBoard(opts.goal, opts.size, 'goal');
}

// ---- search options ----

export interface SearchOpts {
  algorithm?: Algorithm;
  heuristic?: HeuristicChoice;
  backend?: Backend;
  reflect?: boolean;
  maxNodes?: number;
  /** --timeout, in milliseconds (durationArg). */
  timeout?: number;
  maxMemory?: number;
  countBlank?: boolean;
  weight?: number;
  depthLimit?: number;
}

/** --algorithm, --backend, limits and the tuning knobs; --heuristic only where one heuristic is chosen. */
export function addSearchOptions(cmd: Command, withHeuristic: boolean): Command {
  cmd.addOption(new Option('--algorithm <name>', 'search algorithm (default astar)').choices(ALGORITHMS));
  if (withHeuristic) {
    cmd.addOption(
      new Option(
        '--heuristic <name>',
        'heuristic of informed searches (default manhattan); pdb555|pdb663|pdb78: 15-puzzle, pdb6666|pdb55554: 24-puzzle pattern databases (idastar, wida, anytime; built once and cached); auto: the strongest that fits --max-memory',
      ).choices(HEURISTIC_CHOICES),
    );
    cmd.option('--no-reflect', 'pattern databases: skip the diagonally reflected lookup');
  }
  cmd.addOption(new Option('--backend <name>', 'wasm kernels or the ts reference (default wasm where a kernel exists)').choices(['wasm', 'ts']));
  cmd.option('--max-nodes <n>', 'stop after expanding N nodes (exit 4)', intArg(1));
  cmd.option(TIMEOUT_FLAGS, TIMEOUT_HELP, durationArg);
  cmd.option(
    '--max-memory <size>',
    'stop when the search (or the pattern databases it needs) would store more than SIZE (e.g. 512MB, 2GB; exit 4); default: from the machine',
    memoryArg,
  );
  cmd.option('--count-blank', 'count the blank as a tile in misplaced/manhattan/euclidean (not admissible)');
  cmd.option(
    '--weight <w>',
    'weight w ≥ 1 of wastar (f = g + w·h), wida (weighted IDA* runs improve a solution, IDA* iterations prove it ≤ w × optimal) and anytime (its first weight): length ≤ w × optimal with an admissible heuristic (default 2)',
    positiveArg,
  );
  cmd.option('--depth-limit <d>', 'depth limit of dfs (default 50)', intArg(0));
  return cmd;
}

/**
 * The search flags as the engine's spec: each flag named here, so nothing
 * else a command holds (--db, --resume, --jobs, --json, --file …) can reach a task or the queue.
 */
export function solveSettings(o: SearchOpts): PuzzleSpec {
  return puzzleSpec({
    algorithm: o.algorithm,
    heuristic: o.heuristic,
    backend: o.backend,
    maxNodes: o.maxNodes,
    timeoutMs: o.timeout,
    maxMemoryBytes: o.maxMemory,
    countBlank: o.countBlank,
    weight: o.weight,
    depthLimit: o.depthLimit,
    pdbReflect: o.reflect === false ? false : undefined,
  });
}
