import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Tests run against the engine's TypeScript sources; core-as must be built first (pnpm test does).
export default defineConfig({
  resolve: {
    alias: {
      '@searchlab/engine': fileURLToPath(new URL('./packages/engine/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
