import type { IrResponse } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { irToOpenAiChatResponse } from './ir-to-openai-chat-response.js';
import { openAiChatRequestToIr } from './openai-chat-request-to-ir.js';
import { openAiChatStrictResponseSchema } from './openai-chat-strict-schema.js';

const answer: IrResponse = {
  id: 'chatcmpl-1',
  model: 'm',
  created: 1,
  choices: [
    {
      index: 0,
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      content: [
        { type: 'reasoning', text: 'Two cities.', opaque: { origin: 'openai-chat', kind: 'encrypted', data: 'Y2Fycmllci0x' } },
        { type: 'reasoning', text: 'Hidden.', opaque: { origin: 'anthropic', kind: 'signature', data: 'EqQB' } },
        { type: 'tool-call', id: 'call_1', name: 'weather', argumentsJson: '{"city":"Paris"}' },
      ],
    },
  ],
};

describe('reasoning_details for chat callers', () => {
  it('an answer lists the chat-origin opaque reasoning as encrypted entries, nothing of other origins', () => {
    const message = irToOpenAiChatResponse(answer).value.choices[0]?.message;
    expect(message?.reasoning_details).toEqual([{ type: 'reasoning.encrypted', data: 'Y2Fycmllci0x', format: 'interlingua-v1', index: 0 }]);
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
          reasoning_details: [{ type: 'reasoning.encrypted', data: 'Y2Fycmllci0x', format: 'interlingua-v1', index: 0 }, { type: 'reasoning.text', text: 'ignored' }],
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
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
