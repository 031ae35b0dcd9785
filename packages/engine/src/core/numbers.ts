/**
 * The one number syntax of every user-facing number: board cells, CLI options, web fields.
 * Decimal digits with an optional sign, fraction and exponent (`12`, `-1`, `1.5`, `1e9`, `2.5e-3`);
 * hex, binary, `NaN`, `Infinity`, blanks, `_` separators and trailing garbage are refused.
 * An integer is a value that is exactly an integer (`1e9` and `1.0` are; `1.5` is not).
 * Durations (`parseDuration`) and memory sizes (`parseMemorySize`, memory.ts) put a unit after such a number.
 */
import { checkString } from './args.js';
import { InvalidInputError } from './errors.js';

export const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The value of `text`, or undefined when it is not a decimal number (or is not finite). */
export function parseDecimal(text: string): number | undefined {
  checkString(text, 'text');
  if (!DECIMAL.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** The value of `text` when it is a decimal number that is exactly a safe integer, else undefined. */
export function parseInteger(text: string): number | undefined {
  const n = parseDecimal(text);
  return n !== undefined && Number.isSafeInteger(n) ? n : undefined;
}

const DURATION_UNITS_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * The one duration syntax of every `--timeout` (and any other time a user types): a decimal number
 * of seconds (`1.5`), or a number with a unit — `500ms`, `1.5s`, `2m`, `1h`. Returns milliseconds
 * (the API's unit); throws InvalidInputError naming the text unless it is a positive, finite time.
 */
export function parseDuration(text: string): number {
  checkString(text, 'text');
  const m = /^(.*?)(ms|s|m|h)?$/.exec(text.trim());
  const n = m === null ? undefined : parseDecimal(m[1]!);
  if (m === null || n === undefined) {
    throw new InvalidInputError(`duration '${text}': expected seconds (1.5) or a number with a unit: 500ms, 1.5s, 2m, 1h`);
  }
  const ms = n * DURATION_UNITS_MS[m[2] ?? 's']!;
  if (!(ms > 0) || !Number.isFinite(ms)) throw new InvalidInputError(`duration '${text}' must be more than 0`);
  return ms;
}
