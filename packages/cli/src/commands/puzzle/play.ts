// `searchlab puzzle play`: move the blank with keys (a terminal) or a key script (stdin), the board redrawn after each move.
import type { Command } from 'commander';
import { emitKeypressEvents } from 'node:readline';
import { InvalidInputError } from '@searchlab/engine';
import { applyMoves, boardToText, boardsEqual, checkSolvable, legalMoves, randomSolvable, renderBoard, type Board, type Move } from '@searchlab/engine/puzzle';
import type { Context } from '../../context.js';
import { EXIT } from '../../exit.js';
import { seedArg } from '../../options.js';
import { addBoardOptions, resolvePair, standaloneGoal, type BoardOpts } from './options.js';
import { freshSeed } from './generate-boards.js';
import { indentBlock, why } from '../../format.js';
import { MAX_KEY_LINE, stdinLines } from '../../input.js';

interface PlayOpts extends BoardOpts {
  seed?: number;
}

type Action = Move | 'quit';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Keys name the direction the BLANK moves. u/d/l/r are the move initials (so a solution's moves can
 * be piped in); w/a/s are up/left/down; `d` is down (not wasd's right): use r or → for right.
 */
const KEYS: Record<string, Action> = {
  u: 'up',
  d: 'down',
  l: 'left',
  r: 'right',
  w: 'up',
  a: 'left',
  s: 'down',
  q: 'quit',
  '\x1b[A': 'up',
  '\x1b[B': 'down',
  '\x1b[C': 'right',
  '\x1b[D': 'left',
  '\x1bOA': 'up',
  '\x1bOB': 'down',
  '\x1bOC': 'right',
  '\x1bOD': 'left',
};
const WORDS: Record<string, Action> = { up: 'up', down: 'down', left: 'left', right: 'right', quit: 'quit' };
const HELP = 'keys move the blank: arrows; u/d/l/r (up, down, left, right); w/a/s (up, left, down; d is down, so right is r or →); q quits';

export function registerPlay(parent: Command, ctx: Context, exit: (code: number) => void): void {
  const cmd = parent.command('play').description(`play in the terminal (${HELP}); keys are also read from a pipe`);
  addBoardOptions(cmd, 'one');
  cmd.option('--seed <s>', 'seed of the random start when -p is omitted', seedArg);
  cmd.action(async (opts: PlayOpts) => exit(await play(opts, ctx)));
}

/** Actions in one line of piped input: whole words (up, down, …) or single keys (escape sequences included). */
export function parseKeys(text: string): (Action | { unknown: string })[] {
  const actions: (Action | { unknown: string })[] = [];
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const word = WORDS[token.toLowerCase()];
    if (word) {
      actions.push(word);
      continue;
    }
    for (let i = 0; i < token.length; ) {
      const seq = token[i] === '\x1b' ? token.slice(i, i + 3) : token[i]!;
      const a = KEYS[seq] ?? KEYS[seq.toLowerCase()];
      actions.push(a ?? { unknown: seq });
      i += seq.length;
    }
  }
  return actions;
}

async function play(opts: PlayOpts, ctx: Context): Promise<number> {
  let start: Board;
  let goal: Board;
  if (opts.puzzle === '-') throw new InvalidInputError('play reads keys from stdin: give the board in -p, not -');
  if (opts.puzzle !== undefined) ({ start, goal } = await resolvePair(opts));
  else {
    goal = await standaloneGoal(opts);
    start = randomSolvable(goal, opts.seed ?? freshSeed());
  }
  const check = checkSolvable(start, goal);
  if (!check.solvable) {
    ctx.err(`searchlab: this board cannot reach the goal (${check.method}: ${why(check.reason)})\n`);
    return EXIT.unsolvable;
  }

  const tty = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  let board = start;
  let count = 0;
  const solved = () => boardsEqual(board, goal);
  const show = (message: string) => {
    const screen = `${indentBlock(renderBoard(board))}\nmoves: ${count}${message ? `  ${message}` : ''}\n`;
    ctx.out(tty ? `\x1b[2J\x1b[H${HELP}\ngoal: ${boardToText(goal)}\n\n${screen}` : screen);
  };
  /** Applies one action; returns an exit code when the game is over. */
  const act = (a: Action | { unknown: string }): number | undefined => {
    if (a === 'quit') {
      ctx.out(`quit after ${plural(count, 'move')}\n`);
      return EXIT.ok;
    }
    if (typeof a !== 'string') {
      show(`unknown key ${JSON.stringify(a.unknown)} (${HELP})`);
      return undefined;
    }
    if (!legalMoves(board).includes(a)) {
      show(`the blank cannot move ${a}`);
      return undefined;
    }
    board = applyMoves(board, [a]);
    count++;
    if (solved()) {
      show('');
      ctx.out(`Solved in ${plural(count, 'move')}!\n`);
      return EXIT.ok;
    }
    show('');
    return undefined;
  };

  if (!tty) ctx.out(`${HELP}\ngoal: ${boardToText(goal)}\n`);
  show(solved() ? 'already solved' : '');
  if (solved()) return EXIT.ok;
  return tty ? playTty(act) : playPipe(act);
}

async function playPipe(act: (a: Action | { unknown: string }) => number | undefined): Promise<number> {
  const notKeys = `play needs a terminal, or lines of keys on stdin (a line of over ${MAX_KEY_LINE / 1024} KiB arrived)`;
  for await (const line of stdinLines(MAX_KEY_LINE, notKeys)) {
    for (const a of parseKeys(line)) {
      const code = act(a);
      if (code !== undefined) {
        process.stdin.destroy();
        return code;
      }
    }
  }
  return EXIT.ok; // input ended: the game simply stops
}

function playTty(act: (a: Action | { unknown: string }) => number | undefined): Promise<number> {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    emitKeypressEvents(stdin);
    stdin.setRawMode(true);
    const finish = (code: number) => {
      stdin.off('keypress', onKey);
      stdin.setRawMode(false);
      stdin.pause();
      resolve(code);
    };
    const onKey = (str: string | undefined, key: { name?: string; ctrl?: boolean; sequence?: string }) => {
      if (key.ctrl && key.name === 'c') return finish(EXIT.interrupted); // raw mode: Ctrl-C arrives as a key
      const name = key.name ?? '';
      const a: Action | { unknown: string } = (['up', 'down', 'left', 'right'].includes(name) ? (name as Move) : undefined) ??
        KEYS[str ?? ''] ??
        KEYS[(str ?? '').toLowerCase()] ?? { unknown: key.sequence ?? str ?? '' };
      const code = act(a);
      if (code !== undefined) finish(code);
    };
    stdin.on('keypress', onKey);
    stdin.resume();
  });
}
