// Reading points for `searchlab fit`: the file (or stdin) streamed line by line into the engine's
// points reader (engine/src/fit/parse.ts), so that a million rows never sit in memory as text.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { InvalidInputError } from '@searchlab/engine';
import { pointsReader, type Columns, type Points } from '@searchlab/engine/fit';

async function openCheck(path: string): Promise<void> {
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(path)).isDirectory();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InvalidInputError(`cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : (code ?? String(e))}`);
  }
  if (isDirectory) throw new InvalidInputError(`cannot read ${path}: it is a directory`);
}

/** Lines read between two calls of `stop` (a few milliseconds of parsing). */
const CHECK_EVERY = 1 << 14;

/** Reads the points of `path` ('-' = stdin); `stop` throws to end the read (a --timeout or Ctrl-C), called every few milliseconds. */
export async function readPoints(path: string, columns: Columns, stop: () => void = () => {}): Promise<Points> {
  if (path !== '-') await openCheck(path);
  const reader = pointsReader(columns, path === '-' ? 'stdin' : path);
  const input = path === '-' ? process.stdin : createReadStream(path);
  let lines = 0;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    reader.line(line);
    if (++lines % CHECK_EVERY === 0) stop();
  }
  return reader.finish();
}
