import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './gateway-harness.test-support.js';
import {
  answerText,
  askWith,
  cacheClients,
  SDK_STYLES,
  startCachedHarness,
  type CacheClients,
  type SdkStyle,
} from './response-cache.test-support.js';

/**
 * The four official SDKs read the same content from a cache hit as from the miss that filled
 * it, streamed and whole, under a fresh answer id in the caller's style; one prompt asked in
 * every style is one entry (one upstream call).
 */
let harness: Harness;
let clients: CacheClients;

beforeAll(async () => {
  harness = await startCachedHarness();
  clients = cacheClients(harness.url);
});

afterAll(async () => {
  await harness.close();
});

/** How each style's answer ids start (Gemini's `responseId` has no prefix). */
const ID_SHAPES: Record<SdkStyle, RegExp> = {
  chat: /^chatcmpl-\S+$/,
  responses: /^resp_\S+$/,
  messages: /^msg_\S+$/,
  gemini: /^\S+$/,
};

const cases = SDK_STYLES.flatMap((style) => [false, true].map((stream) => [style, stream] as const));

describe('a hit reads as the miss that filled it', () => {
  it.each(cases)('%s (streamed: %s)', async (style, stream) => {
    const prompt = `equal content ${style} ${String(stream)}`;
    const before = harness.upstream.requests.length;
    const miss = await askWith(clients, style, prompt, stream);
    const hit = await askWith(clients, style, prompt, stream);
    expect(harness.upstream.requests.length).toBe(before + 1);
    expect(miss.text).toBe(answerText(prompt));
    expect({ ...hit, id: miss.id }).toEqual(miss);
    const again = await askWith(clients, style, prompt, stream);
    // The miss carries the upstream's id as it does without the cache; each hit a new one of the caller's style.
    for (const answer of [hit, again]) expect(answer.id).toMatch(ID_SHAPES[style]);
    expect(new Set([miss.id, hit.id, again.id]).size).toBe(3);
  });
});

describe('one entry across styles', () => {
  it.each([false, true])('chat fills it, every other style (streamed: %s) hits it', async (stream) => {
    const prompt = `shared across styles ${String(stream)}`;
    const before = harness.upstream.requests.length;
    const filled = await askWith(clients, 'chat', prompt, !stream);
    for (const style of SDK_STYLES) {
      const answer = await askWith(clients, style, prompt, stream);
      expect(answer.text, style).toBe(filled.text);
      expect(answer.id, style).toMatch(ID_SHAPES[style]);
      expect(answer.id, style).not.toBe(filled.id);
    }
    expect(harness.upstream.requests.length).toBe(before + 1);
  });
});
