import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The agent-CLI suite alone (.ci/agent-clis.sh): the task runs one CLI process at a time, the
 * compaction runs (a concurrent block) at most five at a time on a small machine.
 */
export default defineConfig({
  resolve: { conditions: ['@interlingua/source'] },
  ssr: { resolve: { conditions: ['@interlingua/source'] } },
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['apps/client-suites/src/agent-clis/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 30_000,
    pool: 'forks',
    fileParallelism: false,
    maxConcurrency: 5,
  },
});
