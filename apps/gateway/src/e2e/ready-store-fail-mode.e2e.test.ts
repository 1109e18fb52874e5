import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { closedPort } from './upstream-wires.test-support.js';

/**
 * `/ready` while the Redis store does not answer follows `limits.whenStoreFails`: `open` serves
 * every request without counting it, so the instance stays in the balancer (200 `degraded`);
 * `closed` refuses keys with limits, so it says 503 `unavailable`.
 */
const LIMITED = 'store-fail-limited-key';

describe.each([
  {
    mode: 'open',
    readyStatus: 200,
    body: { status: 'degraded', store: 'unreachable', limits: 'not enforced' },
    chat: 200,
  },
  {
    mode: 'closed',
    readyStatus: 503,
    body: { status: 'unavailable', store: 'unreachable', limits: 'refused' },
    chat: 503,
  },
])('/ready with Redis away and limits failing $mode', ({ mode, readyStatus, body, chat }) => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness(() => undefined, {
      keys: [{ name: 'limited', secret: LIMITED, rpm: 100 }],
      sections: {
        store: { type: 'redis', url: `redis://127.0.0.1:${await closedPort()}`, commandTimeoutMs: 200 },
        limits: { whenStoreFails: mode },
      },
    });
  });

  afterAll(() => harness.close());

  it(`answers ${readyStatus} ${body.status}, naming the store and what happens to limits`, async () => {
    const response = await fetch(`${harness.url}/ready`);
    expect(response.status).toBe(readyStatus);
    expect(await response.json()).toMatchObject(body);
  });

  it(`answers a limited key's request with ${chat}`, async () => {
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${LIMITED}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(response.status).toBe(chat);
    if (chat === 503)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('limits_unavailable');
  });
});
