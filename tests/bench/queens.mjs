// `node tests/bench/queens.mjs [--quick]`: the N-Queens benchmark alone (cases/queens.mjs), written
// to tests/bench/queens-results.json and .md (`pnpm bench queens` puts the same tables in results.*).
// Needs built packages (pnpm build).
import { renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBench, environment, renderMarkdown } from './harness.mjs';
import { run } from './cases/queens.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const bench = createBench('queens', { quick });
await run(bench);
if (!quick) {
  const results = { environment: environment(), tables: bench.tables };
  const write = (f, text) => { writeFileSync(f + '.tmp', text); renameSync(f + '.tmp', f); };
  write(join(here, 'queens-results.json'), JSON.stringify(results, null, 2) + '\n');
  write(join(here, 'queens-results.md'), renderMarkdown(results));
  console.log('wrote tests/bench/queens-results.json and queens-results.md');
}
