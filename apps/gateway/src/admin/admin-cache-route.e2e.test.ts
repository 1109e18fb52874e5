import { afterEach, describe, expect, it } from 'vitest';
import { configKeyId } from '../auth/api-keys.js';
import { GATEWAY_KEY, logCollector, type Harness } from '../e2e/gateway-harness.test-support.js';
import { answerChat, chatRequest, startCachedHarness } from '../e2e/response-cache.test-support.js';

const ADMIN = 'cache-admin-secret';
const OTHER = { name: 'other', secret: 'other-key-secret' };
const open: Harness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((harness) => harness.close()));
});

async function cacheOf(harness: Harness, prompt: string, key = GATEWAY_KEY): Promise<string | null> {
  const response = await chatRequest(harness.url, prompt, { key });
  await response.text();
  return response.headers.get('x-interlingua-cache');
}

function clear(harness: Harness, query: string, secret = ADMIN): Promise<Response> {
  return fetch(`${harness.url}/admin/cache${query}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${secret}` },
  });
}

describe('DELETE /admin/cache', () => {
  it("clears one key's entries, leaves the others, and writes an audit line", async () => {
    const log = logCollector();
    const harness = await startCachedHarness(answerChat, {
      keys: [{ name: 'test', secret: GATEWAY_KEY }, OTHER],
      sections: { admin: { secret: ADMIN } },
      logDestination: log.destination,
    });
    open.push(harness);
    for (const prompt of ['one', 'two']) expect(await cacheOf(harness, prompt)).toBe('miss');
    expect(await cacheOf(harness, 'one', OTHER.secret)).toBe('miss');
    expect((await clear(harness, '?keyId=x', 'not-the-admin')).status).toBe(401);
    const keyId = configKeyId({ ...OTHER, models: ['*'] });
    const cleared = await clear(harness, `?keyId=${keyId}`);
    expect(await cleared.json()).toEqual({ removed: 1 });
    expect(await cacheOf(harness, 'one')).toBe('hit');
    expect(await cacheOf(harness, 'one', OTHER.secret)).toBe('miss');
    expect(log.lines.find((line) => line.audit === 'cache.clear')).toMatchObject({ keyId, removed: 1 });
    expect(await (await clear(harness, `?model=${encodeURIComponent('cached/*')}`)).json()).toEqual({ removed: 3 });
    expect(await cacheOf(harness, 'two')).toBe('miss');
    expect((await clear(harness, '?model=')).status).toBe(400);
  });
});
