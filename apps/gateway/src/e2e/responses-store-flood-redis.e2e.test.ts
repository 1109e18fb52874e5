import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { startGateway, type RunningGateway } from '../server.js';
import { redisTestUrl } from '../store/redis-test-url.test-support.js';

/**
 * The same flood as `responses-store-flood`, with the Redis store: what one key keeps in Redis
 * stays within its byte quota, and another key's response survives.
 */
const KiB = 1024;
const MiB = 1024 * KiB;
const url = redisTestUrl();
const INPUT = 'flood '.repeat(Math.ceil((256 * KiB) / 6)).slice(0, 256 * KiB);
const QUOTA = 2 * MiB;
let running: RunningGateway;

async function createdId(key: string, input: string): Promise<string> {
  const answer = await fetch(`${running.url}/v1/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'mock', input }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { id: string }).id;
}

async function retrieve(key: string, id: string): Promise<number> {
  const answer = await fetch(`${running.url}/v1/responses/${id}`, { headers: { authorization: `Bearer ${key}` } });
  await answer.arrayBuffer();
  return answer.status;
}

if (url) {
  beforeAll(async () => {
    const config = configSchema.parse({
      server: { host: '127.0.0.1', port: 0 },
      keys: [
        { name: 'flooder', secret: 'redis-flooding-key' },
        { name: 'bystander', secret: 'redis-bystander-key' },
      ],
      providers: [{ id: 'mock', type: 'mock' }],
      models: [{ name: 'mock', targets: [{ provider: 'mock' }] }],
      store: { type: 'redis', url, keyPrefix: `interlingua-flood-${randomUUID()}:`, commandTimeoutMs: 5_000 },
      responses: { store: { maxEntries: 100, maxBytesPerKey: QUOTA, maxEntryBytes: 2 * MiB, maxTotalBytes: 64 * MiB } },
    });
    running = await startGateway(config, { logDestination: { write: () => undefined } });
  });

  afterAll(() => running?.close());

  describe('a key flooding the Responses store kept in Redis', () => {
    it("stays within its byte quota there, evicting its own oldest, never another key's", async () => {
      const bystanderId = await createdId('redis-bystander-key', 'a short question');
      const ids: string[] = [];
      for (let i = 0; i < 24; i++) ids.push(await createdId('redis-flooding-key', INPUT));
      const usage = await running.gateway.store.groupUsage(
        running.gateway.keys.find((key) => key.name === 'flooder')?.id ?? 'flooder',
      );
      expect(usage.groupBytes).toBeGreaterThan(0);
      expect(usage.groupBytes).toBeLessThanOrEqual(QUOTA);
      expect(await retrieve('redis-flooding-key', ids.at(-1) ?? '')).toBe(200);
      expect(await retrieve('redis-flooding-key', ids[0] ?? '')).toBe(404);
      expect(await retrieve('redis-bystander-key', bystanderId)).toBe(200);
    }, 120_000);
  });
} else {
  describe.skip('Responses store flood on Redis (set REDIS_URL to run)', () => undefined);
}
