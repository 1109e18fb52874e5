import type { ServerResponse } from 'node:http';
import OpenAI from 'openai';
import {
  loadRecording,
  recordingJson,
  recordingSseBody,
  sendJson,
  startLoopbackUpstream,
  type LoopbackUpstream,
  type ReceivedRequest,
} from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/**
 * Responses that went through to an OpenAI Responses upstream as is are stored there, not by
 * the gateway: retrieving, listing the input items of and deleting them reach that upstream,
 * with the provider's key, for the gateway key that created them only.
 */

const OTHER_KEY = 'other-gateway-key';
const PROVIDER_KEY = 'oai-provider-secret';
const JSON_ANSWER = recordingJson(loadRecording('openai-responses/01-text.json')) as Record<string, unknown>;
const STREAM_RECORDING = loadRecording('openai-responses/02-text-stream.sse');
/** The response object of the recorded stream's response.completed event. */
const STREAM_ANSWER =
  recordingSseBody(STREAM_RECORDING)
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice(5)) as { type: string; response?: Record<string, unknown> })
    .find((event) => event.type === 'response.completed')?.response ?? {};
const STREAM_ID = String(STREAM_ANSWER.id);

let upstream: LoopbackUpstream;
let harness: Harness;
let client: OpenAI;
let other: OpenAI;
/** What the upstream keeps: each response it answered, by id. */
const kept = new Map<string, Record<string, unknown>>();
let made = 0;

/** An OpenAI Responses upstream that stores its answers and serves them back, as OpenAI does. */
function openAiLike(request: ReceivedRequest, response: ServerResponse): void {
  const path = new URL(request.url, 'http://upstream').pathname;
  const match = /^\/v1\/responses\/([^/]+)(\/input_items)?$/.exec(path);
  if (request.method === 'POST' && path === '/v1/responses') {
    const body = request.json() as { stream?: boolean; input?: unknown };
    if (body.stream) {
      kept.set(STREAM_ID, { ...STREAM_ANSWER, input: body.input });
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      return void response.end(recordingSseBody(STREAM_RECORDING));
    }
    const id = `resp_upstream_${++made}`;
    kept.set(id, { ...JSON_ANSWER, id, input: body.input });
    return sendJson(response, 200, { ...JSON_ANSWER, id });
  }
  const stored = match ? kept.get(decodeURIComponent(match[1] ?? '')) : undefined;
  // An upstream that echoes what it was sent (in no credential's shape): in its errors, or in a stored answer.
  const echo = `sent with ${String(request.headers.authorization).replace(/^Bearer /, '')}`;
  if (!match || !stored)
    return sendJson(response, 404, {
      error: {
        message: `Response with id '${match?.[1] ?? ''}' not found, ${echo}.`,
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
  if (request.method === 'DELETE') {
    kept.delete(String(stored.id));
    return sendJson(response, 200, { id: stored.id, object: 'response', deleted: true });
  }
  if (match[2])
    return sendJson(response, 200, {
      object: 'list',
      data: [
        {
          id: 'msg_in_0',
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: stored.input === 'echo' ? echo : String(stored.input) }],
        },
      ],
      first_id: 'msg_in_0',
      last_id: 'msg_in_0',
      has_more: false,
    });
  const { input: _input, ...answer } = stored;
  sendJson(response, 200, answer);
}

beforeAll(async () => {
  upstream = await startLoopbackUpstream(openAiLike);
  harness = await startHarness(() => undefined, {
    providers: [{ id: 'oai', type: 'openai', baseUrl: `${upstream.url}/v1`, apiKey: PROVIDER_KEY, api: 'responses' }],
    models: [{ name: 'oai/*', targets: [{ provider: 'oai' }] }],
    keys: [
      { name: 'test', secret: GATEWAY_KEY },
      { name: 'other', secret: OTHER_KEY },
    ],
  });
  client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  other = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: OTHER_KEY, maxRetries: 0, timeout: 10_000 });
});

afterAll(async () => {
  await harness.close();
  await upstream.close();
});

/** The requests the upstream got other than creations. */
const lookups = (): ReceivedRequest[] => upstream.requests.filter((request) => request.method !== 'POST');

describe('responses stored by an OpenAI Responses upstream (passed through)', () => {
  it('retrieve, input_items and delete reach the upstream that holds the response, with the provider key', async () => {
    const created = await client.responses
      .create({ model: 'oai/gpt-4.1-mini', input: 'Tell me a story' })
      .withResponse();
    expect(created.response.headers.get('x-interlingua-route')).toContain('path=fast');
    const id = created.data.id;
    expect(id).toBe('resp_upstream_1');
    const retrieved = await client.responses.retrieve(id);
    expect(retrieved.id).toBe(id);
    expect(retrieved.output_text).toBe(created.data.output_text);
    const items = await client.responses.inputItems.list(id, { limit: 5, order: 'asc' });
    expect(items.data).toEqual([
      expect.objectContaining({ id: 'msg_in_0', content: [{ type: 'input_text', text: 'Tell me a story' }] }),
    ]);
    await client.responses.delete(id);
    expect(kept.has(id)).toBe(false);
    await expect(client.responses.retrieve(id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    const asked = lookups().map((request) => ({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
    }));
    expect(asked).toEqual([
      { method: 'GET', url: `/v1/responses/${id}`, authorization: `Bearer ${PROVIDER_KEY}` },
      {
        method: 'GET',
        url: `/v1/responses/${id}/input_items?limit=5&order=asc`,
        authorization: `Bearer ${PROVIDER_KEY}`,
      },
      { method: 'DELETE', url: `/v1/responses/${id}`, authorization: `Bearer ${PROVIDER_KEY}` },
    ]);
  });

  it('a streamed answer is remembered by the id of its response.created event', async () => {
    const stream = await client.responses.create({ model: 'oai/gpt-4.1-mini', input: 'Hello', stream: true });
    let id = '';
    for await (const event of stream) if (event.type === 'response.created') id = event.response.id;
    expect(id).toBe(STREAM_ID);
    expect((await client.responses.retrieve(id)).id).toBe(STREAM_ID);
  });

  it('another key gets 404 and the upstream is not asked; store: false answers are not remembered', async () => {
    const mine = await client.responses.create({ model: 'oai/gpt-4.1-mini', input: 'private' });
    const before = lookups().length;
    await expect(other.responses.retrieve(mine.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(other.responses.inputItems.list(mine.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(other.responses.delete(mine.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    const unstored = await client.responses.create({ model: 'oai/gpt-4.1-mini', input: 'forget me', store: false });
    await expect(client.responses.retrieve(unstored.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    expect(lookups().length).toBe(before);
    expect(kept.has(mine.id)).toBe(true);
  });

  it("the upstream's own error comes back in the OpenAI shape", async () => {
    const created = await client.responses.create({ model: 'oai/gpt-4.1-mini', input: 'soon gone' });
    kept.delete(created.id);
    const error = await client.responses.retrieve(created.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as Error).message).toContain(created.id);
  });

  it('the provider key an upstream echoes in a lookup, its answer or its error, never reaches the caller', async () => {
    const created = await client.responses.create({ model: 'oai/gpt-4.1-mini', input: 'echo' });
    const ask = (path: string): Promise<Response> =>
      fetch(`${harness.url}/v1/responses/${path}`, { headers: { authorization: `Bearer ${GATEWAY_KEY}` } });
    const items = await ask(`${created.id}/input_items`);
    const itemsText = await items.text();
    expect(items.status).toBe(200);
    expect(itemsText).toContain('sent with [redacted]');
    expect(itemsText).not.toContain(PROVIDER_KEY);
    // The owner is known for this id, so the upstream is asked; its 404 echoes the key.
    kept.delete(created.id);
    const error = await ask(created.id);
    const errorText = await error.text();
    expect(error.status).toBe(404);
    expect(errorText).toContain('sent with [redacted]');
    expect(errorText).not.toContain(PROVIDER_KEY);
  });
});
