// Option parsers every domain's commands share: numbers, counts and seeds, with one-line errors.
import { InvalidArgumentError } from 'commander';

function numberParser(what: string, ok: (n: number) => boolean) {
  return (v: string): number => {
    const n = Number(v);
    if (v.trim() === '' || !ok(n)) throw new InvalidArgumentError(`expected ${what}`);
    return n;
  };
}
export const intArg = (min: number) =>
  numberParser(min === 0 ? 'a non-negative integer' : `an integer >= ${min}`, (n) => Number.isSafeInteger(n) && n >= min);
export const positiveArg = numberParser('a positive number', (n) => Number.isFinite(n) && n > 0);
export const seedArg = numberParser('an integer seed', (n) => Number.isSafeInteger(n));
export const jobsArg = numberParser('a number of jobs from 1 to 1024', (n) => Number.isSafeInteger(n) && n >= 1 && n <= 1024);

const UNITS: Readonly<Record<string, number>> = { '': 1, k: 2 ** 10, m: 2 ** 20, g: 2 ** 30 };
/** A size in bytes: 1048576, 512M, 1.5G (K, M, G: powers of 1024). */
export function memoryArg(v: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmg]?)i?b?\s*$/i.exec(v);
  const bytes = m ? Math.floor(Number(m[1]) * UNITS[m[2]!.toLowerCase()]!) : NaN;
  if (!(bytes >= 1)) throw new InvalidArgumentError('expected a size such as 512M, 2G or a number of bytes');
  return bytes;
}
