// `pnpm bench` is not part of `pnpm test`, so a renamed or trimmed export would break it unseen:
// every bench case must at least load (its named imports resolve against the engine's entry points).
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('../bench/cases/', import.meta.url));
const cases = readdirSync(dir).filter((f) => f.endsWith('.mjs'));

describe('bench cases', () => {
  it('finds the cases', () => expect(cases.length).toBeGreaterThan(5));
  it.each(cases)('%s loads and exports run()', async (file) => {
    const mod = (await import(pathToFileURL(dir + file).href)) as { run?: unknown };
    expect(typeof mod.run).toBe('function');
  });
});
