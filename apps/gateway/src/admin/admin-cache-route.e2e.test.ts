import { afterEach, describe, expect, it } from 'vitest';
import { configKeyId } from '../auth/api-keys.js';
import { GATEWAY_KEY, logCollector, type Harness } from '../e2e/gateway-harness.test-support.js';
import { answerChat, chatRequest, startCachedHarness } from '../e2e/response-cache.test-support.js';
import { TEST_DATABASES } from '../ledger/test-databases.test-support.js';

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

describe.each(TEST_DATABASES)('a runtime key with cache: false ($name)', (database) => {
  it('never gets a hit while its twin does, and can be let back in with PATCH cache: null', async () => {
    const harness = await startCachedHarness(answerChat, {
      sections: { admin: { secret: ADMIN }, database: await database.fresh() },
    });
    open.push(harness);
    const admin = async (method: string, path: string, body: unknown): Promise<Record<string, unknown>> => {
      const response = await fetch(`${harness.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as Record<string, unknown>;
      expect(response.status, JSON.stringify(json)).toBeLessThan(300);
      return json;
    };
    const twin = await admin('POST', '/admin/keys', { name: 'twin' });
    const kept = await admin('POST', '/admin/keys', { name: 'kept-out', cache: false });
    expect(twin.cache).toBeUndefined();
    expect(kept.cache).toBe(false);
    const keptSecret = String(kept.secret);
    expect(await cacheOf(harness, 'same prompt', String(twin.secret))).toBe('miss');
    expect(await cacheOf(harness, 'same prompt', String(twin.secret))).toBe('hit');
    for (let i = 0; i < 3; i++) expect(await cacheOf(harness, 'same prompt', keptSecret)).toBe('bypass');
    expect(harness.upstream.requests).toHaveLength(4);

    expect((await admin('PATCH', `/admin/keys/${String(kept.id)}`, { cache: null })).cache).toBeUndefined();
    expect(await cacheOf(harness, 'same prompt', keptSecret)).toBe('miss');
    expect(await cacheOf(harness, 'same prompt', keptSecret)).toBe('hit');
    expect((await admin('PATCH', `/admin/keys/${String(twin.id)}`, { cache: false })).cache).toBe(false);
    expect(await cacheOf(harness, 'same prompt', String(twin.secret))).toBe('bypass');
    const listed = (await (
      await fetch(`${harness.url}/admin/keys`, { headers: { authorization: `Bearer ${ADMIN}` } })
    ).json()) as { data: Array<{ name: string; cache?: false }> };
    expect(listed.data.find((key) => key.name === 'twin')?.cache).toBe(false);
  });

  it('refuses a cache value other than false (or null to clear it)', async () => {
    const harness = await startCachedHarness(answerChat, {
      sections: { admin: { secret: ADMIN }, database: await database.fresh() },
    });
    open.push(harness);
    const response = await fetch(`${harness.url}/admin/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bad', cache: 'no' }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('cache');
  });
});
