import { describe, it } from 'vitest';

/**
 * The Redis to test against (`REDIS_URL`). Without one the Redis suites are skipped on a
 * developer machine, but under `CI=true` a test fails, so CI cannot pass without running them.
 */
export function redisTestUrl(): string | undefined {
  const url = process.env.REDIS_URL;
  if (!url && process.env.CI === 'true') {
    describe('Redis suite', () => {
      it('needs REDIS_URL under CI (start one with .ci/redis.sh)', () => {
        throw new Error('REDIS_URL is not set: the Redis tests cannot be skipped when CI=true');
      });
    });
  }
  return url || undefined;
}
