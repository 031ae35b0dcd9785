/**
 * Argument checks for the public API: each throws InvalidInputError naming the argument, so that a
 * caller's mistake (null, a number for a callback …) never surfaces as a raw TypeError.
 */
import { InvalidInputError } from './errors.js';

/** A short description of a value for an error message. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `'${value.length > 20 ? `${value.slice(0, 20)}…` : value}'`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function fail(name: string, expected: string, value: unknown): never {
  throw new InvalidInputError(`${name} must be ${expected}, got ${describe(value)}`);
}

export function checkObject(value: unknown, name: string): asserts value is object {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(name, 'an object', value);
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
    throw new InvalidInputError(`${name} could not be read: ${(e as Error)?.message ?? String(e)}`);
  }
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) fail(name, 'an array or a typed array', value);
}

/** undefined, 'wasm' or 'ts'. */
export function checkOptionalBackend(value: unknown, name = 'backend'): void {
  if (value !== undefined && value !== 'wasm' && value !== 'ts') fail(name, "'wasm' or 'ts'", value);
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
