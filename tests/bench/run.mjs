// pnpm bench [domain …] [--quick]: runs tests/bench/cases/<domain>.mjs (all by default), prints
// each table as it fills, and writes tests/bench/results.json and results.md (committed; the README
// quotes them). Domains not run this time keep their previous tables. --quick writes nothing.
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createBench, environment, renderMarkdown } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const all = readdirSync(join(here, 'cases')).filter((f) => f.endsWith('.mjs')).map((f) => f.slice(0, -4)).sort();
const asked = process.argv.slice(2).filter((a) => !a.startsWith('--'));
for (const d of asked) if (!all.includes(d)) { console.error(`bench: no case file for '${d}' (have: ${all.join(', ')})`); process.exit(2); }
const domains = asked.length > 0 ? asked : all;

const tables = [];
for (const domain of domains) {
  const bench = createBench(domain, { quick });
  const { run } = await import(pathToFileURL(join(here, 'cases', `${domain}.mjs`)).href);
  await run(bench);
  tables.push(...bench.tables);
}

if (!quick) {
  const file = join(here, 'results.json');
  let previous = { tables: [], environments: {} };
  try { previous = JSON.parse(readFileSync(file, 'utf8')); } catch { /* first run */ }
  const kept = (previous.tables ?? []).filter((t) => !domains.includes(t.domain));
  const environments = { ...previous.environments };
  for (const d of domains) environments[d] = environment();
  const results = { environments, tables: [...kept, ...tables].sort((a, b) => a.domain.localeCompare(b.domain)) };
  const write = (f, text) => { writeFileSync(f + '.tmp', text); renameSync(f + '.tmp', f); };
  write(file, JSON.stringify(results, null, 2) + '\n');
  write(join(here, 'results.md'), renderMarkdown(results));
  console.log('wrote tests/bench/results.json and results.md');
}
