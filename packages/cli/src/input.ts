import { readFile } from 'node:fs/promises';
import { InvalidInputError } from '@searchlab/engine';

let stdinText: Promise<string> | undefined;

/** All of stdin as text (read once; `-p -` and `--file -` share it). */
export function readStdin(): Promise<string> {
  stdinText ??= (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  })();
  return stdinText;
}

/** The text of a board argument: `-` means stdin. */
export async function boardText(arg: string): Promise<string> {
  if (arg !== '-') return arg;
  const text = (await readStdin()).trim();
  if (text === '') throw new InvalidInputError('-p -: stdin is empty, expected a board');
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
      throw new InvalidInputError(`cannot read --file ${path}: ${code === 'ENOENT' ? 'no such file' : code ?? String(e)}`);
    }
  }
  return text
    .split(/\r?\n/)
    .map((t, i) => ({ line: i + 1, text: t.trim() }))
    .filter((l) => l.text !== '' && !l.text.startsWith('#'));
}
