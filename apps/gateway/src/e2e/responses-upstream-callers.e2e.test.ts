import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { loadRecording } from '@interlingua/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { noReply, replayJson, replaySse, type Reply } from './anthropic-e2e.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { lastResponsesBody } from './responses-e2e.test-support.js';

let harness: Harness;
let reply: Reply;
let openai: OpenAI;
let anthropic: Anthropic;

beforeAll(async () => {
  harness = await startHarness((request, response) => reply(request, response), {
    upstreamProvider: { api: 'responses' },
  });
  openai = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  anthropic = new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
});

afterAll(async () => harness.close());

beforeEach(() => {
  reply = noReply();
});

function expected(file: string): Record<string, unknown> {
  return loadRecording(file).expect;
}

const capitalTool = {
  name: 'get_capital',
  description: 'Capital of a country',
  parameters: { type: 'object', properties: { country: { type: 'string' } }, required: ['country'] },
};

describe('chat-completions callers reaching an OpenAI Responses upstream', () => {
  it('answers text and sends a valid Responses request (system turn, max_output_tokens)', async () => {
    reply = replayJson('openai-responses/01-text.json');
    const { data, response } = await openai.chat.completions
      .create({
        model: 'up/gpt-4.1',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Capital of France?' },
        ],
        max_tokens: 50,
      })
      .withResponse();
    expect(data.choices[0]?.message.content).toBe(expected('openai-responses/01-text.json').text);
    expect(data.usage).toMatchObject({ prompt_tokens: 14, completion_tokens: 8, total_tokens: 22 });
    expect(response.headers.get('x-interlingua-route')).toContain('path=translated:openai-chat>openai-responses');
    expect(lastResponsesBody(harness.upstream.requests)).toMatchObject({
      model: 'gpt-4.1',
      max_output_tokens: 50,
      input: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Capital of France?' },
      ],
    });
  });

  it('streams text, with usage when asked', async () => {
    reply = replaySse('openai-responses/02-text-stream.sse');
    const stream = await openai.chat.completions.create({
      model: 'up/gpt-4.1',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe(expected('openai-responses/02-text-stream.sse').text);
    expect(usage).toMatchObject({ prompt_tokens: 9, completion_tokens: 12 });
    expect(lastResponsesBody(harness.upstream.requests).stream).toBe(true);
  });

  it('carries a tool call, sending flat tools with strict: false upstream', async () => {
    reply = replayJson('openai-responses/05-function-call.json');
    const completion = await openai.chat.completions.create({
      model: 'up/gpt-4.1',
      messages: [{ role: 'user', content: 'Capital of PotatoLand?' }],
      tools: [{ type: 'function', function: capitalTool }],
    });
    const call = completion.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ country: 'PotatoLand' });
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(lastResponsesBody(harness.upstream.requests).tools).toEqual([
      { type: 'function', ...capitalTool, strict: false },
    ]);
  });

  it('streams a tool call for chat.completions.stream()', async () => {
    reply = replaySse('openai-responses/03-function-call-stream.sse');
    const final = await openai.chat.completions
      .stream({
        model: 'up/gpt-4.1',
        messages: [{ role: 'user', content: 'Capital of France?' }],
        tools: [{ type: 'function', function: capitalTool }],
      })
      .finalChatCompletion();
    const call = final.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && [call.id, call.function.name, JSON.parse(call.function.arguments)]).toEqual([
      'call_kL0PCQV7M2WMoVX8V8OtYSAL',
      'get_capital',
      { country: 'France' },
    ]);
  });

  it('moves response_format to text.format', async () => {
    reply = replayJson('openai-responses/12-structured-output-json-schema.json');
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, country: { type: 'string' } },
      required: ['city', 'country'],
      additionalProperties: false,
    };
    const completion = await openai.chat.completions.create({
      model: 'up/gpt-4.1',
      messages: [{ role: 'user', content: 'A big city' }],
      response_format: { type: 'json_schema', json_schema: { name: 'city', schema, strict: true } },
    });
    expect(JSON.parse(completion.choices[0]?.message.content ?? '')).toEqual({
      city: 'Mexico City',
      country: 'Mexico',
    });
    expect(lastResponsesBody(harness.upstream.requests).text).toEqual({
      format: { type: 'json_schema', name: 'city', schema, strict: true },
    });
  });

  it('passes an upstream 401 on as the SDK error class', async () => {
    reply = replayJson('openai-responses/14-error-401-invalid-api-key.json');
    await expect(
      openai.chat.completions.create({ model: 'up/gpt-4.1', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });
});

describe('Anthropic Messages callers reaching an OpenAI Responses upstream', () => {
  it('answers text, with system as the first input turn and max_tokens as max_output_tokens', async () => {
    reply = replayJson('openai-responses/01-text.json');
    const message = await anthropic.messages.create({
      model: 'up/gpt-4.1',
      max_tokens: 64,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Capital of France?' }],
    });
    expect(message.content).toEqual([
      expect.objectContaining({ type: 'text', text: expected('openai-responses/01-text.json').text }),
    ]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage).toMatchObject({ input_tokens: 14, output_tokens: 8 });
    expect(lastResponsesBody(harness.upstream.requests)).toMatchObject({
      max_output_tokens: 64,
      input: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Capital of France?' },
      ],
    });
  });

  it('streams text through messages.stream()', async () => {
    reply = replaySse('openai-responses/02-text-stream.sse');
    const stream = anthropic.messages.stream({
      model: 'up/gpt-4.1',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    let text = '';
    stream.on('text', (delta) => (text += delta));
    const final = await stream.finalMessage();
    expect(text).toBe(expected('openai-responses/02-text-stream.sse').text);
    expect(final.content[0]).toMatchObject({ type: 'text', text });
  });

  it('streams a tool call as tool_use, and sends the tool result back as function_call_output', async () => {
    reply = replaySse('openai-responses/03-function-call-stream.sse');
    const tools = [
      {
        name: 'get_capital',
        description: 'Capital of a country',
        input_schema: { type: 'object' as const, properties: { country: { type: 'string' } }, required: ['country'] },
      },
    ];
    const final = await anthropic.messages
      .stream({
        model: 'up/gpt-4.1',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Capital of France?' }],
        tools,
      })
      .finalMessage();
    const use = final.content.find((block) => block.type === 'tool_use');
    expect(use).toMatchObject({ type: 'tool_use', name: 'get_capital', input: { country: 'France' } });
    expect(final.stop_reason).toBe('tool_use');
    reply = replaySse('openai-responses/04-text-stream-after-function-output.sse');
    const answer = await anthropic.messages
      .stream({
        model: 'up/gpt-4.1',
        max_tokens: 64,
        tools,
        messages: [
          { role: 'user', content: 'Capital of France?' },
          { role: 'assistant', content: final.content },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: use?.type === 'tool_use' ? use.id : '', content: 'Paris' }],
          },
        ],
      })
      .finalMessage();
    expect(answer.content[0]).toMatchObject({
      type: 'text',
      text: expected('openai-responses/04-text-stream-after-function-output.sse').text,
    });
    const input = lastResponsesBody(harness.upstream.requests).input as Array<Record<string, unknown>>;
    expect(input.slice(-2)).toEqual([
      expect.objectContaining({ type: 'function_call', call_id: 'call_kL0PCQV7M2WMoVX8V8OtYSAL', name: 'get_capital' }),
      expect.objectContaining({
        type: 'function_call_output',
        call_id: 'call_kL0PCQV7M2WMoVX8V8OtYSAL',
        output: 'Paris',
      }),
    ]);
  });

  it('shows a reasoning summary as a thinking block signed by a gateway carrier (Anthropic would refuse any other signature)', async () => {
    reply = replayJson('openai-responses/08-reasoning-summary.json');
    const message = await anthropic.messages.create({
      model: 'up/o4-mini',
      max_tokens: 4000,
      thinking: { type: 'enabled', budget_tokens: 2000 },
      messages: [{ role: 'user', content: 'factorial?' }],
    });
    const thinking = message.content.flatMap((block) => (block.type === 'thinking' ? [block] : []));
    expect(thinking.length).toBeGreaterThan(0);
    expect(thinking.every((block) => block.signature.startsWith('iLgRsN01'))).toBe(true);
    expect(message.content.at(-1)).toMatchObject({
      type: 'text',
      text: expected('openai-responses/08-reasoning-summary.json').text,
    });
    expect(lastResponsesBody(harness.upstream.requests).reasoning).toMatchObject({ effort: expect.any(String) });
  });

  it('passes an upstream 401 on as the SDK error class', async () => {
    reply = replayJson('openai-responses/14-error-401-invalid-api-key.json');
    await expect(
      anthropic.messages.create({ model: 'up/gpt-4.1', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
  });
});
