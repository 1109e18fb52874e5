import { randomUUID } from 'node:crypto';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { setRequestLogging } from '../observe/request-log.js';
import { startGateway, type RunningGateway } from '../server.js';
import { redisTestUrl } from '../store/redis-test-url.test-support.js';

setRequestLogging(false);
const url = redisTestUrl();
const ADMIN = 'admin-secret-for-redis-tests';

/** Sends until one request fails (at most `max`): how many passed, and the failure. */
async function untilRefused(
  send: (i: number) => Promise<unknown>,
  max: number,
): Promise<{ passed: number; error: unknown }> {
  for (let passed = 0; passed < max; passed++) {
    const error = await send(passed).then(
      () => undefined,
      (e: unknown) => e ?? new Error('rejected'),
    );
    if (error) return { passed, error };
  }
  return { passed: max, error: undefined };
}

(url ? describe : describe.skip)('two gateway instances sharing one Redis', () => {
  let a: RunningGateway;
  let b: RunningGateway;
  const client = (gateway: RunningGateway, key: string) =>
    new OpenAI({ baseURL: `${gateway.url}/v1`, apiKey: key, maxRetries: 0, timeout: 10_000 });
  const chat = (gateway: RunningGateway, key: string) =>
    client(gateway, key).chat.completions.create({
      model: 'mock',
      messages: [{ role: 'user', content: 'hello from a shared key' }],
    });

  beforeAll(async () => {
    const config = configSchema.parse({
      server: { host: '127.0.0.1', port: 0 },
      store: { type: 'redis', url, keyPrefix: `interlingua-test:${randomUUID()}:` },
      admin: { secret: ADMIN },
      keys: [
        { name: 'shared-rpm', secret: 'shared-rpm-key-0001', rpm: 3 },
        { name: 'shared-budget', secret: 'shared-budget-key-01', budgets: [{ period: 'day', tokens: 60 }] },
      ],
      providers: [{ id: 'mock', type: 'mock' }],
      models: [{ name: 'mock', targets: [{ provider: 'mock' }] }],
    });
    a = await startGateway(config);
    b = await startGateway(config);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('enforces one RPM across both instances', async () => {
    // Alternating A, B: unshared counters would let 3 through on EACH (6); shared, the 4th fails
    // (up to 5 if a minute boundary passes meanwhile).
    const { passed, error } = await untilRefused((i) => chat(i % 2 === 0 ? a : b, 'shared-rpm-key-0001'), 8);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(passed).toBeGreaterThanOrEqual(3);
    expect(passed).toBeLessThan(6);
  });

  it('charges usage on one instance against the budget the other enforces, and both report it', async () => {
    const onA = await untilRefused(
      () => chat(a, 'shared-budget-key-01').then(() => new Promise((resolve) => setTimeout(resolve, 50))),
      30,
    );
    expect(onA.error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(onA.passed).toBeGreaterThanOrEqual(1);
    const onB = await chat(b, 'shared-budget-key-01').catch((e: unknown) => e);
    expect(onB).toBeInstanceOf(OpenAI.RateLimitError);
    expect((onB as InstanceType<typeof OpenAI.RateLimitError>).code).toBe('budget_exceeded');
    const usage = (await (
      await fetch(`${b.url}/admin/usage`, { headers: { authorization: `Bearer ${ADMIN}` } })
    ).json()) as {
      data: Array<{ name: string; day: { requests: number; inputTokens: number; outputTokens: number } }>;
    };
    const row = usage.data.find((entry) => entry.name === 'shared-budget');
    expect(row?.day.requests).toBe(onA.passed);
    expect((row?.day.inputTokens ?? 0) + (row?.day.outputTokens ?? 0)).toBeGreaterThanOrEqual(60);
  });

  it('reports ready while Redis answers', async () => {
    expect((await fetch(`${a.url}/ready`)).status).toBe(200);
  });
});
