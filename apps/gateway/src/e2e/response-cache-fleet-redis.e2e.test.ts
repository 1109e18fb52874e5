import { randomUUID } from 'node:crypto';
import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisTestUrl } from '../store/redis-test-url.test-support.js';
import type { Harness } from './gateway-harness.test-support.js';
import { answerChat, answerText, chatRequest, startCachedHarness } from './response-cache.test-support.js';

const url = redisTestUrl();

/** Three instances sharing one Redis: the response cache is theirs together, and a stampede across them is one upstream call. */
describe.skipIf(!url)('response cache on a fleet sharing Redis', () => {
  const fleet: Harness[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = false;

  beforeAll(async () => {
    const sections = {
      store: { type: 'redis', url, keyPrefix: `cache-fleet-${randomUUID()}:` },
      cache: { store: 'redis' },
    };
    for (let i = 0; i < 3; i++)
      fleet.push(
        await startCachedHarness(
          async (request, response) => {
            if (holding) await held;
            await answerChat(request, response);
          },
          { sections },
        ),
      );
  });

  afterAll(async () => {
    release();
    await Promise.all(fleet.map((harness) => harness.close()));
  });

  const upstreamCalls = () => fleet.reduce((sum, harness) => sum + harness.upstream.requests.length, 0);

  it('answers on one instance what another kept', async () => {
    const [first, second] = fleet as [Harness, Harness];
    const miss = await chatRequest(first.url, 'kept across the fleet');
    expect(miss.headers.get('x-interlingua-cache')).toBe('miss');
    const hit = await chatRequest(second.url, 'kept across the fleet');
    expect(hit.headers.get('x-interlingua-cache')).toBe('hit');
    // The same answer under a fresh id of the caller's style (a hit is a new answer).
    const { id: hitId, ...hitBody } = (await hit.json()) as { id: string };
    const { id: missId, ...missBody } = (await miss.json()) as { id: string };
    expect(hitBody).toEqual(missBody);
    expect(hitId).toMatch(/^chatcmpl-/);
    expect(hitId).not.toBe(missId);
    expect(upstreamCalls()).toBe(1);
  });

  it('makes one upstream call for 100 identical concurrent requests spread over three instances', async () => {
    holding = true;
    const before = upstreamCalls();
    const answers = Array.from({ length: 100 }, (_, i) => chatRequest((fleet[i % 3] as Harness).url, 'fleet stampede'));
    const active = () => fleet.reduce((sum, harness) => sum + harness.gateway.gateway.ops.runtime.requests.count, 0);
    await expect.poll(active, { timeout: 10_000 }).toBe(100);
    release();
    const responses = await Promise.all(answers);
    const bodies = await Promise.all(responses.map((response) => response.json() as Promise<OpenAI.ChatCompletion>));
    expect(bodies.every((body) => body.choices[0]?.message.content === answerText('fleet stampede'))).toBe(true);
    expect(responses.filter((response) => response.headers.get('x-interlingua-cache') === 'hit')).toHaveLength(99);
    expect(upstreamCalls()).toBe(before + 1);
  });
});
