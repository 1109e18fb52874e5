import type { IrStreamEvent } from '@interlingua/ir';
import { accumulateResponse, parseSseText, runMachineSync } from '@interlingua/ir-utils';
import { listRecordings, recordingSseBody } from '@interlingua/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readOpenAiChatChunk, readPlainOpenAiChatChunk } from './openai-chat-chunk-reader.js';
import {
  openAiChatChunkSchema,
  openAiChatLenientChoiceSchema,
  openAiChatLenientMessageSchema,
  openAiChatLenientToolCallSchema,
} from './openai-chat-response-schema.js';
import { createOpenAiChatStreamDecoder } from './openai-chat-stream-decoder.js';

type Json = Record<string, unknown>;

function viaSchema(record: Json): unknown {
  const parsed = openAiChatChunkSchema.safeParse(record);
  return parsed.success ? parsed.data : undefined;
}

const HEAD = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'm' };

function chunkWith(delta: unknown, extra: Json = {}): Json {
  return { ...HEAD, choices: [{ index: 0, delta, logprobs: null, finish_reason: null, ...extra }] };
}

const recordedChunks: Json[] = listRecordings('openai-chat', (row) => row.streaming).flatMap((recording) =>
  parseSseText(recordingSseBody(recording))
    .filter((message) => message.data.trim().startsWith('{'))
    .map((message) => JSON.parse(message.data) as Json)
    .filter((record) => record.error === undefined),
);

describe('readPlainOpenAiChatChunk (hand-written reader)', () => {
  it('reads recorded provider chunks by hand, exactly as the lenient schema would', () => {
    const plain = recordedChunks.filter((record) => readPlainOpenAiChatChunk(record) !== undefined);
    expect(plain.length).toBeGreaterThan(recordedChunks.length / 2);
    for (const record of plain) expect(readPlainOpenAiChatChunk(record)).toEqual(viaSchema(record));
  });

  it('knows every field the lenient schemas read (a new schema field needs a check in the reader)', () => {
    expect(Object.keys(openAiChatChunkSchema.shape)).toEqual(['id', 'object', 'created', 'model', 'choices', 'usage']);
    expect(Object.keys(openAiChatLenientChoiceSchema.shape)).toEqual(['index', 'message', 'delta', 'finish_reason']);
    expect(Object.keys(openAiChatLenientMessageSchema.shape)).toEqual([
      'role',
      'content',
      'refusal',
      'reasoning_content',
      'reasoning',
      'tool_calls',
      'function_call',
    ]);
    expect(Object.keys(openAiChatLenientToolCallSchema.shape)).toEqual(['index', 'id', 'type', 'function', 'custom']);
  });

  it('returns the chunk itself (no copy) for the plain shape, tool-call fragments included', () => {
    const record = chunkWith({
      tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a"' } }],
    });
    expect(readPlainOpenAiChatChunk(record)).toBe(record);
  });

  it.each([
    ['content as an array of parts', chunkWith({ content: [{ type: 'text', text: 'hi' }] })],
    ['a string index', chunkWith({ content: 'x' }, { index: '0' })],
    ['a negative index', chunkWith({ content: 'x' }, { index: -1 })],
    ['a legacy function_call', chunkWith({ function_call: { name: 'f', arguments: '{}' } })],
    ['a custom tool call', chunkWith({ tool_calls: [{ index: 0, custom: { name: 'c', input: 'x' } }] })],
    ['object arguments', chunkWith({ tool_calls: [{ index: 0, function: { name: 'f', arguments: { a: 1 } } }] })],
    ['a numeric content', chunkWith({ content: 5 })],
    ['choices that are not an array', { ...HEAD, choices: 'none' }],
    ['a missing id', { object: 'chat.completion.chunk', created: 1, model: 'm', choices: [] }],
    ['a created that is a string', { ...HEAD, created: '1', choices: [] }],
  ])('leaves %s to the lenient schema', (_what, record) => {
    expect(readPlainOpenAiChatChunk(record)).toBeUndefined();
    expect(readOpenAiChatChunk(record)).toEqual(viaSchema(record));
  });

  it('agrees with the lenient schema on any chunk-like value (property)', () => {
    const absent = fc.constantFrom(undefined, null);
    const text = fc.oneof(fc.string({ maxLength: 4 }), absent, fc.integer(), fc.boolean());
    const index = fc.oneof(fc.nat(3), fc.constantFrom(-1, 1.5, '0'), absent);
    const fn = fc.oneof(
      absent,
      fc.record({ name: text, arguments: fc.oneof(text, fc.constant({ a: 1 })) }, { requiredKeys: [] }),
    );
    const toolCall = fc.record(
      { index, id: text, type: text, function: fn, custom: fc.oneof(absent, fc.constant({ name: 'c', input: 'x' })) },
      { requiredKeys: [] },
    );
    const delta = fc.oneof(
      absent,
      fc.string({ maxLength: 2 }),
      fc.record(
        {
          role: text,
          content: fc.oneof(text, fc.constant([{ type: 'text', text: 'p' }])),
          refusal: text,
          reasoning_content: text,
          reasoning: text,
          tool_calls: fc.oneof(absent, fc.array(toolCall, { maxLength: 2 }), fc.string({ maxLength: 2 })),
          function_call: fc.oneof(absent, fc.constant({ name: 'f', arguments: '{}' })),
        },
        { requiredKeys: [] },
      ),
    );
    const choice = fc.oneof(
      fc.record(
        { index, delta, message: fc.oneof(absent, delta), finish_reason: text, logprobs: absent },
        { requiredKeys: [] },
      ),
      fc.integer(),
    );
    const chunk = fc.record(
      {
        id: fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), absent),
        object: text,
        created: fc.oneof(fc.integer(), fc.string({ maxLength: 2 }), absent),
        model: fc.oneof(fc.string({ maxLength: 3 }), absent),
        choices: fc.oneof(absent, fc.array(choice, { maxLength: 3 }), fc.string({ maxLength: 2 })),
        usage: fc.oneof(absent, fc.record({ prompt_tokens: fc.nat(), completion_tokens: fc.nat() })),
        system_fingerprint: text,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(chunk, (value) => {
        const record = JSON.parse(JSON.stringify(value)) as Json;
        const plain = readPlainOpenAiChatChunk(record);
        if (plain) expect(plain).toEqual(viaSchema(record));
        expect(readOpenAiChatChunk(record)).toEqual(viaSchema(record));
      }),
      { numRuns: 400 },
    );
  });
});

describe('createOpenAiChatStreamDecoder on both reader branches', () => {
  const decode = (chunks: Json[]): IrStreamEvent[] =>
    runMachineSync(
      createOpenAiChatStreamDecoder(),
      parseSseText(chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('')),
    );

  it('decodes plain chunks and schema-repaired chunks of one stream into one text', () => {
    const events = decode([
      chunkWith({ role: 'assistant', content: 'Hel' }),
      chunkWith({ content: [{ type: 'text', text: 'lo' }] }),
      chunkWith({ content: ' there' }, { index: '0' }),
      chunkWith({}, { finish_reason: 'stop' }),
    ]);
    expect(accumulateResponse(events).choices[0]?.content).toEqual([{ type: 'text', text: 'Hello there' }]);
    expect(events.at(-1)).toMatchObject({ type: 'finish', choice: 0, finishReason: { unified: 'stop' } });
  });
});
