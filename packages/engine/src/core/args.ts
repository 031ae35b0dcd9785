/**
 * Argument checks for the public API: each throws InvalidInputError naming the argument, so that a
 * caller's mistake (null, a number for a callback …) never surfaces as a raw TypeError.
 */
import { InvalidInputError, SearchlabError } from './errors.js';

/** A short description of a value for an error message. */
export function describe(value: unknown): string {
  try {
    return describeValue(value);
  } catch {
    return 'an unreadable value'; // a revoked Proxy
  }
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `'${value.length > 20 ? `${value.slice(0, 20)}…` : value}'`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function fail(name: string, expected: string, value: unknown): never {
  throw new InvalidInputError(`${name} must be ${expected}, got ${describe(value)}`);
}

/** A key no options object has: reading it springs a Proxy's `get` trap that throws for any key. */
const PROBE = Symbol('searchlab.probe');

/** `what` run on a caller's value; whatever it throws (a Proxy's trap, a getter) named as unreadable. */
export function reading<T>(name: string, what: () => T): T {
  try {
    return what();
  } catch (e) {
    throw new InvalidInputError(`${name} could not be read: ${oneLine((e as Error)?.message ?? String(e))}`);
  }
}

const oneLine = (s: string): string => s.replace(/\s*\n\s*/g, ' ').trim();

/**
 * A plain object, every own property of which can be read: a Proxy whose traps throw, or a getter
 * that throws, is InvalidInputError ("options could not be read: …") here, not a raw error deep in
 * a normaliser. (A property that throws only on its second read is past what this can see.)
 */
export function checkObject(value: unknown, name: string): asserts value is object {
  const bad = reading(name, () => value === null || typeof value !== 'object' || Array.isArray(value));
  if (bad) fail(name, 'an object', value);
  reading(name, () => {
    const o = value as Record<string | symbol, unknown>;
    for (const key of Object.keys(o)) void o[key];
    void o[PROBE];
  });
}

/** undefined, or an object. */
export function checkOptionalObject(value: unknown, name: string): asserts value is object | undefined {
  if (value !== undefined) checkObject(value, name);
}

export function checkArray(value: unknown, name: string): asserts value is readonly unknown[] {
  if (!Array.isArray(value)) fail(name, 'an array', value);
}

/** An array or typed array (anything with a non-negative integer length); a throwing Proxy is named too. */
export function checkArrayLike(value: unknown, name: string): asserts value is ArrayLike<unknown> {
  let length: unknown;
  try {
    length = value === null || (typeof value !== 'object' && typeof value !== 'function') ? undefined : (value as { length?: unknown }).length;
  } catch (e) {
    throw new InvalidInputError(`${name} could not be read: ${oneLine((e as Error)?.message ?? String(e))}`);
  }
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) fail(name, 'an array or a typed array', value);
}

/** 'wasm' or 'ts'. */
export function checkBackend(value: unknown, name = 'backend'): asserts value is 'wasm' | 'ts' {
  if (value !== 'wasm' && value !== 'ts') fail(name, "'wasm' or 'ts'", value);
}

/** undefined, 'wasm' or 'ts'. */
export function checkOptionalBackend(value: unknown, name = 'backend'): void {
  if (value !== undefined) checkBackend(value, name);
}

/** A safe integer. */
export function checkInteger(value: unknown, name: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail(name, 'an integer', value);
}

export function checkString(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string') fail(name, 'a string', value);
}

/** undefined, or a function. */
export function checkOptionalFunction(value: unknown, name: string): void {
  if (value !== undefined && typeof value !== 'function') fail(name, 'a function', value);
}

/** undefined, or an AbortSignal (anything with a boolean `aborted`). */
export function checkOptionalSignal(value: unknown, name: string): void {
  if (value === undefined) return;
  if (value === null || typeof value !== 'object' || typeof (value as { aborted?: unknown }).aborted !== 'boolean') {
    fail(name, 'an AbortSignal', value);
  }
}

export function checkBoolean(value: unknown, name: string): void {
  if (value !== undefined && typeof value !== 'boolean') fail(name, 'true or false', value);
}

/** undefined, or a positive number of milliseconds (the API's one time unit). */
export function checkTimeoutMs(value: unknown, name = 'timeoutMs'): void {
  if (value !== undefined && !(typeof value === 'number' && value > 0 && !Number.isNaN(value))) fail(name, 'a positive number of milliseconds', value);
}

/** A whole number (a safe integer or a bigint) for exact arithmetic; `what` says which. */
export function checkIntegral(value: unknown, name: string): asserts value is number | bigint {
  if (typeof value === 'bigint') return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail(name, 'an integer (a safe integer or a bigint)', value);
}

/** A finite number. */
export function checkFinite(value: unknown, name: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(name, 'a finite number', value);
}

/** undefined, or a whole number ≥ `min`. */
export function checkOptionalCount(value: unknown, name: string, min = 0): void {
  if (value !== undefined && !(typeof value === 'number' && Number.isSafeInteger(value) && value >= min)) fail(name, `a whole number ≥ ${min}`, value);
}

/** The options every chart takes: a document to draw in, a size in pixels, a title (each optional). */
export function checkChartOptions(options: unknown): void {
  checkObject(options, 'options');
  const o = options as { document?: unknown; width?: unknown; height?: unknown; title?: unknown };
  if (o.document !== undefined && (o.document === null || typeof o.document !== 'object')) fail('options.document', 'a Document', o.document);
  checkOptionalCount(o.width, 'options.width', 1);
  checkOptionalCount(o.height, 'options.height', 1);
  if (o.title !== undefined) checkString(o.title, 'options.title');
}

/** Bytes: a Uint8Array (a Buffer is one). */
export function checkBytes(value: unknown, name: string): asserts value is Uint8Array {
  if (!reading(name, () => value instanceof Uint8Array)) fail(name, 'a Uint8Array', value);
}

/** String(value) for a message, safe on a value that cannot be turned into text (a throwing Proxy). */
export function shown(value: unknown): string {
  try {
    return String(value);
  } catch {
    return 'an unreadable value';
  }
}

/**
 * The caller's callback, its errors reported in the engine's one error shape: `onProgress threw: …`
 * (InvalidInputError, the original as `cause`). A callback's failure is the caller's error, not the
 * run's; the run stops there (docs/reliability.md).
 */
export function callerCallback<A extends unknown[]>(fn: (...args: A) => unknown, name: string): (...args: A) => void {
  return (...args) => {
    try {
      fn(...args);
    } catch (e) {
      if (e instanceof SearchlabError) throw e; // already in the engine's shape (an inner callback's, named there)
      throw Object.assign(new InvalidInputError(`${name} threw: ${oneLine(shown((e as Error)?.message ?? e))}`), { cause: e });
    }
  };
}
