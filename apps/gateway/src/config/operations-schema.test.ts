import { describe, expect, it } from 'vitest';
import { configSchema } from './config-schema.js';
import { ConfigError, parseConfigText } from './load-config.js';

describe('operations config', () => {
  it('has working defaults: memory store, retries with backoff, keep-alives, no prices, no admin', () => {
    const config = configSchema.parse({});
    expect(config.store).toEqual({ type: 'memory', maxEntries: 100_000 });
    expect(config.routing).toEqual({
      retries: 2,
      backoff: { initialMs: 500, maxMs: 8_000, multiplier: 2 },
      maxRetryAfterSeconds: 10,
      cooldown: { failures: 5, windowMs: 60_000, durationMs: 30_000 },
      timeouts: { totalMs: 600_000 },
    });
    expect(config.streams).toEqual({ keepAliveMs: 15_000, firstEventKeepAliveMs: 0, maxDurationMs: 3_600_000 });
    expect(config.pricing).toEqual([]);
    expect(config.admin).toBeUndefined();
    expect(config.logging).toEqual({ level: 'info', bodies: false, maxBodyChars: 16_384 });
    expect(config.shutdown.graceMs).toBe(30_000);
  });

  it('reports bad operations fields by path', () => {
    const text = JSON.stringify({
      keys: [
        {
          name: 'k',
          secret: 'secret-value-1',
          endpoints: ['chat', 'telepathy'],
          rpm: 0,
          budgets: [{ period: 'week', tokens: 1 }, { period: 'day' }],
        },
      ],
      store: { type: 'redis', url: 'http://redis' },
      limits: { maxBodyBytes: { chat: 10, videos: 5 } },
      admin: { secret: 'short' },
    });
    let problems: string[] = [];
    try {
      parseConfigText(text, 'test', {});
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems).toContain('limits.maxBodyBytes.videos: Unrecognized key: "videos"');
    const paths = problems.map((problem) => problem.split(':')[0]);
    expect(paths).toEqual(
      expect.arrayContaining([
        'keys[0].endpoints[1]',
        'keys[0].rpm',
        'keys[0].budgets[0].period',
        'keys[0].budgets[1]',
        'store.url',
        'limits.maxBodyBytes.videos',
        'admin.secret',
      ]),
    );
  });
});
