import OpenAI from 'openai';
import {
  anthropicUpstreamRequestSchema,
  loadRecording,
  sendJson,
  type AnthropicUpstreamRequest,
} from '@interlingua/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { noReply, NO_RETRIES, PIXEL_PNG, replayJson, replaySse, type Reply } from './anthropic-e2e.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/** OpenAI SDK callers -> gateway -> an Anthropic upstream replaying Anthropic recordings. */
let harness: Harness;
let reply: Reply;
let client: OpenAI;

type Block = { type: string; [key: string]: unknown };
type UpstreamBody = AnthropicUpstreamRequest & { messages: Array<{ role: string; content: string | Block[] }> };

function lastMessagesRequest(): UpstreamBody {
  const request = harness.upstream.requests.filter((r) => r.url === '/v1/messages').at(-1);
  if (!request) throw new Error('upstream saw no /v1/messages request');
  return anthropicUpstreamRequestSchema.parse(request.json()) as UpstreamBody;
}

function expectation(file: string): Record<string, unknown> {
  return loadRecording(`anthropic-messages/${file}`).expect;
}

beforeAll(async () => {
  harness = await startHarness((request, response) => reply(request, response), {
    upstreamProvider: { type: 'anthropic' },
    sections: NO_RETRIES,
    models: [
      {
        name: 'claude-default',
        targets: [{ provider: 'upstream', model: 'claude-sonnet-4-5' }],
        defaultMaxOutputTokens: 1234,
      },
    ],
  });
  client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
});

afterAll(async () => harness.close());

beforeEach(() => {
  reply = noReply();
});

const COUNTRY_TOOL = {
  type: 'function' as const,
  function: {
    name: 'get_user_country',
    description: 'The user country',
    parameters: { type: 'object', properties: {} },
  },
};

describe('chat completions in, Anthropic upstream (recordings replayed)', () => {
  it('answers text; system hoisted, x-api-key and anthropic-version upstream', async () => {
    reply = replayJson('anthropic-messages/01-text.json');
    const completion = await client.chat.completions.create({
      model: 'up/claude-sonnet-4-5',
      max_tokens: 100,
      messages: [
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: 'How are you?' },
      ],
    });
    const expected = expectation('01-text.json');
    expect(completion.choices[0]?.message.content).toBe(expected.text);
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 29, total_tokens: 41 });
    const upstream = harness.upstream.requests.at(-1)!;
    expect(upstream.headers).toMatchObject({ 'x-api-key': 'upstream-secret', 'anthropic-version': '2023-06-01' });
    expect(upstream.headers.authorization).toBeUndefined();
    expect(lastMessagesRequest()).toMatchObject({
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      system: 'Be kind.',
      messages: [{ role: 'user', content: 'How are you?' }],
    });
  });

  it('carries thinking and tool use (reasoning_effort -> budget_tokens)', async () => {
    reply = replayJson('anthropic-messages/05-thinking-tool-use.json');
    const completion = await client.chat.completions.create({
      model: 'up/claude-sonnet-4-5',
      max_completion_tokens: 4000,
      reasoning_effort: 'low',
      tools: [COUNTRY_TOOL],
      messages: [{ role: 'user', content: 'Largest city in my country?' }],
    });
    const expected = expectation('05-thinking-tool-use.json');
    const message = completion.choices[0]?.message as OpenAI.ChatCompletionMessage & { reasoning_content?: string };
    expect(message.content).toBe(expected.text);
    expect(message.reasoning_content).toBe(expected.thinking);
    expect(
      message.tool_calls?.map((call) =>
        call.type === 'function' ? [call.id, call.function.name, JSON.parse(call.function.arguments)] : [],
      ),
    ).toEqual([['toolu_01YGzqpRE16Vricda3Aqcejo', 'get_user_country', {}]]);
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(lastMessagesRequest()).toMatchObject({
      max_tokens: 4000,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      tools: [{ name: 'get_user_country', input_schema: { type: 'object', properties: {} } }],
    });
  });

  it('streams text (02) and a max_tokens stop (11)', async () => {
    reply = replaySse('anthropic-messages/02-text-stream.chunks.jsonl');
    const stream = await client.chat.completions.create({
      model: 'up/claude-sonnet-4-5',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Hello' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe(expectation('02-text-stream.chunks.jsonl').text);
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 30 });
    expect(lastMessagesRequest().stream).toBe(true);
    reply = replaySse('anthropic-messages/11-max-tokens-stream.sse');
    const final = await client.chat.completions
      .stream({ model: 'up/claude-sonnet-4-5', max_tokens: 15, messages: [{ role: 'user', content: 'Descartes?' }] })
      .finalChatCompletion();
    expect(final.choices[0]?.message.content).toBe(expectation('11-max-tokens-stream.sse').text);
    expect(final.choices[0]?.finish_reason).toBe('length');
  });

  it('streams text then a tool call (07) and a tool call without arguments (08)', async () => {
    reply = replaySse('anthropic-messages/07-text-then-tool-use-stream.sse');
    const tools = [
      {
        type: 'function' as const,
        function: { name: 'get_weather', parameters: { type: 'object', properties: { location: { type: 'string' } } } },
      },
    ];
    const weather = await client.chat.completions
      .stream({
        model: 'up/claude-sonnet-4-5',
        max_tokens: 500,
        tools,
        messages: [{ role: 'user', content: 'Weather?' }],
      })
      .finalChatCompletion();
    const call = weather.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && [call.id, call.function.name, JSON.parse(call.function.arguments)]).toEqual([
      'toolu_01DYJo37oETVsCdLTTcCWcdq',
      'get_weather',
      { location: 'San Francisco, CA' },
    ]);
    expect(weather.choices[0]?.message.content).toBe(expectation('07-text-then-tool-use-stream.sse').text);
    expect(weather.choices[0]?.finish_reason).toBe('tool_calls');
    reply = replaySse('anthropic-messages/08-tool-use-no-args-stream.chunks.jsonl');
    const noArgs = await client.chat.completions
      .stream({ model: 'up/claude-sonnet-4-5', max_tokens: 500, messages: [{ role: 'user', content: 'Update' }] })
      .finalChatCompletion();
    const empty = noArgs.choices[0]?.message.tool_calls?.[0];
    expect(empty?.type === 'function' && [empty.function.name, JSON.parse(empty.function.arguments)]).toEqual([
      'updateIssueList',
      {},
    ]);
  });

  it('reports a max_tokens stop as length (10)', async () => {
    reply = replayJson('anthropic-messages/10-max-tokens.json');
    const completion = await client.chat.completions.create({
      model: 'up/claude-sonnet-4-5',
      max_tokens: 15,
      messages: [{ role: 'user', content: 'Nietzsche?' }],
    });
    expect(completion.choices[0]?.message.content).toBe(expectation('10-max-tokens.json').text);
    expect(completion.choices[0]?.finish_reason).toBe('length');
  });

  it('sends data-URL images as base64 blocks and https images as url blocks', async () => {
    reply = replayJson('anthropic-messages/01-text.json');
    await client.chat.completions.create({
      model: 'up/claude-sonnet-4-5',
      max_tokens: 50,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL_PNG}` } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
            { type: 'text', text: 'Same animal?' },
          ],
        },
      ],
    });
    expect(lastMessagesRequest().messages[0]?.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL_PNG } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
      { type: 'text', text: 'Same animal?' },
    ]);
  });
});

describe('two-turn tool round trip from a chat caller to Anthropic', () => {
  it('pairs the tool result with its call, and sends no unsigned thinking back', async () => {
    reply = replayJson('anthropic-messages/05-thinking-tool-use.json');
    const request = {
      model: 'up/claude-sonnet-4-5',
      max_completion_tokens: 4000,
      reasoning_effort: 'low' as const,
      tools: [COUNTRY_TOOL],
    };
    const first = await client.chat.completions.create({
      ...request,
      messages: [{ role: 'user', content: 'Largest city in my country?' }],
    });
    const assistant = first.choices[0]?.message as OpenAI.ChatCompletionMessage & { reasoning_content?: string };
    const callId = assistant.tool_calls?.[0]?.id ?? '';
    reply = replayJson('anthropic-messages/01-text.json');
    const { response } = await client.chat.completions
      .create({
        ...request,
        messages: [
          { role: 'user', content: 'Largest city in my country?' },
          {
            role: 'assistant',
            content: assistant.content,
            tool_calls: assistant.tool_calls,
            reasoning_content: assistant.reasoning_content,
          } as OpenAI.ChatCompletionAssistantMessageParam,
          { role: 'tool', tool_call_id: callId, content: 'France' },
        ],
      })
      .withResponse();
    const body = lastMessagesRequest();
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    const [, call, result] = body.messages;
    expect(call?.content).toEqual([
      { type: 'text', text: assistant.content },
      { type: 'tool_use', id: callId, name: 'get_user_country', input: {} },
    ]);
    expect(result?.content).toEqual([{ type: 'tool_result', tool_use_id: callId, content: 'France' }]);
    expect(body.thinking).toBeUndefined();
    expect(response.headers.get('x-interlingua-warnings')).toContain(
      'dropped reasoning: Anthropic needs the signed thinking block',
    );
  });
});

describe('max_tokens, unsupported fields and errors from a chat caller to Anthropic', () => {
  it('uses the route default max_tokens, else 4096 with a warning', async () => {
    reply = replayJson('anthropic-messages/01-text.json');
    const withDefault = await client.chat.completions
      .create({ model: 'claude-default', messages: [{ role: 'user', content: 'Hi' }] })
      .withResponse();
    expect(lastMessagesRequest()).toMatchObject({ model: 'claude-sonnet-4-5', max_tokens: 1234 });
    expect(withDefault.response.headers.get('x-interlingua-warnings') ?? '').not.toContain('maxOutputTokens');
    const withoutDefault = await client.chat.completions
      .create({ model: 'up/claude-sonnet-4-5', messages: [{ role: 'user', content: 'Hi' }] })
      .withResponse();
    expect(lastMessagesRequest().max_tokens).toBe(4096);
    expect(withoutDefault.response.headers.get('x-interlingua-warnings')).toContain(
      'approximated maxOutputTokens: max_tokens is required by Anthropic; set to 4096',
    );
  });

  it('reports n > 1, logprobs and seed in x-interlingua-warnings, and sends none of them', async () => {
    reply = replayJson('anthropic-messages/01-text.json');
    const { data, response } = await client.chat.completions
      .create({
        model: 'up/claude-sonnet-4-5',
        max_tokens: 50,
        n: 2,
        logprobs: true,
        top_logprobs: 2,
        seed: 7,
        messages: [{ role: 'user', content: 'Hi' }],
      })
      .withResponse();
    expect(data.choices).toHaveLength(1);
    const warnings = response.headers.get('x-interlingua-warnings') ?? '';
    for (const field of ['dropped candidateCount', 'dropped logprobs', 'dropped top_logprobs', 'dropped sampling.seed'])
      expect(warnings).toContain(field);
    const body = lastMessagesRequest() as Record<string, unknown>;
    for (const field of ['n', 'logprobs', 'top_logprobs', 'seed']) expect(body).not.toHaveProperty(field);
  });

  it('reports them on streams too', async () => {
    reply = replaySse('anthropic-messages/03-text-stream-short.sse');
    const { data, response } = await client.chat.completions
      .create({
        model: 'up/claude-sonnet-4-5',
        max_tokens: 50,
        seed: 1,
        logprobs: true,
        messages: [{ role: 'user', content: '1+1?' }],
        stream: true,
      })
      .withResponse();
    let text = '';
    for await (const chunk of data) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(expectation('03-text-stream-short.sse').text);
    expect(response.headers.get('x-interlingua-warnings')).toMatch(
      /dropped sampling\.seed.*dropped logprobs|dropped logprobs.*dropped sampling\.seed/,
    );
  });

  it("passes Anthropic's 529 to OpenAI callers as 503, and 429 with retry-after", async () => {
    const params = {
      model: 'up/claude-sonnet-4-5',
      max_tokens: 8,
      messages: [{ role: 'user' as const, content: 'x' }],
    };
    reply = (_request, response) =>
      sendJson(
        response,
        429,
        { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } },
        { 'retry-after': '9' },
      );
    const limited = await client.chat.completions.create(params).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect((limited as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after')).toBe('9');
    reply = (_request, response) =>
      sendJson(response, 529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    const overloaded = await client.chat.completions.create(params).catch((e: unknown) => e);
    expect(overloaded).toBeInstanceOf(OpenAI.InternalServerError);
    expect((overloaded as InstanceType<typeof OpenAI.APIError>).status).toBe(503);
  });
});
