import Anthropic from '@anthropic-ai/sdk';
import {
  ANTHROPIC_TOOL_USE_ID,
  loadRecording,
  openAiChatUpstreamRequestSchema,
  recordingSseBody,
  sendJson,
  sendSse,
} from '@interlingua/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { noReply, NO_RETRIES, PIXEL_PNG, replayJson, replaySse, type Reply } from './anthropic-e2e.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/** Anthropic SDK callers -> gateway -> an OpenAI chat upstream replaying OpenAI recordings. */
let harness: Harness;
let reply: Reply;
let client: Anthropic;

type ChatMessage = {
  role: string;
  content?: unknown;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
};

function lastChatRequest(): Record<string, unknown> & { messages: ChatMessage[] } {
  const request = harness.upstream.requests.filter((r) => r.url === '/v1/chat/completions').at(-1);
  if (!request) throw new Error('upstream saw no chat request');
  const body = request.json();
  openAiChatUpstreamRequestSchema.parse(body);
  return body as Record<string, unknown> & { messages: ChatMessage[] };
}

beforeAll(async () => {
  harness = await startHarness((request, response) => reply(request, response), { sections: NO_RETRIES });
  client = new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
});

afterAll(async () => harness.close());

beforeEach(() => {
  reply = noReply();
});

const CAPITAL_TOOL = {
  name: 'get_capital',
  description: 'Capital of a country',
  input_schema: { type: 'object' as const, properties: { country: { type: 'string' } }, required: ['country'] },
};

describe('Messages in, OpenAI chat upstream', () => {
  it('answers text, with the system prompt hoisted into a system message and usage mapped', async () => {
    reply = replayJson('openai-chat/01-text.json');
    const { data, response } = await client.messages
      .create({
        model: 'up/gpt-4.1-nano',
        max_tokens: 300,
        system: 'You invent holidays.',
        messages: [{ role: 'user', content: 'Invent a holiday' }],
        stop_sequences: ['THE END'],
      })
      .withResponse();
    const expected = loadRecording('openai-chat/01-text.json').expect as {
      text: string;
      usage: { prompt_tokens: number; completion_tokens: number };
    };
    expect(data.content).toEqual([{ type: 'text', text: expected.text }]);
    expect(data.stop_reason).toBe('end_turn');
    expect(data.usage.input_tokens + (data.usage.cache_read_input_tokens ?? 0)).toBe(expected.usage.prompt_tokens);
    expect(data.usage.output_tokens).toBe(expected.usage.completion_tokens);
    const body = lastChatRequest();
    expect(body.messages.slice(0, 2)).toEqual([
      { role: 'system', content: 'You invent holidays.' },
      { role: 'user', content: 'Invent a holiday' },
    ]);
    expect(body).toMatchObject({ model: 'gpt-4.1-nano', stop: ['THE END'] });
    expect(body.max_completion_tokens ?? body.max_tokens).toBe(300);
    expect(response.headers.get('x-interlingua-route')).toBe(
      'provider=upstream; model=gpt-4.1-nano; attempts=1; path=translated:anthropic-messages>openai-chat',
    );
  });

  it('streams a tool call with inputJson events and finalMessage()', async () => {
    reply = replaySse('openai-chat/04-tool-call-stream.sse');
    const stream = client.messages.stream({
      model: 'up/gpt-4o-mini',
      max_tokens: 100,
      tools: [CAPITAL_TOOL],
      messages: [{ role: 'user', content: 'Capital of the UK?' }],
    });
    let json = '';
    stream.on('inputJson', (delta) => (json += delta));
    const final = await stream.finalMessage();
    const expected = (
      loadRecording('openai-chat/04-tool-call-stream.sse').expect.tool_calls as Array<{
        id: string;
        name: string;
        arguments: unknown;
      }>
    )[0];
    const toolUse = final.content.find((block) => block.type === 'tool_use');
    expect(toolUse).toMatchObject({ type: 'tool_use', name: expected?.name, input: expected?.arguments });
    expect(toolUse?.type === 'tool_use' && toolUse.id).toMatch(ANTHROPIC_TOOL_USE_ID);
    expect(JSON.parse(json)).toEqual(expected?.arguments);
    expect(final.stop_reason).toBe('tool_use');
    const body = lastChatRequest();
    expect(body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      tools: [{ type: 'function', function: { name: 'get_capital', parameters: CAPITAL_TOOL.input_schema } }],
    });
  });

  it('carries parallel tool calls, streamed with empty arguments and not', async () => {
    reply = replaySse('openai-chat/06-parallel-tool-calls-stream-empty-args.sse');
    const streamed = await client.messages
      .stream({ model: 'up/gpt-4o', max_tokens: 100, messages: [{ role: 'user', content: 'country and product?' }] })
      .finalMessage();
    const expectedStreamed = loadRecording('openai-chat/06-parallel-tool-calls-stream-empty-args.sse').expect
      .tool_calls as Array<{ name: string; arguments: unknown }>;
    expect(
      streamed.content.map((block) => (block.type === 'tool_use' ? [block.name, block.input] : block.type)),
    ).toEqual(expectedStreamed.map((call) => [call.name, call.arguments]));
    reply = replayJson('openai-chat/08-parallel-tool-calls.json');
    const whole = await client.messages.create({
      model: 'up/gpt-4o',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'files' }],
    });
    const expectedWhole = loadRecording('openai-chat/08-parallel-tool-calls.json').expect.tool_calls as Array<{
      name: string;
      arguments: unknown;
    }>;
    expect(whole.content.map((block) => (block.type === 'tool_use' ? [block.name, block.input] : block.type))).toEqual(
      expectedWhole.map((call) => [call.name, call.arguments]),
    );
    expect(whole.stop_reason).toBe('tool_use');
  });

  it('sends base64 images as data URLs', async () => {
    reply = replayJson('openai-chat/01-text.json');
    await client.messages.create({
      model: 'up/gpt-4o',
      max_tokens: 50,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL_PNG } },
          ],
        },
      ],
    });
    expect(lastChatRequest().messages[0]?.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL_PNG}` } },
    ]);
  });

  it('maps thinking to reasoning_effort and never sends Anthropic signatures or redacted thinking upstream', async () => {
    reply = replayJson('openai-chat/01-text.json');
    await client.messages.create({
      model: 'up/o4-mini',
      max_tokens: 4000,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: [
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'The user greets me.', signature: 'EqSIGNATUREfromAnthropic' },
            { type: 'redacted_thinking', data: 'EmREDACTEDblob' },
            { type: 'text', text: 'Hello!' },
          ],
        },
        { role: 'user', content: 'Invent a holiday' },
      ],
    });
    const request = harness.upstream.requests.at(-1)!;
    const text = request.body.toString('utf8');
    expect(text).not.toContain('EqSIGNATUREfromAnthropic');
    expect(text).not.toContain('EmREDACTEDblob');
    const body = lastChatRequest();
    expect(body.reasoning_effort).toBe('low');
    expect(body.messages[1]).toMatchObject({ role: 'assistant', content: 'Hello!' });
  });

  it('runs a two-turn tool round trip: the tool result reaches the upstream paired with its call', async () => {
    reply = replayJson('openai-chat/09-tool-call.json');
    const first = await client.messages.create({
      model: 'up/gpt-4o',
      max_tokens: 100,
      tools: [CAPITAL_TOOL],
      messages: [{ role: 'user', content: 'Capital of England?' }],
    });
    const call = first.content.find((block) => block.type === 'tool_use');
    if (call?.type !== 'tool_use') throw new Error('no tool_use');
    expect(call).toMatchObject({ name: 'get_capital', input: { country: 'England' } });
    reply = replayJson('openai-chat/01-text.json');
    const second = await client.messages.create({
      model: 'up/gpt-4o',
      max_tokens: 100,
      tools: [CAPITAL_TOOL],
      messages: [
        { role: 'user', content: 'Capital of England?' },
        { role: 'assistant', content: first.content },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: call.id, content: 'London' },
            { type: 'text', text: 'Thanks, now invent a holiday there.' },
          ],
        },
      ],
    });
    expect(second.content[0]?.type).toBe('text');
    const body = lastChatRequest();
    const assistant = body.messages[1];
    expect(assistant?.role).toBe('assistant');
    expect(assistant?.tool_calls).toEqual([
      { id: call.id, type: 'function', function: { name: 'get_capital', arguments: '{"country":"England"}' } },
    ]);
    expect(body.messages[2]).toEqual({ role: 'tool', tool_call_id: call.id, content: 'London' });
    expect(body.messages[3]).toMatchObject({ role: 'user', content: 'Thanks, now invent a holiday there.' });
  });

  it('reads an agent turn of over 128 KB of text in pieces and sends the upstream every turn, as compact JSON', async () => {
    reply = replayJson('openai-chat/01-text.json');
    const turns = Array.from({ length: 160 }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `Turn ${i}: the “quoted” test — ${'src/line '.repeat(100)}\\ \u00e9`,
    }));
    const data = await client.messages.create({
      model: 'up/gpt-4o',
      max_tokens: 100,
      system: 'Agent.',
      messages: turns,
    });
    expect(data.content[0]?.type).toBe('text');
    const raw = harness.upstream.requests.filter((r) => r.url === '/v1/chat/completions').at(-1)?.body;
    expect(raw?.length).toBeGreaterThan(128 * 1024);
    const body = lastChatRequest();
    expect(raw?.toString()).toBe(JSON.stringify(body));
    expect(body.messages).toEqual([{ role: 'system', content: 'Agent.' }, ...turns]);
  });

  it('answers a large body that is not JSON with the parser’s 400, as a small one', async () => {
    const text = JSON.stringify({
      model: 'up/gpt-4o',
      max_tokens: 10,
      messages: Array.from({ length: 400 }, () => ({ role: 'user', content: 'é'.repeat(200) })),
    });
    const refusal = async (body: string) => {
      const response = await fetch(`${harness.url}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': GATEWAY_KEY, 'anthropic-version': '2023-06-01' },
        body,
      });
      return { status: response.status, body: (await response.json()) as { error: { message: string } } };
    };
    const seen = harness.upstream.requests.length;
    const large = await refusal(`${text.slice(0, -3)},]}`);
    expect(large.status).toBe(400);
    expect(large.body.error.message).toMatch(/^The request body is not valid JSON/);
    expect(harness.upstream.requests).toHaveLength(seen);
  });

  it('estimates count_tokens for a chat upstream and says so', async () => {
    const { data, response } = await client.messages
      .countTokens({ model: 'up/gpt-4o', system: 'abcd', messages: [{ role: 'user', content: 'abcdefgh' }] })
      .withResponse();
    expect(data).toEqual({ input_tokens: 3 });
    expect(response.headers.get('x-interlingua-warnings')).toMatch(/^approximated input_tokens: estimated locally/);
    expect(harness.upstream.requests.filter((r) => r.url.includes('count'))).toHaveLength(0);
  });
});

describe('tool names an OpenAI upstream would reject', () => {
  const LONG_NAME = `mcp__knowledge_base_server__search_documents_by_semantic_similarity_and_date_range`;

  /** Answers with a call to the first tool the upstream was offered, under the name it was offered. */
  function callFirstTool(stream: boolean): Reply {
    return (request, response) => {
      const body = request.json() as { tools: Array<{ function: { name: string } }> };
      const name = body.tools[0]?.function.name ?? '';
      const call = { index: 0, id: 'call_1', type: 'function', function: { name, arguments: '{"q":"x"}' } };
      if (!stream) {
        const message = {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: call.id, type: call.type, function: call.function }],
        };
        return sendJson(response, 200, {
          id: 'c',
          object: 'chat.completion',
          created: 1,
          model: 'gpt-4o',
          choices: [{ index: 0, message, finish_reason: 'tool_calls' }],
        });
      }
      const chunk = (delta: unknown, finish: string | null) =>
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      return sendSse(
        response,
        `${chunk({ role: 'assistant', tool_calls: [call] }, null)}${chunk({}, 'tool_calls')}data: [DONE]\n\n`,
      );
    };
  }

  it.each([false, true])('maps a name longer than 64 characters reversibly (stream: %s)', async (stream) => {
    reply = callFirstTool(stream);
    const tools = [
      { name: LONG_NAME, input_schema: { type: 'object' as const, properties: { q: { type: 'string' } } } },
    ];
    const params = {
      model: 'up/gpt-4o',
      max_tokens: 100,
      tools,
      tool_choice: { type: 'tool' as const, name: LONG_NAME },
      messages: [{ role: 'user' as const, content: 'search' }],
    };
    const message = stream ? await client.messages.stream(params).finalMessage() : await client.messages.create(params);
    expect(message.content.find((block) => block.type === 'tool_use')).toMatchObject({
      name: LONG_NAME,
      input: { q: 'x' },
    });
    const upstreamName = (lastChatRequest().tools as Array<{ function: { name: string } }>)[0]?.function.name;
    expect(upstreamName).toHaveLength(64);
    expect(lastChatRequest().tool_choice).toEqual({ type: 'function', function: { name: upstreamName } });
  });
});

describe('Anthropic-shaped errors from an OpenAI chat upstream', () => {
  const params = { model: 'up/gpt-4o', max_tokens: 8, messages: [{ role: 'user' as const, content: 'x' }] };

  it('an upstream 503 is a 529 overloaded_error', async () => {
    reply = (_request, response) =>
      sendJson(response, 503, {
        error: {
          message: 'The engine is currently overloaded, please try again later',
          type: 'server_error',
          param: null,
          code: null,
        },
      });
    const error = await client.messages.create(params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect(error).toMatchObject({ status: 529, type: 'overloaded_error' });
  });

  it('an upstream 429 is a rate_limit_error with retry-after', async () => {
    reply = (_request, response) =>
      sendJson(
        response,
        429,
        { error: { message: 'Rate limit reached', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
        { 'retry-after': '3' },
      );
    const error = await client.messages.create(params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect(error).toMatchObject({ status: 429, type: 'rate_limit_error' });
    expect((error as InstanceType<typeof Anthropic.RateLimitError>).headers?.get('retry-after')).toBe('3');
  });

  it('recorded 401 and 404 become authentication_error and not_found_error', async () => {
    reply = replayJson('openai-chat/15-error-401-invalid-api-key.json');
    const auth = await client.messages.create(params).catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(auth).toMatchObject({ type: 'authentication_error' });
    reply = replayJson('openai-chat/17-error-404-model-not-found.json');
    const missing = await client.messages.create(params).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Anthropic.NotFoundError);
    expect(missing).toMatchObject({ type: 'not_found_error' });
  });

  it('an error after the first byte arrives as event: error', async () => {
    const body = recordingSseBody(loadRecording('openai-chat/03-text-stream-after-tool.sse'));
    reply = (_request, response) => sendSse(response, body, { resetAfterPieces: 3 });
    const stream = client.messages.stream(params);
    let text = '';
    stream.on('text', (delta) => (text += delta));
    const error = await stream.finalMessage().catch((e: unknown) => e);
    expect(text.length).toBeGreaterThan(0);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).type).toBe('api_error');
  });
});
