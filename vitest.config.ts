import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

// Tests run against the engine's TypeScript sources; core-as must be built first (pnpm test does).
export default defineConfig({
  resolve: {
    // The engine's entry points from source: @searchlab/engine and its subpaths (/puzzle …).
    alias: [
      { find: /^@searchlab\/engine$/, replacement: fileURLToPath(new URL('./packages/engine/src/index.ts', import.meta.url)) },
      { find: /^@searchlab\/engine\/([a-z-]+)$/, replacement: fileURLToPath(new URL('./packages/engine/src/', import.meta.url)) + '$1/index.ts' },
    ],
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for a page or process to reach a state; its default 1 s fails on a loaded
    // 2-core machine. A wait ends as soon as the state is seen, so a long limit costs nothing.
    expect: { poll: { timeout: 60_000 } },
    pool: 'forks',
    // Two files at a time even on 2 cores (vitest's default there is one: cores − 1). Most files
    // spend their time waiting on a spawned CLI, a browser or PostgreSQL, so one file at a time left
    // a core idle: measured on 8 CLI files, 87 s → 66 s wall on a loaded 2-core machine, same CPU.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Both bundles are built once here, not by two files at once.
    globalSetup: ['tests/support/global-setup.ts'],
  },
});
