import Anthropic from '@anthropic-ai/sdk';
import {
  anthropicUpstreamCountTokensRequestSchema,
  anthropicUpstreamRequestSchema,
  loadRecording,
  recordingJson,
  recordingSseBody,
  sendJson,
  sendSse,
} from '@interlingua/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { noReply, NO_RETRIES, PIXEL_PNG, replayJson, replaySse, type Reply } from './anthropic-e2e.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/** The Anthropic SDK against the gateway, with an Anthropic upstream (the same-style fast path). */
let harness: Harness;
let reply: Reply;
let client: Anthropic;

const MODELS = {
  data: [
    { type: 'model', id: 'claude-sonnet-4-5', display_name: 'Claude Sonnet 4.5', created_at: '2025-09-29T00:00:00Z' },
  ],
  has_more: false,
  first_id: 'claude-sonnet-4-5',
  last_id: 'claude-sonnet-4-5',
};

function lastUpstream(path = '/v1/messages') {
  const request = harness.upstream.requests.filter((r) => r.url === path).at(-1);
  if (!request) throw new Error(`upstream saw no ${path} request`);
  return request;
}

function lastMessagesBody(): Record<string, unknown> {
  const body = lastUpstream().json();
  anthropicUpstreamRequestSchema.parse(body);
  return body as Record<string, unknown>;
}

beforeAll(async () => {
  harness = await startHarness(
    (request, response) => {
      if (request.url.startsWith('/v1/models')) return sendJson(response, 200, MODELS);
      return reply(request, response);
    },
    {
      upstreamProvider: { type: 'anthropic' },
      sections: NO_RETRIES,
      models: [{ name: 'restricted', targets: [{ provider: 'mock' }] }],
      keys: [{ name: 'test', secret: GATEWAY_KEY, models: ['up/*', 'mock', 'nope'] }],
    },
  );
  client = new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
});

afterAll(async () => harness.close());

beforeEach(() => {
  reply = noReply();
});

describe('messages through the gateway to Anthropic (fast path)', () => {
  it('answers text, forwarding the body with only the model rewritten and the provider key upstream', async () => {
    reply = replayJson('anthropic-messages/01-text.json');
    const { data, response } = await client.messages
      .create(
        {
          model: 'up/claude-sonnet-4-5',
          max_tokens: 256,
          system: [{ type: 'text', text: 'Be kind.', cache_control: { type: 'ephemeral' } }],
          messages: [
            {
              role: 'user',
              content: [{ type: 'text', text: 'How are you?', cache_control: { type: 'ephemeral', ttl: '1h' } }],
            },
          ],
          brand_new_field: { keep: true },
        } as Anthropic.MessageCreateParamsNonStreaming,
        { headers: { 'anthropic-beta': 'extended-cache-ttl-2025-04-11' } },
      )
      .withResponse();
    expect(data.content[0]?.type === 'text' && data.content[0].text).toBe(
      loadRecording('anthropic-messages/01-text.json').expect.text,
    );
    const upstream = lastUpstream();
    expect(upstream.headers['x-api-key']).toBe('upstream-secret');
    expect(upstream.headers['anthropic-version']).toBe('2023-06-01');
    expect(upstream.headers['anthropic-beta']).toBe('extended-cache-ttl-2025-04-11');
    expect(upstream.headers.authorization).toBeUndefined();
    const body = lastMessagesBody();
    expect(body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 256,
      system: [{ type: 'text', text: 'Be kind.', cache_control: { type: 'ephemeral' } }],
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'How are you?', cache_control: { type: 'ephemeral', ttl: '1h' } }],
        },
      ],
      brand_new_field: { keep: true },
    });
    expect(response.headers.get('x-interlingua-route')).toBe(
      'provider=upstream; model=claude-sonnet-4-5; attempts=1; path=fast',
    );
    expect(response.headers.get('request-id')).toBe(upstream.headers['x-request-id']);
  });

  it('carries tools, base64 images and thinking', async () => {
    reply = replayJson('anthropic-messages/05-thinking-tool-use.json');
    const message = await client.messages.create({
      model: 'up/claude-sonnet-4-5',
      max_tokens: 2048,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      tools: [
        { name: 'get_user_country', description: 'The user country', input_schema: { type: 'object', properties: {} } },
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL_PNG } },
            { type: 'text', text: 'Largest city in my country?' },
          ],
        },
      ],
    });
    const expected = loadRecording('anthropic-messages/05-thinking-tool-use.json').expect;
    expect(message.content.map((block) => block.type)).toEqual(['thinking', 'text', 'tool_use']);
    const thinking = message.content[0];
    expect(thinking?.type === 'thinking' && thinking.thinking).toBe(expected.thinking);
    expect(thinking?.type === 'thinking' && thinking.signature.length).toBeGreaterThan(0);
    expect(message.stop_reason).toBe('tool_use');
    expect(lastMessagesBody()).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 1024 },
      tools: [{ name: 'get_user_country' }],
    });
  });

  it('sends thinking signatures back to Anthropic unchanged in a two-turn tool round trip', async () => {
    reply = replayJson('anthropic-messages/05-thinking-tool-use.json');
    const request = {
      model: 'up/claude-sonnet-4-5',
      max_tokens: 2048,
      thinking: { type: 'enabled' as const, budget_tokens: 1024 },
      tools: [{ name: 'get_user_country', input_schema: { type: 'object' as const, properties: {} } }],
    };
    const first = await client.messages.create({
      ...request,
      messages: [{ role: 'user', content: 'Largest city in my country?' }],
    });
    const call = first.content.find((block) => block.type === 'tool_use');
    if (call?.type !== 'tool_use') throw new Error('no tool_use');
    reply = replayJson('anthropic-messages/01-text.json');
    await client.messages.create({
      ...request,
      messages: [
        { role: 'user', content: 'Largest city in my country?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: 'France' }] },
      ],
    });
    const body = lastMessagesBody() as { messages: Array<{ content: Array<Record<string, unknown>> }> };
    const recorded = (
      recordingJson(loadRecording('anthropic-messages/05-thinking-tool-use.json')) as {
        content: Array<Record<string, unknown>>;
      }
    ).content[0];
    expect(body.messages[1]?.content[0]).toEqual({
      type: 'thinking',
      thinking: recorded?.thinking,
      signature: recorded?.signature,
    });
  });

  it('streams with messages.stream(): text events and finalMessage()', async () => {
    reply = replaySse('anthropic-messages/02-text-stream.chunks.jsonl');
    const stream = client.messages.stream({
      model: 'up/claude-sonnet-4-5',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Hello' }],
    });
    let text = '';
    stream.on('text', (delta) => (text += delta));
    const final = await stream.finalMessage();
    const expected = loadRecording('anthropic-messages/02-text-stream.chunks.jsonl').expect;
    expect(text).toBe(expected.text);
    expect(final.usage).toMatchObject({ input_tokens: 12, output_tokens: 30 });
    expect(lastMessagesBody().stream).toBe(true);
  });

  it('streams tool input with inputJson events', async () => {
    reply = replaySse('anthropic-messages/07-text-then-tool-use-stream.sse');
    const stream = client.messages.stream({
      model: 'up/claude-sonnet-4-5',
      max_tokens: 512,
      tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { location: { type: 'string' } } } }],
      messages: [{ role: 'user', content: 'Weather in San Francisco?' }],
    });
    let json = '';
    stream.on('inputJson', (delta) => (json += delta));
    const final = await stream.finalMessage();
    const toolUse = final.content.find((block) => block.type === 'tool_use');
    expect(toolUse?.type === 'tool_use' && toolUse.input).toEqual({ location: 'San Francisco, CA' });
    expect(JSON.parse(json)).toEqual({ location: 'San Francisco, CA' });
  });

  it('accepts the beta surface (?beta=true)', async () => {
    reply = replayJson('anthropic-messages/01-text.json');
    const message = await client.beta.messages.create({
      model: 'up/claude-sonnet-4-5',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Hi' }],
      betas: ['context-1m-2025-08-07'],
    });
    expect(message.content[0]?.type).toBe('text');
    expect(lastUpstream().headers['anthropic-beta']).toBe('context-1m-2025-08-07');
  });

  it('sends an error after the first byte as event: error, which the SDK throws', async () => {
    const body = recordingSseBody(loadRecording('anthropic-messages/02-text-stream.chunks.jsonl'));
    reply = (_request, response) => sendSse(response, body, { resetAfterPieces: 5 });
    const stream = client.messages.stream({
      model: 'up/claude-sonnet-4-5',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Hello' }],
    });
    let text = '';
    stream.on('text', (delta) => (text += delta));
    const error = await stream.finalMessage().catch((e: unknown) => e);
    expect(text.length).toBeGreaterThan(0);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).type).toBe('api_error');
  });
});

describe('count_tokens and models with the Anthropic SDK', () => {
  it('counts natively on the Anthropic upstream', async () => {
    reply = (_request, response) => sendJson(response, 200, { input_tokens: 2095 });
    const { data, response } = await client.messages
      .countTokens({
        model: 'up/claude-sonnet-4-5',
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'Hello' }],
        tools: [{ name: 'f', input_schema: { type: 'object' } }],
      })
      .withResponse();
    expect(data).toEqual({ input_tokens: 2095 });
    expect(response.headers.get('x-interlingua-warnings')).toBeNull();
    const upstream = lastUpstream('/v1/messages/count_tokens');
    expect(upstream.headers['x-api-key']).toBe('upstream-secret');
    expect(anthropicUpstreamCountTokensRequestSchema.parse(upstream.json())).toMatchObject({
      model: 'claude-sonnet-4-5',
      system: 'Be brief.',
    });
  });

  it('estimates for the mock provider and says so', async () => {
    const { data, response } = await client.messages
      .countTokens({ model: 'mock', messages: [{ role: 'user', content: 'abcdefgh' }] })
      .withResponse();
    expect(data).toEqual({ input_tokens: 2 });
    expect(response.headers.get('x-interlingua-warnings')).toMatch(/^approximated input_tokens: estimated locally/);
    expect(response.headers.get('x-interlingua-route')).toContain('path=estimate');
  });

  it('answers count_tokens errors in Anthropic shape', async () => {
    await expect(
      client.messages.countTokens({ model: 'nope', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    await expect(client.messages.countTokens({ model: 'mock', messages: 'x' as never })).rejects.toBeInstanceOf(
      Anthropic.BadRequestError,
    );
  });

  it('lists models in Anthropic shape', async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) {
      expect(model.type).toBe('model');
      expect(typeof model.display_name).toBe('string');
      ids.push(model.id);
    }
    expect(ids).toEqual(expect.arrayContaining(['mock', 'up/claude-sonnet-4-5']));
    expect(ids).not.toContain('restricted');
    const one = await client.models.retrieve('up/claude-sonnet-4-5');
    expect(one).toMatchObject({
      type: 'model',
      id: 'up/claude-sonnet-4-5',
      display_name: 'Claude Sonnet 4.5',
      created_at: '2025-09-29T00:00:00.000Z',
    });
    await expect(client.models.retrieve('nope')).rejects.toBeInstanceOf(Anthropic.NotFoundError);
  });
});

describe('errors through the Anthropic SDK, Anthropic upstream', () => {
  it('529 overloaded_error from the upstream', async () => {
    reply = (_request, response) =>
      sendJson(response, 529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    const error = await client.messages
      .create({ model: 'up/claude-sonnet-4-5', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect(error).toMatchObject({ status: 529, type: 'overloaded_error' });
  });

  it('429 rate_limit_error with retry-after', async () => {
    reply = (_request, response) =>
      sendJson(
        response,
        429,
        {
          type: 'error',
          error: {
            type: 'rate_limit_error',
            message: 'Number of request tokens has exceeded your per-minute rate limit',
          },
        },
        { 'retry-after': '12' },
      );
    const error = await client.messages
      .create({ model: 'up/claude-sonnet-4-5', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect(error).toMatchObject({ status: 429, type: 'rate_limit_error' });
    expect((error as InstanceType<typeof Anthropic.RateLimitError>).headers?.get('retry-after')).toBe('12');
  });

  it('401 authentication_error: upstream (recorded) and gateway key', async () => {
    reply = replayJson('anthropic-messages/16-error-401-invalid-api-key.json');
    const upstreamError = await client.messages
      .create({ model: 'up/claude-sonnet-4-5', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(upstreamError).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(upstreamError).toMatchObject({ type: 'authentication_error' });
    const bad = new Anthropic({ baseURL: harness.url, apiKey: 'wrong-key', maxRetries: 0 });
    const gatewayError = await bad.messages
      .create({ model: 'mock', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(gatewayError).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(gatewayError).toMatchObject({ type: 'authentication_error' });
  });

  it('400 invalid_request_error naming the field, 404 not_found_error, 403 permission_error', async () => {
    const bad = await client.messages
      .create({ model: 'mock', max_tokens: 8, messages: [{ role: 'robot', content: 'x' }] as never })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(Anthropic.BadRequestError);
    expect(bad).toMatchObject({ type: 'invalid_request_error' });
    expect((bad as Error).message).toContain('messages[0].role');
    const missing = await client.messages
      .create({ model: 'nope', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Anthropic.NotFoundError);
    expect(missing).toMatchObject({ type: 'not_found_error' });
    const denied = await client.messages
      .create({ model: 'restricted', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(Anthropic.PermissionDeniedError);
  });

  it('404 not_found_error from the upstream (recorded)', async () => {
    reply = replayJson('anthropic-messages/18-error-404-model-not-found.json');
    const error = await client.messages
      .create({ model: 'up/claude-nope', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect(error).toMatchObject({ type: 'not_found_error' });
    expect(recordingJson(loadRecording('anthropic-messages/18-error-404-model-not-found.json'))).toMatchObject({
      error: { type: 'not_found_error' },
    });
  });

  it('JSON 404 in Anthropic shape for unknown /v1/messages paths', async () => {
    const response = await fetch(`${harness.url}/v1/messages/nothing`, {
      method: 'POST',
      headers: { 'x-api-key': GATEWAY_KEY },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });
});
