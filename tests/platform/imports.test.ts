// The import graph of the engine, the lab and the CLI: no cycles, and the platform names no domain. Read
// from the sources (every `import … from './x.js'` and `export … from`, type-only ones included:
// a cycle of types is still a knot in the design).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/bundle.js';

const ENGINE = join(ROOT, 'packages/engine/src');
const WEB = join(ROOT, 'packages/web/src');
const CLI = join(ROOT, 'packages/cli/src');
const DOMAINS = ['puzzle', 'queens', 'monty', 'fit'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** file → the files it imports (relative specifiers, and @searchlab/engine subpaths mapped to the engine's sources). */
function graph(files: string[]): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|(?:^|\n)\s*import\s+'([^']+)'/g)) {
      const spec = m[1] ?? m[2]!;
      if (spec.startsWith('.')) targets.push(resolve(dirname(file), spec).replace(/\.js$/, '.ts'));
      else if (spec === '@searchlab/engine') targets.push(join(ENGINE, 'index.ts'));
      else if (spec.startsWith('@searchlab/engine/')) {
        const sub = join(ENGINE, spec.slice('@searchlab/engine/'.length));
        targets.push(files.includes(`${sub}.ts`) ? `${sub}.ts` : join(sub, 'index.ts'));
      }
    }
    edges.set(file, targets);
  }
  return edges;
}

/** Every cycle's files (one per strongly connected group, Tarjan). */
function cycles(edges: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>(),
    low = new Map<string, number>(),
    stack: string[] = [],
    on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(group.map((f) => relative(ROOT, f)).sort());
    }
  };
  for (const v of edges.keys()) if (!order.has(v)) visit(v);
  return found;
}

const engineFiles = sources(ENGINE);
const webFiles = sources(WEB);
const all = graph([...engineFiles, ...webFiles, ...sources(CLI)]);

describe('import graph', () => {
  it('has no cycles (engine, lab and CLI)', () => {
    expect(cycles(all)).toEqual([]);
  });

  it('the platform (engine core/, search/, the worker hosts, the root entry, the lab shell) imports no domain', () => {
    const platform = [
      ...engineFiles.filter((f) => /\/(core|search)\//.test(f)),
      join(ENGINE, 'index.ts'),
      join(ENGINE, 'node/host.ts'),
      join(ENGINE, 'node/pool.ts'),
      ...webFiles.filter((f) => f.includes('/shell/')),
    ];
    const domainDirs = DOMAINS.flatMap((d) => [join(ENGINE, d), join(WEB, d)]);
    const offending = platform.flatMap((f) =>
      all
        .get(f)!
        .filter((t) => domainDirs.some((d) => t.startsWith(`${d}/`)) || t === join(ENGINE, 'domains.ts'))
        .map((t) => `${relative(ROOT, f)} → ${relative(ROOT, t)}`),
    );
    expect(offending).toEqual([]);
  });
});
