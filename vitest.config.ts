import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@interlingua/source'] },
  ssr: { resolve: { conditions: ['@interlingua/source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
