// The engine's public surface as its built declarations give it: every name (values and types) each
// entry point of packages/engine/package.json exports (api-surface.test.ts compares it with the list).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT } from '../support/bundle.js';

const ENGINE = join(ROOT, 'packages/engine');

/** Entry point ('@searchlab/engine/puzzle') → its declaration file, from the package's exports map. */
export function entryPoints(): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(ENGINE, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };
  const entries = new Map<string, string>();
  for (const [sub, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object' || target === null) continue; // ./package.json
    const types = (target as { types: string }).types;
    entries.set(sub === '.' ? pkg.name : `${pkg.name}/${sub.slice(2)}`, join(ENGINE, types));
  }
  return entries;
}

/** Entry point → the sorted names it exports (values and types), read with the TypeScript checker. */
export function exportedNames(): Record<string, string[]> {
  const entries = entryPoints();
  const program = ts.createProgram([...entries.values()], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const out: Record<string, string[]> = {};
  for (const [name, file] of entries) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file}: not built (run the engine's build first)`);
    const module = checker.getSymbolAtLocation(source);
    out[name] = module
      ? checker
          .getExportsOfModule(module)
          .map((s) => s.name)
          .sort()
      : [];
  }
  return out;
}
