/**
 * The one number syntax of every user-facing number: board cells, CLI options, web fields.
 * Decimal digits with an optional sign, fraction and exponent (`12`, `-1`, `1.5`, `1e9`, `2.5e-3`);
 * hex, binary, `NaN`, `Infinity`, blanks, `_` separators and trailing garbage are refused.
 * An integer is a value that is exactly an integer (`1e9` and `1.0` are; `1.5` is not).
 */
export const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The value of `text`, or undefined when it is not a decimal number (or is not finite). */
export function parseDecimal(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** The value of `text` when it is a decimal number that is exactly a safe integer, else undefined. */
export function parseInteger(text: string): number | undefined {
  const n = parseDecimal(text);
  return n !== undefined && Number.isSafeInteger(n) ? n : undefined;
}
