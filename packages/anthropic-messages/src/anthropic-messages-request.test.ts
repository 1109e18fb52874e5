import { IrError, type IrRequest } from '@interlingua/ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anthropicMessagesCodec as codec } from './anthropic-messages-codec.js';
import { anthropicCountTokensRequestToIr } from './anthropic-messages-request-to-ir.js';
import { irToAnthropicCountTokensRequest } from './ir-to-anthropic-messages-request.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Every documented request field, plus blocks and fields the IR has no place for. */
const FULL = {
  model: 'claude-sonnet-4-5',
  max_tokens: 2048,
  system: [
    { type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral' } },
    { type: 'text', text: 'Answer in French.' },
  ],
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Look at these.', cache_control: { type: 'ephemeral', ttl: '1h' } },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
        { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
        {
          type: 'document',
          source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQ=' },
          title: 'Spec',
          context: 'v2',
          citations: { enabled: true },
        },
        { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'héllo wörld' } },
        { type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' } },
        {
          type: 'search_result',
          source: 'https://example.com',
          title: 'Result',
          content: [{ type: 'text', text: 'found' }],
        },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Weather first.', signature: 'EqSIG1' },
        { type: 'redacted_thinking', data: 'EmREDACTED' },
        { type: 'text', text: 'Calling tools.' },
        { type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'toolu_02', name: 'get_time', input: {}, cache_control: { type: 'ephemeral' } },
      ],
    },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_01', content: '18C' },
        {
          type: 'tool_result',
          tool_use_id: 'toolu_02',
          content: [
            { type: 'text', text: 'noon' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
          ],
          is_error: true,
          cache_control: { type: 'ephemeral' },
        },
        { type: 'text', text: 'Thanks!' },
      ],
    },
  ],
  tools: [
    {
      name: 'get_weather',
      description: 'Weather for a city',
      input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      cache_control: { type: 'ephemeral' },
      strict: true,
    },
    { type: 'web_search_20250305', name: 'web_search', max_uses: 3 },
    { name: 'get_time', input_schema: { type: 'object', properties: {} }, defer_loading: true },
  ],
  tool_choice: { type: 'auto', disable_parallel_tool_use: true },
  stop_sequences: ['END'],
  temperature: 0.5,
  top_p: 0.9,
  top_k: 40,
  metadata: { user_id: 'user-1' },
  thinking: { type: 'enabled', budget_tokens: 1024, display: 'summarized' },
  output_config: { effort: 'high', format: { type: 'json_schema', schema: { type: 'object' } } },
  stream: true,
  service_tier: 'auto',
  container: 'container_1',
  cache_control: { type: 'ephemeral' },
};

function toIr(body: unknown): IrRequest {
  return codec.request.toIr(body).value;
}

function thrown(fn: () => unknown): IrError {
  try {
    fn();
  } catch (error) {
    if (error instanceof IrError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

describe('request round trip', () => {
  it('keeps every documented field, unknown blocks and unknown fields', () => {
    const first = codec.request.toIr(FULL);
    expect(first.warnings).toEqual([]);
    const back = codec.request.fromIr(first.value);
    expect(back.warnings).toEqual([]);
    expect(back.value).toEqual(FULL);
    expect(toIr(back.value)).toEqual(first.value);
  });

  it('maps the documented fields into the IR', () => {
    const value = toIr(FULL);
    expect(value.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
    expect(value.messages[0]?.content).toEqual([
      { type: 'text', text: 'You are terse.', cacheControl: { type: 'ephemeral' } },
      { type: 'text', text: 'Answer in French.' },
    ]);
    expect(value.messages[2]?.content.slice(0, 2)).toEqual([
      { type: 'reasoning', text: 'Weather first.', opaque: { origin: 'anthropic', kind: 'signature', data: 'EqSIG1' } },
      { type: 'reasoning', text: '', opaque: { origin: 'anthropic', kind: 'redacted', data: 'EmREDACTED' } },
    ]);
    expect(value.messages[3]?.content).toMatchObject([
      {
        type: 'tool-result',
        toolCallId: 'toolu_01',
        toolName: 'get_weather',
        content: [{ type: 'text', text: '18C' }],
      },
      {
        type: 'tool-result',
        toolCallId: 'toolu_02',
        toolName: 'get_time',
        isError: true,
        cacheControl: { type: 'ephemeral' },
      },
    ]);
    expect(value.messages[4]?.content).toEqual([{ type: 'text', text: 'Thanks!' }]);
    expect(value.tools?.map((t) => t.name)).toEqual(['get_weather', 'get_time']);
    expect(value.tools?.[0]).toMatchObject({
      strict: true,
      cacheControl: { type: 'ephemeral' },
      description: 'Weather for a city',
    });
    expect(value.toolChoice).toEqual({ type: 'auto' });
    expect(value.parallelToolCalls).toBe(false);
    expect(value.sampling).toEqual({ temperature: 0.5, topP: 0.9, topK: 40, stopSequences: ['END'] });
    expect(value.maxOutputTokens).toBe(2048);
    expect(value.user).toBe('user-1');
    expect(value.reasoning).toEqual({ enabled: true, budgetTokens: 1024, effort: 'high' });
    expect(value.responseFormat).toEqual({ type: 'json-schema', name: 'response', schema: { type: 'object' } });
    expect(value.stream).toBe(true);
    expect(value.extensions?.['anthropic-messages']?.fields).toEqual({
      service_tier: 'auto',
      container: 'container_1',
    });
    expect(value.promptCache).toEqual({ automatic: { type: 'ephemeral' } });
  });

  it('reads string system and string content, and writes them back as strings', () => {
    const body = { model: 'm', max_tokens: 10, system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] };
    const value = toIr(body);
    expect(value.messages).toEqual([
      { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
    ]);
    expect(value.extensions).toBeUndefined();
    expect(codec.request.fromIr(value).value).toEqual(body);
  });

  it('keeps adaptive thinking and effort-only output_config', () => {
    const adaptive = {
      model: 'm',
      max_tokens: 10,
      messages: [],
      thinking: { type: 'adaptive' },
      output_config: { effort: 'medium' },
    };
    expect(toIr(adaptive).reasoning).toEqual({ enabled: true, effort: 'medium' });
    expect(codec.request.fromIr(toIr(adaptive)).value).toEqual(adaptive);
    const effortOnly = { model: 'm', max_tokens: 10, messages: [], output_config: { effort: 'low' } };
    expect(toIr(effortOnly).reasoning).toEqual({ effort: 'low' });
    expect(codec.request.fromIr(toIr(effortOnly)).value).toEqual(effortOnly);
    const disabled = { model: 'm', max_tokens: 10, messages: [], thinking: { type: 'disabled' } };
    expect(toIr(disabled).reasoning).toEqual({ enabled: false });
    expect(codec.request.fromIr(toIr(disabled)).value).toEqual(disabled);
  });

  it('splits tool results out of a user turn, results first, other blocks in order', () => {
    const value = toIr({
      model: 'm',
      max_tokens: 10,
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'lookup', input: { q: 1 } }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'before' },
            { type: 'tool_result', tool_use_id: 't1', content: 'ok' },
            { type: 'text', text: 'after' },
          ],
        },
      ],
    });
    expect(value.messages.slice(1)).toEqual([
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 't1', toolName: 'lookup', content: [{ type: 'text', text: 'ok' }] },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'before' },
          { type: 'text', text: 'after' },
        ],
      },
    ]);
    expect(codec.request.fromIr(value).value.messages[1]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 't1', content: 'ok' },
      { type: 'text', text: 'before' },
      { type: 'text', text: 'after' },
    ]);
  });

  it('reads a mid-conversation system turn in place', () => {
    const value = toIr({
      model: 'm',
      max_tokens: 10,
      messages: [
        { role: 'user', content: 'a' },
        { role: 'system', content: 'b' },
      ],
    });
    expect(value.messages.map((m) => m.role)).toEqual(['user', 'system']);
  });
});

describe('request round trip (property)', () => {
  const text = fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' });
  const block = fc.oneof(
    text.map((t) => ({ type: 'text', text: t })),
    fc.record({
      type: fc.constant('thinking'),
      thinking: fc.string({ maxLength: 8 }),
      signature: fc.stringMatching(/^[A-Za-z0-9+/]{4,12}$/),
    }),
  );

  it('gives the same body back for alternating turns', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(text, fc.array(block, { minLength: 1, maxLength: 3 })), { maxLength: 5 }),
        fc.option(text, { nil: undefined }),
        (turns, system) => {
          const messages = turns.flatMap(([question, answer]) => [
            { role: 'user', content: question },
            { role: 'assistant', content: answer },
          ]);
          const body = { model: 'm', max_tokens: 100, messages, ...(system === undefined ? {} : { system }) };
          const back = codec.request.fromIr(toIr(body)).value;
          const simple = (content: unknown) =>
            Array.isArray(content) && content.length === 1 && content[0].type === 'text' ? content[0].text : content;
          expect(back).toEqual({ ...body, messages: messages.map((m) => ({ ...m, content: simple(m.content) })) });
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('request validation', () => {
  it.each([
    [{ model: 'm', messages: [] }, 'max_tokens'],
    [{ max_tokens: 1, messages: [] }, 'model'],
    [{ model: 'm', max_tokens: 1, messages: [{ role: 'tool', content: 'x' }] }, 'messages[0].role'],
    [{ model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 5 }] }, 'messages[0].content'],
    [
      {
        model: 'm',
        max_tokens: 1,
        messages: [{ role: 'assistant', content: [{ type: 'tool_use', name: 'x', input: {} }] }],
      },
      'messages[0].content[0].id',
    ],
    [
      {
        model: 'm',
        max_tokens: 1,
        messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', data: 'x' } }] }],
      },
      'messages[0].content[0].source.media_type',
    ],
    [{ model: 'm', max_tokens: 1, messages: [], tools: [{ name: 't' }] }, 'tools[0].input_schema'],
    [{ model: 'm', max_tokens: 1, messages: [], tool_choice: { type: 'tool' } }, 'tool_choice.name'],
    [{ model: 'm', max_tokens: 1, messages: [], thinking: { type: 'enabled' } }, 'thinking.budget_tokens'],
  ])('rejects %j at %s', (body, param) => {
    const error = thrown(() => codec.request.toIr(body));
    expect(error.data.kind).toBe('invalid-request');
    expect(error.data.param).toBe(param);
    expect(error.message.startsWith(`${param}: `)).toBe(true);
  });

  it('names the expected types of a union', () => {
    const error = thrown(() =>
      codec.request.toIr({ model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 5 }] }),
    );
    expect(error.message).toBe('messages[0].content: Invalid input: expected string or array');
  });

  it('rejects a body that is not an object', () => {
    expect(thrown(() => codec.request.toIr('nope')).data.kind).toBe('invalid-request');
  });
});

describe('count tokens', () => {
  it('reads a body without max_tokens and writes one without max_tokens or stream', () => {
    const body = {
      model: 'm',
      system: 's',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ name: 'f', input_schema: { type: 'object' } }],
    };
    const { value } = anthropicCountTokensRequestToIr(body);
    expect(value.maxOutputTokens).toBeUndefined();
    expect(value.stream).toBe(false);
    const back = irToAnthropicCountTokensRequest(value);
    expect(back.value).toEqual(body);
    expect(back.warnings).toEqual([]);
  });

  it('still validates the messages', () => {
    expect(
      thrown(() => anthropicCountTokensRequestToIr({ model: 'm', messages: [{ role: 'bot', content: '' }] })).data
        .param,
    ).toBe('messages[0].role');
  });
});
