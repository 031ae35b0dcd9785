// Test hooks stay out of what we ship: the kernels module the engine embeds exports none of the
// testing build's hooks (core-as assembly/testing.ts), the testing build is that module plus the
// hooks and nothing else, and the engine's dist (what its tarball carries) has no testing build.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadKernels } from '@searchlab/engine';
import { ROOT } from '../support/bundle.js';
import { HOOKS, testingModule } from '../support/kernels.js';

const names = (m: WebAssembly.Module): string[] =>
  WebAssembly.Module.exports(m)
    .map((e) => e.name)
    .sort();

describe('the shipped kernels', () => {
  it('export no test hook; the testing build exports the same plus the hooks', async () => {
    // loadKernels compiles the bytes the engine embeds (its dist/core-as, copied at its build).
    const shipped = names((await loadKernels()).module);
    expect(shipped).toContain('puzzleInit');
    expect(shipped.filter((n) => (HOOKS as readonly string[]).includes(n))).toEqual([]);
    expect(names(await testingModule())).toEqual([...shipped, ...HOOKS].sort());
  });

  it('the engine dist carries no testing build', () => {
    const files = readdirSync(join(ROOT, 'packages/engine/dist/core-as'));
    expect(files).toContain('index.js');
    expect(files.filter((f) => f.includes('testing'))).toEqual([]);
  });
});
