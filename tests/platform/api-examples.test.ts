// Every `@example` of the engine's doc comments is real code: each is type-checked against the
// built package as a consumer imports it, then run by node against the build (except the browser's,
// which need a page: the examples/ projects run those in Chromium, tests/platform/pack.test.ts). A
// `console.log(…); // text` line is an assertion: what it prints must be that text (a comment
// starting with ≈ is not checked).
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { transformSync } from 'esbuild';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/bundle.js';

const SRC = join(ROOT, 'packages/engine/src');
const DIR = join(ROOT, 'tests/.tmp/api-examples');

interface Example {
  name: string;
  code: string;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The ```ts blocks after each `@example` tag, their ` * ` margins removed. */
function examples(): Example[] {
  const found: Example[] = [];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/@example\s*\n\s*\* ```ts\n([\s\S]*?)\n\s*\* ```/g)) {
      const code = m[1]!
        .split('\n')
        .map((l) => l.replace(/^\s*\* ?/, ''))
        .join('\n');
      const line = text.slice(0, m.index).split('\n').length;
      found.push({ name: `${relative(SRC, file)}:${line}`, code });
    }
  }
  return found;
}

const all = examples();
mkdirSync(DIR, { recursive: true });
const files = all.map((e, i) => {
  const path = join(DIR, `example${i}.ts`);
  writeFileSync(path, `${e.code}\nexport {};\n`);
  return path;
});
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** Checks what a `console.log(…); // text` line prints (util.format, as console.log). */
const PRELUDE = `import { format as __format } from 'node:util';
globalThis.__expectPrinted = (args, want) => {
  const got = __format(...args);
  if (got !== want) throw new Error(\`printed \${JSON.stringify(got)}, the comment says \${JSON.stringify(want)}\`);
};
`;
/** The example with each `console.log(…); // text` turned into a check of the printed text. */
const checked = (code: string): string =>
  code.replace(
    /^(\s*)console\.log\((.*)\);\s*\/\/(?!\s*≈)\s*(.+)$/gm,
    (_, indent: string, args: string, want: string) => `${indent}(globalThis as any).__expectPrinted([${args}], ${JSON.stringify(want.trimEnd())});`,
  );

describe('the API reference examples', () => {
  it("are at least the 25 most-used functions' worth", () => {
    expect(all.length).toBeGreaterThanOrEqual(25);
  });

  it('type-check as a consumer of the package', () => {
    const program = ts.createProgram(files, {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const i = d.file ? files.indexOf(d.file.fileName) : -1;
      const where = i >= 0 && d.start !== undefined ? `${all[i]!.name} (line ${d.file!.getLineAndCharacterOfPosition(d.start).line + 1})` : '';
      return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
    expect(errors).toEqual([]);
  }, 120_000);

  const runnable = all.map((e, i) => ({ ...e, i })).filter((e) => !e.code.includes('@searchlab/engine/browser'));
  it.each(runnable.map((e) => [e.name, e] as const))(
    '%s runs and prints what it says',
    async (_, e) => {
      const path = join(DIR, `run${e.i}.mjs`);
      writeFileSync(path, PRELUDE + transformSync(checked(e.code), { loader: 'ts', format: 'esm' }).code);
      const run = promisify(execFile)(process.execPath, [path], { cwd: DIR, timeout: 100_000 });
      await expect(
        run.then(
          () => 'ok',
          (err: { stderr: string }) => err.stderr.split('\n').find((l) => /^\w*Error\b/.test(l)) ?? err.stderr,
        ),
      ).resolves.toBe('ok');
    },
    120_000,
  );
});
