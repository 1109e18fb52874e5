import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './gateway-harness.test-support.js';
import { answerText, CACHED_MODEL, cacheClients, startCachedHarness } from './response-cache.test-support.js';

/**
 * A Responses hit is a new answer under an id of its own: it is not stored (only `store: false`
 * requests use the cache), so continuing from it is refused, while a stored conversation of the
 * same prompt continues from its own id with its own turns.
 */
let harness: Harness;

beforeAll(async () => {
  harness = await startCachedHarness();
});

afterAll(async () => {
  await harness.close();
});

describe('answer ids of Responses hits', () => {
  it('never repeat; previous_response_id still continues the stored conversation, not a hit', async () => {
    const { openai } = cacheClients(harness.url);
    const ask = async (body: { input: string; store?: boolean; previous_response_id?: string }) => {
      const { data, response } = await openai.responses.create({ model: CACHED_MODEL, ...body }).withResponse();
      return { id: data.id, text: data.output_text, cache: response.headers.get('x-interlingua-cache') };
    };
    const stored = await ask({ input: 'first turn' });
    const miss = await ask({ input: 'first turn', store: false });
    const hit = await ask({ input: 'first turn', store: false });
    expect([stored.cache, miss.cache, hit.cache]).toEqual(['bypass', 'miss', 'hit']);
    expect(hit.text).toBe(miss.text);
    expect(new Set([stored.id, miss.id, hit.id]).size).toBe(3);

    const next = await ask({ input: 'second turn', previous_response_id: stored.id });
    expect(next.text).toBe(answerText('second turn'));
    const sent = harness.upstream.requests.at(-1)?.json() as { messages: Array<{ role: string; content: unknown }> };
    expect(JSON.stringify(sent.messages)).toContain(JSON.stringify(answerText('first turn')));
    expect(sent.messages.at(-1)).toMatchObject({ role: 'user' });

    const before = harness.upstream.requests.length;
    // As OpenAI answers an id it does not know: 400 naming it, and no upstream call.
    await expect(ask({ input: 'second turn', previous_response_id: hit.id })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining(hit.id),
    });
    expect(harness.upstream.requests.length).toBe(before);
  });
});
