// pnpm bench [domain …] [--quick]: runs tests/bench/cases/<domain>.mjs (all by default), prints
// each table as it fills, and writes tests/bench/results.json and results.md (committed; the README
// quotes them) after each domain. Domains not run this time keep their previous tables. --quick writes nothing.
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createBench, environment, renderMarkdown } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const all = readdirSync(join(here, 'cases'))
  .filter((f) => f.endsWith('.mjs'))
  .map((f) => f.slice(0, -4))
  .sort();
const asked = process.argv.slice(2).filter((a) => !a.startsWith('--'));
for (const d of asked)
  if (!all.includes(d)) {
    console.error(`bench: no case file for '${d}' (have: ${all.join(', ')})`);
    process.exit(2);
  }
const domains = asked.length > 0 ? asked : all;

// Results are written after each domain, so a failure in a later one keeps the figures already measured.
const done = [];
for (const domain of domains) {
  const bench = createBench(domain, { quick });
  const { run } = await import(pathToFileURL(join(here, 'cases', `${domain}.mjs`)).href);
  await run(bench);
  done.push({ domain, tables: bench.tables });
  if (!quick) save();
}

function save() {
  const file = join(here, 'results.json');
  let previous = { tables: [], environments: {} };
  try {
    previous = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    /* first run */
  }
  const measured = done.at(-1);
  const kept = (previous.tables ?? []).filter((t) => t.domain !== measured.domain);
  const environments = { ...previous.environments, [measured.domain]: environment() };
  const results = { environments, tables: [...kept, ...measured.tables].sort((a, b) => a.domain.localeCompare(b.domain)) };
  const write = (f, text) => {
    writeFileSync(f + '.tmp', text);
    renameSync(f + '.tmp', f);
  };
  write(file, JSON.stringify(results, null, 2) + '\n');
  write(join(here, 'results.md'), renderMarkdown(results));
  console.log(`wrote tests/bench/results.json and results.md (${measured.domain})`);
}
