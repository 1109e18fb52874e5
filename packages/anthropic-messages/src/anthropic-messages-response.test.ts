import { IrError, type IrResponse } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { loadRecording, recordingJson } from '../../testkit/src/recordings.js';
import { anthropicMessagesCodec as codec } from './anthropic-messages-codec.js';
import { anthropicMessagesStrictResponseSchema } from './anthropic-messages-strict-response-schema.js';

function answer(content: IrResponse['choices'][number]['content'], extra: Partial<IrResponse> = {}): IrResponse {
  return {
    id: 'resp_1',
    model: 'gpt-x',
    created: 1,
    choices: [{ index: 0, content, finishReason: { unified: 'stop', raw: 'stop' } }],
    ...extra,
  };
}

function strict(value: unknown): void {
  expect(anthropicMessagesStrictResponseSchema.safeParse(value).error?.issues ?? []).toEqual([]);
}

describe('response toIr', () => {
  it('adds the cache buckets into input tokens and keeps the raw usage', () => {
    const usage = {
      input_tokens: 10,
      cache_creation_input_tokens: 20,
      cache_read_input_tokens: 30,
      output_tokens: 7,
      output_tokens_details: { thinking_tokens: 3 },
    };
    const { value } = codec.response.toIr({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'c',
      content: [],
      stop_reason: 'end_turn',
      usage,
    });
    expect(value.usage).toEqual({
      inputTokens: 60,
      outputTokens: 7,
      totalTokens: 67,
      cacheReadTokens: 30,
      cacheWriteTokens: 20,
      reasoningTokens: 3,
      raw: usage,
    });
    const back = codec.response.fromIr(value).value;
    expect(back.usage).toEqual(usage);
  });

  it('reads a web search and its citations into the IR and puts the blocks back in place', () => {
    const wire = recordingJson(loadRecording('anthropic-messages/13-web-search-citations.json')) as {
      content: unknown[];
    };
    const { value } = codec.response.toIr(wire);
    const content = value.choices[0]?.content ?? [];
    expect(content.map((part) => part.type).slice(0, 3)).toEqual(['reasoning', 'web-search', 'text']);
    expect(content[1]).toMatchObject({
      type: 'web-search',
      id: 'srvtoolu_01EoSNE7k4dUJyGatASCV5qs',
      queries: ['San Francisco weather today'],
    });
    const search = content[1]?.type === 'web-search' ? content[1] : undefined;
    expect(search?.sources[0]).toEqual({
      url: 'https://www.accuweather.com/en/us/san-francisco/94103/weather-forecast/347629',
      title: 'San Francisco, CA Weather Forecast | AccuWeather',
    });
    const cited = content.flatMap((part) => (part.type === 'text' ? (part.citations ?? []) : []));
    expect(cited).toHaveLength(9);
    expect(cited[0]).toMatchObject({
      url: 'https://www.accuweather.com/en/us/san-francisco/94103/weather-forecast/347629',
      title: 'San Francisco, CA Weather Forecast | AccuWeather',
    });
    expect(value.usage?.webSearchRequests).toBe(1);
    const back = codec.response.fromIr(value).value;
    strict(back);
    expect(back.content.map((block) => block.type)).toEqual(
      wire.content.map((block) => (block as { type: string }).type),
    );
    expect(back.content).toEqual(wire.content);
  });

  it('keeps the stop sequence', () => {
    const wire = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'c',
      content: [{ type: 'text', text: 'a' }],
      stop_reason: 'stop_sequence',
      stop_sequence: 'END',
      usage: { input_tokens: 1, output_tokens: 1 },
    };
    const { value } = codec.response.toIr(wire);
    expect(value.choices[0]?.finishReason).toEqual({ unified: 'stop', raw: 'stop_sequence' });
    expect(codec.response.fromIr(value).value).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: 'END' });
  });

  it('refuses bodies that are not messages', () => {
    for (const body of [
      null,
      'x',
      { id: 'x' },
      { type: 'error', error: { type: 'overloaded_error', message: 'busy' } },
    ]) {
      expect(() => codec.response.toIr(body)).toThrow(IrError);
    }
    try {
      codec.response.toIr({ type: 'error', error: { type: 'overloaded_error', message: 'busy' } });
    } catch (error) {
      expect((error as IrError).data).toMatchObject({ kind: 'overloaded', status: 529 });
    }
    try {
      codec.response.toIr({ choices: [] });
    } catch (error) {
      expect((error as IrError).data.kind).toBe('upstream-error');
    }
  });
});

describe('response fromIr (any IR answer to a Message)', () => {
  it('drops reasoning without an Anthropic signature, with a warning, and never leaves citations null', () => {
    const { value, warnings } = codec.response.fromIr(
      answer([
        { type: 'reasoning', text: 'thought', opaque: { origin: 'openai', kind: 'encrypted', data: 'E' } },
        { type: 'reasoning', text: '', opaque: { origin: 'openai', kind: 'encrypted', data: 'E2' } },
        { type: 'text', text: '' },
        { type: 'refusal', text: 'I cannot.' },
      ]),
    );
    strict(value);
    expect(value.content).toEqual([{ type: 'text', text: 'I cannot.' }]);
    expect(warnings).toEqual([expect.objectContaining({ kind: 'dropped', field: 'choices[0].content[0]' })]);
  });

  it('gives every required key the SDK expects', () => {
    const { value, warnings } = codec.response.fromIr(
      answer([{ type: 'tool-call', id: 'call_1', name: 'f', argumentsJson: '{"a":1}' }], {
        usage: { inputTokens: 100, outputTokens: 10, totalTokens: 110, cacheReadTokens: 60, cacheWriteTokens: 15 },
      }),
    );
    strict(value);
    expect(warnings).toEqual([]);
    expect(value).toEqual({
      id: 'resp_1',
      type: 'message',
      role: 'assistant',
      model: 'gpt-x',
      content: [{ type: 'tool_use', id: 'call_1', name: 'f', input: { a: 1 } }],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 25, output_tokens: 10, cache_creation_input_tokens: 15, cache_read_input_tokens: 60 },
    });
  });

  it.each([
    [{ unified: 'stop', raw: 'stop' }, 'end_turn'],
    [{ unified: 'length', raw: 'MAX_TOKENS' }, 'max_tokens'],
    [{ unified: 'length', raw: 'model_context_window_exceeded' }, 'model_context_window_exceeded'],
    [{ unified: 'tool-calls', raw: 'tool_calls' }, 'tool_use'],
    [{ unified: 'content-filter', raw: 'SAFETY' }, 'refusal'],
    [{ unified: 'refusal', raw: 'refusal' }, 'refusal'],
    [{ unified: 'pause', raw: null }, 'pause_turn'],
    [{ unified: 'error', raw: null }, 'end_turn'],
    [{ unified: 'other', raw: 'OTHER' }, 'end_turn'],
    [{ unified: 'stop', raw: 'stop_sequence' }, 'stop_sequence'],
  ] as const)('finish %j -> stop_reason %s', (finishReason, stopReason) => {
    const { value } = codec.response.fromIr({
      ...answer([{ type: 'text', text: 'x' }]),
      choices: [{ index: 0, content: [{ type: 'text', text: 'x' }], finishReason }],
    });
    expect(value.stop_reason).toBe(stopReason);
  });

  it('warns about what an Anthropic answer cannot hold and mints ids when needed', () => {
    const { value, warnings } = codec.response.fromIr({
      ...answer([
        { type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: 'x' } },
        { type: 'tool-call', id: '', name: 'f', argumentsJson: 'not json' },
      ]),
      id: '',
      choices: [
        {
          index: 0,
          content: [
            { type: 'tool-call', id: '', name: 'f', argumentsJson: 'not json' },
            { type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: 'x' } },
          ],
          finishReason: { unified: 'stop', raw: null },
        },
        { index: 1, content: [], finishReason: { unified: 'stop', raw: null } },
      ],
    });
    strict(value);
    expect(value.id).toMatch(/^msg_/);
    expect(value.content).toEqual([{ type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'f', input: {} }]);
    expect(warnings.map((w) => [w.kind, w.field])).toEqual([
      ['dropped', 'choices'],
      ['approximated', 'choices[0].content[0].arguments'],
      ['dropped', 'choices[0].content[1]'],
    ]);
  });
});
