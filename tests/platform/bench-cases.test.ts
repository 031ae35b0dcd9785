// `pnpm bench` is not part of `pnpm test`, so a renamed or trimmed export would break it unseen:
// every bench case must load in plain Node against the built packages (named imports are checked
// by Node's ESM linker; vitest's module runner would let a missing one through as undefined).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const dir = fileURLToPath(new URL('../bench/cases/', import.meta.url));
const cases = readdirSync(dir).filter((f) => f.endsWith('.mjs'));

it('every bench case loads and exports run()', () => {
  expect(cases.length).toBeGreaterThan(5);
  const urls = JSON.stringify(cases.map((f) => pathToFileURL(dir + f).href));
  const script = `for (const u of ${urls}) { const m = await import(u); if (typeof m.run !== 'function') throw new Error(u + ': no run()'); }`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
});
