import { defineConfig } from 'vitest/config';

/** The fleet test alone (`.ci/fleet.sh`): three gateways, HAProxy, Redis and PostgreSQL it starts itself. */
export default defineConfig({
  resolve: { conditions: ['@interlingua/source'] },
  ssr: { resolve: { conditions: ['@interlingua/source'] } },
  test: {
    include: ['apps/gateway/src/e2e/fleet/*.fleet-test.ts'],
    testTimeout: 400_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
