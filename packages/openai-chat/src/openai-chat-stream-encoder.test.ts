import type { IrStreamEvent, IrUsage } from '@interlingua/ir';
import { accumulateResponse, parseSseText, runMachineSync, serializeSseMessages } from '@interlingua/ir-utils';
import OpenAISdk from 'openai';
import { describe, expect, it } from 'vitest';
import { createOpenAiChatStreamDecoder } from './openai-chat-stream-decoder.js';
import { createOpenAiChatStreamEncoder } from './openai-chat-stream-encoder.js';
import { openAiChatStrictChunkSchema, openAiChatStrictErrorSchema } from './openai-chat-strict-schema.js';

const USAGE: IrUsage = { inputTokens: 10, outputTokens: 7, totalTokens: 17, cacheReadTokens: 3, reasoningTokens: 2 };
const START: IrStreamEvent = { type: 'response-start', id: 'msg_1', model: 'claude-x', created: 1700000000 };
const STOP: IrStreamEvent = { type: 'finish', finishReason: { unified: 'stop', raw: 'end_turn' } };

function encode(events: IrStreamEvent[], options: { includeUsage?: boolean; model?: string } = {}): string {
  return serializeSseMessages(runMachineSync(createOpenAiChatStreamEncoder(options), events));
}

function payloads(sse: string): Array<Record<string, unknown> | '[DONE]'> {
  return parseSseText(sse).map((m) =>
    m.data === '[DONE]' ? '[DONE]' : (JSON.parse(m.data) as Record<string, unknown>),
  );
}

function expectStrict(sse: string): void {
  for (const payload of payloads(sse)) {
    if (payload !== '[DONE]') expect(openAiChatStrictChunkSchema.safeParse(payload).error).toBeUndefined();
  }
}

const textAnswer: IrStreamEvent[] = [
  START,
  { type: 'reasoning-start', index: 0 },
  { type: 'reasoning-delta', index: 0, delta: 'hmm' },
  { type: 'reasoning-signature', index: 0, opaque: { origin: 'anthropic', kind: 'signature', data: 'sig' } },
  { type: 'reasoning-end', index: 0 },
  { type: 'text-start', index: 1 },
  { type: 'text-delta', index: 1, delta: 'Hello' },
  { type: 'text-end', index: 1 },
];

describe('createOpenAiChatStreamEncoder', () => {
  it('streams a role chunk, deltas, a finish chunk and [DONE], with no usage unless asked', () => {
    const sse = encode([...textAnswer, STOP, { type: 'usage-update', usage: USAGE }]);
    expectStrict(sse);
    const all = payloads(sse);
    expect(all.at(-1)).toBe('[DONE]');
    const chunks = all.filter((p) => p !== '[DONE]');
    expect(chunks.map((c) => (c.choices as Array<{ delta: unknown; finish_reason: unknown }>)[0])).toEqual([
      { index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null },
      { index: 0, delta: { reasoning_content: 'hmm' }, logprobs: null, finish_reason: null },
      { index: 0, delta: { content: 'Hello' }, logprobs: null, finish_reason: null },
      { index: 0, delta: {}, logprobs: null, finish_reason: 'stop' },
    ]);
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({
        id: 'msg_1',
        object: 'chat.completion.chunk',
        created: 1700000000,
        model: 'claude-x',
      });
      expect('usage' in chunk).toBe(false);
    }
  });

  it('with includeUsage puts usage: null on every chunk and one usage chunk before [DONE], even when usage came first', () => {
    const sse = encode(
      [
        START,
        { type: 'usage-update', usage: USAGE },
        { type: 'text-start', index: 0 },
        { type: 'text-delta', index: 0, delta: 'x' },
        STOP,
      ],
      {
        includeUsage: true,
        model: 'my-alias',
      },
    );
    expectStrict(sse);
    const all = payloads(sse);
    expect(all.at(-1)).toBe('[DONE]');
    const chunks = all.filter((p) => p !== '[DONE]');
    const last = chunks.at(-1);
    expect(last).toEqual({
      id: 'msg_1',
      object: 'chat.completion.chunk',
      created: 1700000000,
      model: 'my-alias',
      choices: [],
      usage: {
        prompt_tokens: 10,
        completion_tokens: 7,
        total_tokens: 17,
        prompt_tokens_details: { cached_tokens: 3, audio_tokens: 0 },
        completion_tokens_details: {
          reasoning_tokens: 2,
          audio_tokens: 0,
          accepted_prediction_tokens: 0,
          rejected_prediction_tokens: 0,
        },
      },
    });
    for (const chunk of chunks.slice(0, -1)) expect(chunk).toMatchObject({ usage: null, model: 'my-alias' });
  });

  it('gives an argument-less tool call "{}" and closes blocks still open at finish', () => {
    const sse = encode([
      START,
      { type: 'tool-call-start', index: 0, id: 'toolu_1', name: 'now' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' } },
    ]);
    expectStrict(sse);
    const deltas = payloads(sse)
      .filter((p) => p !== '[DONE]')
      .map((c) => (c.choices as Array<{ delta: unknown; finish_reason: unknown }>)[0]);
    expect(deltas.slice(1)).toEqual([
      {
        index: 0,
        delta: {
          tool_calls: [{ index: 0, id: 'toolu_1', type: 'function', function: { name: 'now', arguments: '' } }],
        },
        logprobs: null,
        finish_reason: null,
      },
      {
        index: 0,
        delta: { tool_calls: [{ index: 0, function: { arguments: '{}' } }] },
        logprobs: null,
        finish_reason: null,
      },
      { index: 0, delta: {}, logprobs: null, finish_reason: 'tool_calls' },
    ]);
  });

  it('synthesises a stop finish and a head when the input lacks them', () => {
    const sse = encode(
      [
        { type: 'text-start', index: 0 },
        { type: 'text-delta', index: 0, delta: 'x' },
      ],
      { model: 'm' },
    );
    expectStrict(sse);
    const chunks = payloads(sse).filter((p) => p !== '[DONE]');
    expect(chunks.at(-1)).toMatchObject({ model: 'm', choices: [{ delta: {}, finish_reason: 'stop' }] });
  });

  it('sends one role chunk and one finish chunk per choice', () => {
    const sse = encode([
      START,
      { type: 'text-start', index: 0, choice: 0 },
      { type: 'text-delta', index: 0, delta: 'A' },
      { type: 'text-start', index: 1, choice: 1 },
      { type: 'text-delta', index: 1, delta: 'B' },
      { type: 'text-end', index: 0 },
      { type: 'text-end', index: 1 },
      { type: 'finish', choice: 0, finishReason: { unified: 'stop', raw: 'stop' } },
      { type: 'finish', choice: 1, finishReason: { unified: 'length', raw: 'length' } },
    ]);
    const events = runMachineSync(createOpenAiChatStreamDecoder(), parseSseText(sse));
    const response = accumulateResponse(events);
    expect(response.choices.map((c) => [c.index, c.content, c.finishReason.raw])).toEqual([
      [0, [{ type: 'text', text: 'A' }], 'stop'],
      [1, [{ type: 'text', text: 'B' }], 'length'],
    ]);
  });

  it('ends the stream with the in-band error and nothing after it', () => {
    const encoder = createOpenAiChatStreamEncoder({ includeUsage: true });
    const out = runMachineSync(encoder, [
      START,
      { type: 'text-start', index: 0 },
      { type: 'error', error: { kind: 'overloaded', message: 'Overloaded', source: 'upstream' } },
      { type: 'text-delta', index: 0, delta: 'late' },
    ]);
    const last = out.at(-1);
    expect(last && (JSON.parse(last.data) as unknown)).toEqual({
      error: { message: 'Overloaded', type: 'server_error', param: null, code: null },
    });
    expect(openAiChatStrictErrorSchema.safeParse(JSON.parse(last?.data ?? '')).success).toBe(true);
    expect(out.some((m) => m.data === '[DONE]')).toBe(false);
    expect(encoder.end()).toEqual([]);
  });
});

interface SdkChatCompletion {
  choices: Array<{
    finish_reason: string;
    message: {
      content: string | null;
      tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
    };
  }>;
  usage?: { total_tokens: number };
}

interface SdkClient {
  chat: {
    completions: {
      stream(body: Record<string, unknown>): { finalChatCompletion(): Promise<SdkChatCompletion> };
      create(body: Record<string, unknown>): Promise<AsyncIterable<Record<string, unknown>>>;
    };
  };
}

type SdkConstructor = new (options: Record<string, unknown>) => SdkClient;

const OpenAI = OpenAISdk as unknown as SdkConstructor;

describe('the official openai SDK reads the encoder output', () => {
  const client = async (sse: string): Promise<SdkClient> => {
    return new OpenAI({
      apiKey: 'test',
      baseURL: 'http://127.0.0.1:9/v1',
      maxRetries: 0,
      fetch: () => Promise.resolve(new Response(sse, { headers: { 'content-type': 'text/event-stream' } })),
    });
  };
  const request = { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream_options: { include_usage: true } };

  it('chat.completions.stream() accumulates text, tool calls with "{}" and usage', async () => {
    const sse = encode(
      [
        ...textAnswer,
        { type: 'tool-call-start', index: 2, id: 'toolu_1', name: 'now' },
        { type: 'tool-call-end', index: 2 },
        { type: 'tool-call-start', index: 3, id: 'toolu_2', name: 'get' },
        { type: 'tool-call-delta', index: 3, argumentsDelta: '{"a":1}' },
        { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' } },
        { type: 'usage-update', usage: USAGE },
      ],
      { includeUsage: true },
    );
    const sdk = await client(sse);
    const completion = await sdk.chat.completions.stream(request).finalChatCompletion();
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(completion.choices[0]?.message.content).toBe('Hello');
    expect(
      completion.choices[0]?.message.tool_calls?.map((c) => [c.id, c.function.name, c.function.arguments]),
    ).toEqual([
      ['toolu_1', 'now', '{}'],
      ['toolu_2', 'get', '{"a":1}'],
    ]);
    expect(completion.usage?.total_tokens).toBe(17);
  });

  it('create({stream:true}) throws the in-band error as an APIError', async () => {
    const sse = encode([
      START,
      { type: 'text-start', index: 0 },
      { type: 'error', error: { kind: 'rate-limit', message: 'Slow down' } },
    ]);
    const sdk = await client(sse);
    const stream = await sdk.chat.completions.create({ ...request, stream: true });
    const read = async (): Promise<void> => {
      for await (const _chunk of stream) {
        // drain
      }
    };
    await expect(read()).rejects.toMatchObject({
      message: expect.stringContaining('Slow down'),
      code: 'rate_limit_exceeded',
      type: 'requests',
    });
  });
});
