/**
 * Exact rationals on BigInt, always in lowest terms with a positive denominator: enough for the
 * Monty Hall probabilities (sums, products, quotients) and their "1/3" renderings.
 */
import { checkFinite, checkIntegral, describe } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
};

/**
 * An exact rational on BigInt, always in lowest terms with a positive denominator (the exact Monty
 * Hall answers). Immutable: every operation returns a new fraction.
 */
export class Fraction {
  readonly num: bigint;
  readonly den: bigint;

  constructor(num: bigint | number, den: bigint | number = 1n) {
    checkIntegral(num, 'num');
    checkIntegral(den, 'den');
    let n = BigInt(num);
    let d = BigInt(den);
    if (d === 0n) throw new InvalidInputError('den must not be 0 (a fraction with a zero denominator)');
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcd(n, d) || 1n;
    this.num = n / g;
    this.den = d / g;
  }

  static readonly ZERO = new Fraction(0n);
  static readonly ONE = new Fraction(1n);

  /** The exact value of a decimal literal ("0.3" → 3/10, "1e-3" → 1/1000); the shortest form of a number. */
  static fromDecimal(value: number | string): Fraction {
    if (typeof value !== 'string') checkFinite(value, 'value');
    const text = typeof value === 'number' ? String(value) : value.trim();
    const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
    if (m === null || (m[2] === '' && (m[3] ?? '') === '')) throw new InvalidInputError(`value is not a decimal number: ${text.slice(0, 40)}`);
    const digits = BigInt(`${m[2] || '0'}${m[3] ?? ''}`);
    const exp = Number(m[4] ?? 0) - (m[3]?.length ?? 0);
    const sign = m[1] === '-' ? -1n : 1n;
    return exp >= 0 ? new Fraction(sign * digits * 10n ** BigInt(exp)) : new Fraction(sign * digits, 10n ** BigInt(-exp));
  }

  /** This + `o`. */
  add(o: Fraction): Fraction {
    checkFraction(o);
    return new Fraction(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  /** This − `o`. */
  sub(o: Fraction): Fraction {
    checkFraction(o);
    return new Fraction(this.num * o.den - o.num * this.den, this.den * o.den);
  }
  /** This × `o`. */
  mul(o: Fraction): Fraction {
    checkFraction(o);
    return new Fraction(this.num * o.num, this.den * o.den);
  }
  /** This ÷ `o` (`o` must not be zero). */
  div(o: Fraction): Fraction {
    checkFraction(o);
    if (o.num === 0n) throw new InvalidInputError('other must not be 0 (a division by zero)');
    return new Fraction(this.num * o.den, this.den * o.num);
  }
  /** Whether this is 0. */
  isZero(): boolean {
    return this.num === 0n;
  }
  /** Whether this equals `o` (both are in lowest terms, so numerators and denominators match). */
  equals(o: Fraction): boolean {
    checkFraction(o);
    return this.num === o.num && this.den === o.den;
  }
  /** The nearest double (exact to about 15 significant digits). */
  toNumber(): number {
    // Exact enough for display and interval checks (both parts are small for real games).
    return Number(this.num) / Number(this.den);
  }
  /** "1/3", "2/3", "0", "1". */
  toString(): string {
    return this.den === 1n ? String(this.num) : `${this.num}/${this.den}`;
  }
}

/** instanceof, which asks a Proxy for its prototype (a trap that may throw): that is 'not a Fraction' too. */
function isFraction(o: unknown): boolean {
  try {
    return o instanceof Fraction;
  } catch {
    return false;
  }
}

function checkFraction(o: unknown): asserts o is Fraction {
  if (!isFraction(o)) throw new InvalidInputError(`other must be a Fraction, got ${describe(o)}`);
}

/** Shorthand: frac(1, 3). */
export const frac = (num: bigint | number, den: bigint | number = 1n): Fraction => new Fraction(num, den);
