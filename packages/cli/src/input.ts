// Reading user input: stdin (bounded), board arguments (- for stdin) and files of lines with their line numbers.
import { readFile } from 'node:fs/promises';
import { InvalidInputError } from '@searchlab/engine';

let stdinText: Promise<string> | undefined;

/** The most stdin `-p -` and `--file -` read: far more than a 1000×1000 board in any format. */
export const MAX_STDIN_BYTES = 64 * 1024 * 1024;

/** All of stdin as text (read once; `-p -` and `--file -` share it), at most MAX_STDIN_BYTES. */
export function readStdin(): Promise<string> {
  stdinText ??= (async () => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of process.stdin) {
      size += (chunk as Buffer).length;
      if (size > MAX_STDIN_BYTES) {
        process.stdin.destroy();
        throw new InvalidInputError(`stdin: more than ${MAX_STDIN_BYTES / 2 ** 20} MiB of input; a board or a list of boards is far smaller`);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  })();
  return stdinText;
}

/** The longest line of piped keys `puzzle play` reads. */
export const MAX_KEY_LINE = 64 * 1024;

/**
 * Lines of stdin as they arrive (for piped keys); a line longer than `maxLine` means stdin is not
 * lines of keys (e.g. /dev/zero): InvalidInputError with `what` as the message.
 */
export async function* stdinLines(maxLine: number, what: string): AsyncGenerator<string, void, void> {
  let pending = '';
  for await (const chunk of process.stdin) {
    pending += (chunk as Buffer).toString('utf8');
    const lines = pending.split(/\r?\n/);
    pending = lines.pop()!;
    if (pending.length > maxLine) {
      process.stdin.destroy();
      throw new InvalidInputError(what);
    }
    yield* lines;
  }
  if (pending !== '') yield pending;
}

/** The text of a board argument: `-` means stdin. */
export async function boardText(arg: string): Promise<string> {
  if (arg !== '-') return arg;
  const text = (await readStdin()).trim();
  if (text === '') throw new InvalidInputError('stdin (-) is empty, expected a board');
  return text;
}

/** Non-empty, non-comment lines of a file (`-` = stdin), with their 1-based line numbers. */
export async function readLines(path: string): Promise<{ line: number; text: string }[]> {
  let text: string;
  if (path === '-') text = await readStdin();
  else {
    try {
      text = await readFile(path, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new InvalidInputError(`cannot read --file ${path}: ${code === 'ENOENT' ? 'no such file' : (code ?? String(e))}`);
    }
  }
  return text
    .split(/\r?\n/)
    .map((t, i) => ({ line: i + 1, text: t.trim() }))
    .filter((l) => l.text !== '' && !l.text.startsWith('#'));
}
