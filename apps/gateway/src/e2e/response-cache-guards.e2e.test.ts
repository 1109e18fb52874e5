import { sendSse } from '@interlingua/testkit';
import type OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../ledger/test-databases.test-support.js';
import { GATEWAY_KEY, type Harness } from './gateway-harness.test-support.js';
import { closedPort } from './upstream-wires.test-support.js';
import {
  answerChat,
  answerText,
  CACHED_MODEL,
  chatRequest,
  startCachedHarness,
} from './response-cache.test-support.js';

/** Every guard runs before the lookup, the caller's controls are honoured, and only complete answers are kept. */
const open: Harness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((harness) => harness.close()));
});

async function cached(...args: Parameters<typeof startCachedHarness>): Promise<Harness> {
  const harness = await startCachedHarness(...args);
  open.push(harness);
  return harness;
}

async function cacheHeader(response: Response): Promise<string | null> {
  await response.text();
  return response.headers.get('x-interlingua-cache');
}

describe('x-interlingua-cache and the caller controls', () => {
  it('says miss then hit; no-store neither reads nor writes; no-cache refreshes; a key with cache: false bypasses', async () => {
    const harness = await cached(answerChat, {
      keys: [
        { name: 'test', secret: GATEWAY_KEY },
        { name: 'uncached', secret: 'uncached-key-secret', cache: false },
      ],
    });
    const { url, upstream } = harness;
    expect(await cacheHeader(await chatRequest(url, 'a', { headers: { 'cache-control': 'no-store' } }))).toBe('bypass');
    expect(await cacheHeader(await chatRequest(url, 'a'))).toBe('miss');
    expect(await cacheHeader(await chatRequest(url, 'a'))).toBe('hit');
    expect(upstream.requests).toHaveLength(2);
    expect(await cacheHeader(await chatRequest(url, 'a', { headers: { 'cache-control': 'no-store' } }))).toBe('bypass');
    expect(await cacheHeader(await chatRequest(url, 'a', { headers: { 'cache-control': 'no-cache' } }))).toBe('miss');
    expect(upstream.requests).toHaveLength(4);
    expect(await cacheHeader(await chatRequest(url, 'a', { key: 'uncached-key-secret' }))).toBe('bypass');
    expect(await cacheHeader(await chatRequest(url, 'a', { key: 'uncached-key-secret' }))).toBe('bypass');
    expect(await cacheHeader(await chatRequest(url, 'a', { body: { n: 2 } }))).toBe('bypass');
    expect(upstream.requests).toHaveLength(7);
  });

  it('keeps the answers that call tools out unless the route opts in', async () => {
    const toolRoute = { name: 'tools/*', targets: [{ provider: 'upstream', model: 'm' }] };
    const harness = await cached(
      (request, response) => {
        const body = request.json() as Record<string, unknown>;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: 'chatcmpl-tool',
            object: 'chat.completion',
            created: 1,
            model: 'm',
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: null,
                  tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'look', arguments: '{}' } }],
                },
                finish_reason: 'tool_calls',
              },
            ],
            usage: { prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 },
            echo: body.model,
          }),
        );
      },
      { models: [{ ...toolRoute, cache: { ttlSeconds: 60, cacheToolCalls: true } }] },
    );
    const tools = [{ type: 'function', function: { name: 'look', parameters: { type: 'object' } } }];
    expect(await cacheHeader(await chatRequest(harness.url, 'tool', { body: { tools } }))).toBe('miss');
    expect(await cacheHeader(await chatRequest(harness.url, 'tool', { body: { tools } }))).toBe('miss');
    expect(harness.upstream.requests).toHaveLength(2);
    const optedIn = { body: { model: 'tools/m', tools } };
    expect(await cacheHeader(await chatRequest(harness.url, 'tool', optedIn))).toBe('miss');
    expect(await cacheHeader(await chatRequest(harness.url, 'tool', optedIn))).toBe('hit');
    expect(harness.upstream.requests).toHaveLength(3);
  });

  it("never keeps a fallback target's answer under the first target's entry", async () => {
    const harness = await cached(answerChat, {
      providers: [{ id: 'down', type: 'openai', baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, apiKey: 'k' }],
      models: [
        {
          name: 'fallback/*',
          targets: [
            { provider: 'down', model: 'm' },
            { provider: 'upstream', model: 'm', priority: 1 },
          ],
          cache: { ttlSeconds: 60 },
        },
      ],
    });
    const body = { body: { model: 'fallback/m' } };
    for (let i = 0; i < 2; i++) {
      const response = await chatRequest(harness.url, 'fallback', body);
      expect(response.status).toBe(200);
      expect(await cacheHeader(response)).toBe('miss');
    }
    expect(harness.upstream.requests).toHaveLength(2);
  });
});

describe('isolation', () => {
  it('finds no hit across 24 keys asking the same prompt; each key hits its own entry', async () => {
    const keys = Array.from({ length: 24 }, (_, i) => ({ name: `tenant-${i}`, secret: `tenant-secret-${i}` }));
    const harness = await cached(answerChat, { keys });
    const firsts = await Promise.all(
      keys.map(async (key) => cacheHeader(await chatRequest(harness.url, 'same', { key: key.secret }))),
    );
    expect(firsts.every((header) => header === 'miss')).toBe(true);
    const seconds = await Promise.all(
      keys.map(async (key) => cacheHeader(await chatRequest(harness.url, 'same', { key: key.secret }))),
    );
    expect(seconds.every((header) => header === 'hit')).toBe(true);
    expect(harness.upstream.requests).toHaveLength(keys.length);
  });
});

describe('no stampede', () => {
  it('makes one upstream call for 100 identical concurrent requests', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const harness = await cached(async (request, response) => {
      await held;
      await answerChat(request, response);
    });
    const runtime = harness.gateway.gateway.ops.runtime;
    const answers = Array.from({ length: 100 }, () => chatRequest(harness.url, 'stampede'));
    await expect.poll(() => runtime.requests.count, { timeout: 10_000 }).toBe(100);
    release();
    const responses = await Promise.all(answers);
    const bodies = await Promise.all(responses.map((response) => response.json() as Promise<OpenAI.ChatCompletion>));
    expect(bodies.every((body) => body.choices[0]?.message.content === answerText('stampede'))).toBe(true);
    const headers = responses.map((response) => response.headers.get('x-interlingua-cache'));
    expect(headers.filter((header) => header === 'miss')).toHaveLength(1);
    expect(headers.filter((header) => header === 'hit')).toHaveLength(99);
    expect(harness.upstream.requests).toHaveLength(1);
  });
});

describe('only complete answers are kept', () => {
  it('keeps no entry for a stream the upstream cut midway', async () => {
    let cut = true;
    const harness = await cached((request, response) => {
      if (!cut) return answerChat(request, response);
      const head = { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm' };
      const chunk = {
        ...head,
        choices: [{ index: 0, delta: { role: 'assistant', content: 'partial' }, finish_reason: null }],
      };
      return sendSse(response, `data: ${JSON.stringify(chunk)}\n\ndata: ${JSON.stringify(chunk)}\n\n`, {
        resetAfterPieces: 1,
      });
    });
    const body = { stream: true };
    const first = await chatRequest(harness.url, 'cut', { body });
    expect(first.headers.get('x-interlingua-cache')).toBe('miss');
    expect(await first.text()).toContain('error');
    cut = false;
    expect(await cacheHeader(await chatRequest(harness.url, 'cut', { body }))).toBe('miss');
    expect(await cacheHeader(await chatRequest(harness.url, 'cut', { body }))).toBe('hit');
    expect(harness.upstream.requests).toHaveLength(2);
  });
});

describe('guards before the lookup', () => {
  it('answers 429 on a cached prompt once the key has spent its budget', async () => {
    const harness = await cached(answerChat, {
      keys: [{ name: 'test', secret: GATEWAY_KEY, budgets: [{ period: 'day', tokens: 30 }] }],
    });
    expect(await cacheHeader(await chatRequest(harness.url, 'budget'))).toBe('miss');
    const refused = await chatRequest(harness.url, 'budget');
    expect(refused.status).toBe(429);
    expect(await cacheHeader(refused)).toBeNull();
  });

  it('answers 403 on a cached prompt for a model the key may not use', async () => {
    const harness = await cached(answerChat, {
      keys: [
        { name: 'test', secret: GATEWAY_KEY },
        { name: 'other-models', secret: 'other-models-secret', models: ['mock'] },
      ],
    });
    expect(await cacheHeader(await chatRequest(harness.url, 'rules'))).toBe('miss');
    const refused = await chatRequest(harness.url, 'rules', { key: 'other-models-secret' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await cacheHeader(refused)).toBeNull();
  });

  for (const database of TEST_DATABASES) {
    it(`on ${database.name}: a revoked key gets 401 on a cached prompt; a hit is a ledger row with cost 0 and the cost it saved`, async () => {
      const admin = 'cache-admin-secret';
      const harness = await cached(answerChat, {
        sections: {
          admin: { secret: admin },
          database: await database.fresh(),
          pricing: [{ model: 'm', inputPerMillion: 1_000, outputPerMillion: 2_000 }],
        },
      });
      const adminHeaders = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
      const created = (await (
        await fetch(`${harness.url}/admin/keys`, {
          method: 'POST',
          headers: adminHeaders,
          body: JSON.stringify({ name: 'runtime' }),
        })
      ).json()) as { id: string; secret: string };
      expect(await cacheHeader(await chatRequest(harness.url, 'ledger', { key: created.secret }))).toBe('miss');
      const hit = await chatRequest(harness.url, 'ledger', { key: created.secret });
      expect(hit.headers.get('x-interlingua-cost')).toBe('0');
      expect(await cacheHeader(hit)).toBe('hit');
      const rows = (await (await fetch(`${harness.url}/admin/requests`, { headers: adminHeaders })).json()) as {
        data: Array<{ model: string; cost: number | null; cacheHit: boolean; costSaved: number | null }>;
      };
      const [hitRow, missRow] = rows.data.filter((row) => row.model === CACHED_MODEL);
      const madeFor = (21 * 1_000 + 13 * 2_000) / 1_000_000;
      expect(missRow).toMatchObject({ cacheHit: false, costSaved: null });
      expect(missRow?.cost).toBeCloseTo(madeFor, 9);
      expect(hitRow).toMatchObject({ cacheHit: true, cost: 0 });
      expect(hitRow?.costSaved).toBeCloseTo(madeFor, 9);
      await fetch(`${harness.url}/admin/keys/${created.id}`, { method: 'DELETE', headers: adminHeaders });
      const refused = await chatRequest(harness.url, 'ledger', { key: created.secret });
      expect(refused.status).toBe(401);
      expect(await cacheHeader(refused)).toBeNull();
    });
  }
});
