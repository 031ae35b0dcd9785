// The engine exports exactly its documented surface: each entry point's names (values and types)
// equal the committed list docs/api-surface.json, so a new export — an internal made public by
// accident — fails here until it is added to the list on purpose (and documented: `typedoc --emit
// none` in `pnpm test` refuses an undocumented export). Every entry point is in the README's API
// table. After a deliberate change: UPDATE_API_SURFACE=1 pnpm exec vitest run tests/platform/api-surface.test.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/bundle.js';
import { entryPoints, exportedNames } from './api-surface.js';

const LIST = join(ROOT, 'docs/api-surface.json');

describe('the public surface of @searchlab/engine', () => {
  const actual = exportedNames();

  it('equals docs/api-surface.json, entry point by entry point', () => {
    if (process.env.UPDATE_API_SURFACE) writeFileSync(LIST, `${JSON.stringify(actual, null, 2)}\n`);
    const listed = JSON.parse(readFileSync(LIST, 'utf8')) as Record<string, string[]>;
    expect(Object.keys(actual).sort()).toEqual(Object.keys(listed).sort());
    for (const [entry, names] of Object.entries(actual)) {
      const documented = new Set(listed[entry]);
      const current = new Set(names);
      expect(
        names.filter((n) => !documented.has(n)),
        `${entry}: exported but not in docs/api-surface.json`,
      ).toEqual([]);
      expect(
        listed[entry]!.filter((n) => !current.has(n)),
        `${entry}: listed but no longer exported`,
      ).toEqual([]);
    }
  });

  it('keeps the internals named by issue 26 out of every entry point', () => {
    const all = Object.values(actual).flat();
    for (const internal of ['countFrame', 'rowAvail', 'laneRng', 'QrAccumulator', 'MemoryLedger', 'createWasmKernel', 'puzzleTasks']) {
      expect(all, internal).not.toContain(internal);
    }
  });

  it("lists every entry point in the README's Engine API table", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Engine API'), readme.indexOf('\n## ', readme.indexOf('## Engine API') + 1));
    const table = section.split('\n').filter((l) => l.startsWith('| `@searchlab/engine'));
    for (const entry of entryPoints().keys()) {
      expect(
        table.some((row) => row.split('|')[1]!.includes(`\`${entry}\``)),
        entry,
      ).toBe(true);
    }
    // And every name a row says its entry point exports is exported there (or, named in passing, by another).
    const everywhere = new Set(Object.values(actual).flat());
    for (const row of table) {
      const [, entries = '', what = ''] = row.split('|');
      const own = new Set(actual[/`(@searchlab\/engine[^`]*)`/.exec(entries)![1]!]);
      const names = [...what.matchAll(/`([A-Za-z_]\w*)`/g)].map((m) => m[1]!);
      expect(
        names.filter((n) => !own.has(n) && !everywhere.has(n)),
        row.slice(0, 40),
      ).toEqual([]);
      expect(names.filter((n) => own.has(n)).length, row.slice(0, 40)).toBeGreaterThan(row.includes('nothing:') ? -1 : 0);
    }
  });
});
