import OpenAI from 'openai';
import {
  loadRecording,
  openAiChatUpstreamRequestSchema,
  recordingSseBody,
  sendJson,
  sendSse,
  type ReceivedRequest,
} from '@interlingua/testkit';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

type Reply = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

let harness: Harness;
let reply: Reply;
let client: OpenAI;

function replayJson(file: string): Reply {
  const recording = loadRecording(file);
  return (_request, response) => sendJson(response, recording.http_status, recording.body);
}

function replaySse(file: string): Reply {
  const body = recordingSseBody(loadRecording(file));
  return (_request, response) => sendSse(response, body);
}

function lastChatRequest(): Record<string, unknown> {
  const request = harness.upstream.requests.filter((r) => r.url.endsWith('/chat/completions')).at(-1);
  if (!request) throw new Error('upstream saw no chat request');
  const body = request.json();
  openAiChatUpstreamRequestSchema.parse(body);
  return body as Record<string, unknown>;
}

beforeAll(async () => {
  harness = await startHarness(
    (request, response) => {
      if (request.url === '/v1/models')
        return sendJson(response, 200, {
          object: 'list',
          data: [{ id: 'gpt-4.1-nano', object: 'model', created: 1, owned_by: 'openai' }],
        });
      return reply(request, response);
    },
    {
      models: [{ name: 'restricted', targets: [{ provider: 'mock' }] }],
      keys: [{ name: 'test', secret: GATEWAY_KEY, models: ['up/*', 'mock', 'nope'] }],
    },
  );
  client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
});

afterAll(async () => harness.close());

beforeEach(() => {
  reply = () => {
    throw new Error('no reply set');
  };
});

describe('chat completions through the gateway with the openai SDK', () => {
  it('answers a text request, rewriting only the model and auth upstream', async () => {
    reply = replayJson('openai-chat/01-text.json');
    const { data, response } = await client.chat.completions
      .create({
        model: 'up/gpt-4.1-nano',
        messages: [{ role: 'user', content: 'Hello' }],
        temperature: 0.5,
        logit_bias: { '50256': -100 },
      })
      .withResponse();
    expect(data.choices[0]?.message.content).toBe(loadRecording('openai-chat/01-text.json').expect.text);
    const upstream = harness.upstream.requests.at(-1)!;
    expect(upstream.headers.authorization).toBe('Bearer upstream-secret');
    expect(upstream.headers['x-request-id']).toBe(response.headers.get('x-request-id'));
    expect(lastChatRequest()).toMatchObject({ model: 'gpt-4.1-nano', temperature: 0.5, logit_bias: { '50256': -100 } });
    expect(response.headers.get('x-interlingua-route')).toBe(
      'provider=upstream; model=gpt-4.1-nano; attempts=1; path=fast',
    );
  });

  it('carries tool calls', async () => {
    reply = replayJson('openai-chat/09-tool-call.json');
    const completion = await client.chat.completions.create({
      model: 'up/gpt-4o',
      messages: [{ role: 'user', content: 'weather?' }],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }],
    });
    const expected = loadRecording('openai-chat/09-tool-call.json').expect.tool_calls as Array<{ name: string }>;
    expect(
      completion.choices[0]?.message.tool_calls?.map((c) => (c.type === 'function' ? c.function.name : '')),
    ).toEqual(expected.map((c) => c.name));
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
  });

  it('carries a json_schema response format', async () => {
    reply = replayJson('openai-chat/10-structured-output-json-schema.json');
    const completion = await client.chat.completions.create({
      model: 'up/gpt-4o',
      messages: [{ role: 'user', content: 'city?' }],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'city',
          schema: { type: 'object', properties: { city: { type: 'string' } } },
          strict: true,
        },
      },
    });
    expect(() => JSON.parse(completion.choices[0]?.message.content ?? '')).not.toThrow();
    expect(lastChatRequest().response_format).toMatchObject({ type: 'json_schema' });
  });

  it('streams, asking upstream for usage but not passing the usage chunk on when not asked', async () => {
    reply = replaySse('openai-chat/03-text-stream-after-tool.sse');
    const stream = await client.chat.completions.create({
      model: 'up/gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    let text = '';
    let usageChunks = 0;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices.length === 0) usageChunks++;
    }
    expect(text).toBe(loadRecording('openai-chat/03-text-stream-after-tool.sse').expect.text);
    expect(usageChunks).toBe(0);
    expect(lastChatRequest().stream_options).toEqual({ include_usage: true });
  });

  it('passes the usage chunk on when the caller asked for it', async () => {
    reply = replaySse('openai-chat/03-text-stream-after-tool.sse');
    const stream = await client.chat.completions.create({
      model: 'up/gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const usage = [];
    for await (const chunk of stream) if (chunk.usage) usage.push(chunk.usage);
    expect(usage).toEqual([loadRecording('openai-chat/03-text-stream-after-tool.sse').expect.usage]);
  });

  it('works with chat.completions.stream() and finalChatCompletion()', async () => {
    reply = replaySse('openai-chat/04-tool-call-stream.sse');
    const runner = client.chat.completions.stream({
      model: 'up/gpt-4o-mini',
      messages: [{ role: 'user', content: 'capital?' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_capital',
            parameters: { type: 'object', properties: { country: { type: 'string' } } },
          },
        },
      ],
    });
    const final = await runner.finalChatCompletion();
    const call = final.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ country: 'UK' });
  });

  it('lists the mock model and the upstream models under the prefix, for this key only', async () => {
    const ids = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(expect.arrayContaining(['mock', 'up/gpt-4.1-nano']));
    expect(ids).not.toContain('restricted');
    const one = await client.models.retrieve('up/gpt-4.1-nano');
    expect(one).toMatchObject({ id: 'up/gpt-4.1-nano', object: 'model' });
  });

  it('answers from the mock provider, streaming and not', async () => {
    const completion = await client.chat.completions.create({
      model: 'mock',
      messages: [{ role: 'user', content: 'ping' }],
    });
    expect(completion.choices[0]?.message.content).toBe('You said: ping');
    const stream = await client.chat.completions.create({
      model: 'mock',
      messages: [{ role: 'user', content: 'ping pong' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('You said: ping pong');
  });
});

describe('errors through the openai SDK', () => {
  it('401 for a bad key', async () => {
    const bad = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: 'wrong', maxRetries: 0 });
    await expect(
      bad.chat.completions.create({ model: 'mock', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('403 for a model the key may not use', async () => {
    await expect(
      client.chat.completions.create({ model: 'restricted', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toBeInstanceOf(OpenAI.PermissionDeniedError);
  });

  it('404 for an unknown model', async () => {
    const error = await client.chat.completions
      .create({ model: 'nope', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as InstanceType<typeof OpenAI.NotFoundError>).code).toBe('model_not_found');
  });

  it('400 naming the invalid field', async () => {
    const error = await client.chat.completions
      .create({ model: 'mock', messages: 'hello' as never })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toContain('messages');
  });

  it('passes an upstream 429 on with retry-after', async () => {
    reply = (_request, response) =>
      sendJson(
        response,
        429,
        { error: { message: 'Rate limit reached', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
        { 'retry-after': '7' },
      );
    const error = await client.chat.completions
      .create({ model: 'up/gpt-4o', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after')).toBe('7');
  });

  it('passes an upstream 401 on as the SDK error class, in OpenAI shape', async () => {
    reply = replayJson('openai-chat/15-error-401-invalid-api-key.json');
    await expect(
      client.chat.completions.create({ model: 'up/gpt-4o', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('reports an error after the first byte in-band', async () => {
    const body = recordingSseBody(loadRecording('openai-chat/03-text-stream-after-tool.sse'));
    reply = (_request, response) => sendSse(response, body, { resetAfterPieces: 2 });
    const stream = await client.chat.completions.create({
      model: 'up/gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    const seen: string[] = [];
    const failure = await (async () => {
      for await (const chunk of stream) seen.push(chunk.choices[0]?.delta.content ?? '');
    })().catch((e: unknown) => e);
    expect(seen.length).toBeGreaterThan(0);
    expect(failure).toBeInstanceOf(OpenAI.APIError);
  });

  it('aborts the upstream request when the client goes away', async () => {
    reply = async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(
        'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"},"finish_reason":null}]}\n\n',
      );
      await new Promise((resolve) => response.on('close', resolve));
    };
    const aborted = harness.upstream.nextAbort();
    const controller = new AbortController();
    const stream = await client.chat.completions.create(
      { model: 'up/gpt-4o', messages: [{ role: 'user', content: 'hi' }], stream: true },
      { signal: controller.signal },
    );
    for await (const _chunk of stream) {
      controller.abort();
      break;
    }
    await aborted;
  });

  it('gives JSON 404 and 405 for unmatched paths and methods', async () => {
    const missing = await fetch(`${harness.url}/v1/nothing`, { headers: { authorization: `Bearer ${GATEWAY_KEY}` } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'unknown_route' } });
    const wrongMethod = await fetch(`${harness.url}/v1/chat/completions`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });

  it('answers malformed JSON with a 400', async () => {
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
      body: '{"model":',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/not valid JSON/);
  });
});
