import { describe, it } from 'vitest';

/**
 * The PostgreSQL to test against (`POSTGRES_URL`). Without one the PostgreSQL suites are skipped
 * on a developer machine, but under `CI=true` a test fails, so CI cannot pass without them.
 */
export function postgresTestUrl(): string | undefined {
  const url = process.env.POSTGRES_URL;
  if (!url && process.env.CI === 'true') {
    describe('PostgreSQL suite', () => {
      it('needs POSTGRES_URL under CI (start one with .ci/postgres.sh)', () => {
        throw new Error('POSTGRES_URL is not set: the PostgreSQL tests cannot be skipped when CI=true');
      });
    });
  }
  return url || undefined;
}
