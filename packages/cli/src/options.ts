// Option parsers every domain's commands share: numbers, counts and seeds, with one-line errors.
import { InvalidArgumentError } from 'commander';
import { InvalidInputError, parseDecimal, parseDuration, parseInteger, parseMemorySize } from '@searchlab/engine';

/**
 * One parser for every number option, with the engine's number syntax (the same as board cells):
 * integer options take decimal integers and exact exponent forms (1e9), fractional ones decimals;
 * hex, NaN, Infinity and trailing garbage are refused.
 */
export function numberParser(what: string, integer: boolean, ok: (n: number) => boolean) {
  return (v: string): number => {
    const n = integer ? parseInteger(v) : parseDecimal(v);
    if (n === undefined || !ok(n)) throw new InvalidArgumentError(`expected ${what}, got '${v}'`);
    return n;
  };
}
export const intArg = (min: number) => numberParser(min === 0 ? 'a non-negative integer' : `an integer >= ${min}`, true, (n) => n >= min);
export const positiveArg = numberParser('a positive number', false, (n) => n > 0);
/** Any decimal number: the engine then says what is wrong with its value. */
export const decimalArg = numberParser('a decimal number', false, () => true);
export const seedArg = numberParser('an integer seed', true, () => true);
export const jobsArg = numberParser('a number of jobs from 1 to 1024', true, (n) => n >= 1 && n <= 1024);
/** The engine's parse of `v` as a commander argument error (one line, exit 2). */
const engineParser =
  (parse: (v: string) => number) =>
  (v: string): number => {
    try {
      return parse(v);
    } catch (e) {
      throw e instanceof InvalidInputError ? new InvalidArgumentError(e.message) : e;
    }
  };
/** A memory size: 512MB, 2GB, 1.5GiB or bytes. */
export const memoryArg = engineParser(parseMemorySize);
/** A duration, in milliseconds: seconds (1.5) or 500ms, 1.5s, 2m, 1h. */
export const durationArg = engineParser(parseDuration);
/** The one --timeout of every command (the value is in milliseconds). */
export const TIMEOUT_FLAGS = '--timeout <time>';
export const TIMEOUT_HELP = 'stop after this long, counted from the start of the command (exit 4): seconds (1.5) or 500ms, 2m, 1h';
