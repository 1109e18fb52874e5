import type { ServerResponse } from 'node:http';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/**
 * A provider whose connection pool (`connections`) is full of long streams: a further request
 * waits for a connection only within the provider's first-byte timeout, then gets a 504 in the
 * caller's style naming the provider (it used to wait with no bound, and nothing reached the
 * caller meanwhile).
 */
const held: ServerResponse[] = [];
let arrived = 0;
const arrivals: Array<() => void> = [];
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness(
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: 'held' }, finish_reason: null }] })}\n\n`,
      );
      held.push(response);
      arrived++;
      for (const wake of arrivals.splice(0)) wake();
    },
    { upstreamProvider: { connections: 2, timeouts: { firstByteMs: 300 } } },
  );
});

afterAll(async () => {
  for (const response of held) response.end();
  await harness?.close();
});

async function upstreamHolds(count: number): Promise<void> {
  while (arrived < count) await new Promise<void>((resolve) => arrivals.push(resolve));
}

describe('a full provider connection pool', () => {
  it('answers a request that found no free connection in time with a 504 naming the provider', async () => {
    const client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0 });
    const streams = await Promise.all(
      [0, 1].map(() =>
        client.chat.completions.create({ model: 'up/m', stream: true, messages: [{ role: 'user', content: 'hold' }] }),
      ),
    );
    await upstreamHolds(2);
    const error = await client.chat.completions
      .create({ model: 'up/m', messages: [{ role: 'user', content: 'one more' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(504);
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toMatch(
      /No connection to provider "upstream" was free within the first-byte timeout of 300 ms: all its 2 connections were busy/,
    );
    const anthropic = await fetch(`${harness.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': GATEWAY_KEY, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'up/m', max_tokens: 16, messages: [{ role: 'user', content: 'and another' }] }),
    });
    expect(anthropic.status).toBe(504);
    expect(await anthropic.json()).toMatchObject({
      type: 'error',
      error: { message: expect.stringContaining('provider "upstream"') },
    });
    for (const stream of streams) stream.controller.abort();
  });
});
