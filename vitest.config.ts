import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@interlingua/source'] },
  ssr: { resolve: { conditions: ['@interlingua/source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'examples/**/*.test.ts'],
    // The agent-CLI suite runs on its own (.ci/agent-clis.sh, Node 24 lane): it needs the CLIs installed.
    exclude: ['**/node_modules/**', 'apps/client-suites/src/agent-clis/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
