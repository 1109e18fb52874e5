import type { IrResponse, IrStreamEvent } from '@interlingua/ir';
import { parseSseText, runMachineSync, serializeSseMessages } from '@interlingua/ir-utils';
import { describe, expect, it } from 'vitest';
import { irToOpenAiChatResponse } from './ir-to-openai-chat-response.js';
import { openAiChatRequestToIr } from './openai-chat-request-to-ir.js';
import { createOpenAiChatStreamEncoder } from './openai-chat-stream-encoder.js';
import { openAiChatStrictChunkSchema, openAiChatStrictResponseSchema } from './openai-chat-strict-schema.js';

const CALL_CARRIER = { origin: 'openai-chat', kind: 'signature', data: 'iLgRsN01call' } as const;
/** How a signed call carries its carrier: Gemini's OpenAI-compatible field. */
const SIGNED = { extra_content: { google: { thought_signature: 'iLgRsN01call' } } };

const answer: IrResponse = {
  id: 'chatcmpl-1',
  model: 'm',
  created: 1,
  choices: [
    {
      index: 0,
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      content: [
        {
          type: 'reasoning',
          text: 'Two cities.',
          opaque: { origin: 'openai-chat', kind: 'encrypted', data: 'Y2Fycmllci0x' },
        },
        { type: 'reasoning', text: 'Hidden.', opaque: { origin: 'anthropic', kind: 'signature', data: 'EqQB' } },
        { type: 'tool-call', id: 'call_1', name: 'weather', argumentsJson: '{"city":"Paris"}', opaque: CALL_CARRIER },
        {
          type: 'tool-call',
          id: 'call_2',
          name: 'weather',
          argumentsJson: '{"city":"Rome"}',
          opaque: { origin: 'gemini', kind: 'signature', data: 'CiNotForChat' },
        },
      ],
    },
  ],
};

describe('reasoning_details for chat callers', () => {
  it('an answer lists the chat-origin opaque reasoning as encrypted entries, nothing of other origins', () => {
    const message = irToOpenAiChatResponse(answer).value.choices[0]?.message;
    expect(message?.reasoning_details).toEqual([
      { type: 'reasoning.encrypted', data: 'Y2Fycmllci0x', format: 'interlingua-v1', index: 0 },
    ]);
    expect(message?.reasoning_content).toBe('Two cities.Hidden.');
    expect(openAiChatStrictResponseSchema.safeParse(irToOpenAiChatResponse(answer).value).success).toBe(true);
  });

  it('sent back, the entries become opaque reasoning parts in place of reasoning_content', () => {
    const ir = openAiChatRequestToIr({
      model: 'm',
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          reasoning_content: 'Two cities.',
          reasoning_details: [
            { type: 'reasoning.encrypted', data: 'Y2Fycmllci0x', format: 'interlingua-v1', index: 0 },
            { type: 'reasoning.text', text: 'ignored' },
          ],
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
      ],
    });
    expect(ir.warnings).toEqual([]);
    expect(ir.value.messages[1]?.content).toEqual([
      { type: 'reasoning', text: '', opaque: { origin: 'openai-chat', kind: 'encrypted', data: 'Y2Fycmllci0x' } },
      { type: 'tool-call', id: 'call_1', name: 'weather', argumentsJson: '{"city":"Paris"}' },
    ]);
  });
});

describe('a signed tool call for chat callers', () => {
  it('carries its chat-origin opaque data as extra_content.google.thought_signature, and nothing of other origins', () => {
    expect(irToOpenAiChatResponse(answer).value.choices[0]?.message.tool_calls).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' }, ...SIGNED },
      { id: 'call_2', type: 'function', function: { name: 'weather', arguments: '{"city":"Rome"}' } },
    ]);
  });

  it('streamed, has it on the call’s first delta only', () => {
    const events: IrStreamEvent[] = [
      { type: 'tool-call-start', index: 0, id: 'call_1', name: 'weather', opaque: CALL_CARRIER },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":"Paris"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' } },
    ];
    const calls = parseSseText(serializeSseMessages(runMachineSync(createOpenAiChatStreamEncoder(), events)))
      .filter((message) => message.data !== '[DONE]')
      .map((message) => JSON.parse(message.data) as Record<string, unknown>)
      .flatMap((chunk) => {
        expect(openAiChatStrictChunkSchema.safeParse(chunk).error).toBeUndefined();
        return (chunk.choices as Array<{ delta: { tool_calls?: unknown[] } }>)[0]?.delta.tool_calls ?? [];
      });
    expect(calls).toEqual([
      { index: 0, id: 'call_1', type: 'function', function: { name: 'weather', arguments: '' }, ...SIGNED },
      { index: 0, function: { arguments: '{"city":"Paris"}' } },
    ]);
  });

  it('sent back on the call, it becomes the call’s opaque data again', () => {
    const ir = openAiChatRequestToIr({
      model: 'm',
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{}' }, ...SIGNED }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
      ],
    });
    expect(ir.warnings).toEqual([]);
    expect(ir.value.messages[1]?.content).toEqual([
      { type: 'tool-call', id: 'call_1', name: 'weather', argumentsJson: '{}', opaque: CALL_CARRIER },
    ]);
  });
});
