import { InvalidInputError } from './errors.js';

/**
 * Canonical JSON: object keys sorted at every level, so that equal values give equal text whatever
 * the order their keys were built in (a spec read back from PostgreSQL's jsonb comes back reordered).
 * Job keys and run specs are hashed from it.
 */
export function canonicalJson(value: unknown): string {
  try {
    return JSON.stringify(sortKeys(value));
  } catch (e) {
    // A cycle, a BigInt, a Proxy or getter that throws: the caller's value, named as such.
    throw new InvalidInputError(`value cannot be written as JSON: ${(e as Error)?.message ?? String(e)}`);
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sortKeys(v);
  }
  return out;
}
