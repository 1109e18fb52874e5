import type { IrResponse } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { irToOpenAiChatResponse } from './ir-to-openai-chat-response.js';
import { openAiChatResponseToIr } from './openai-chat-response-to-ir.js';
import { openAiChatStrictResponseSchema } from './openai-chat-strict-schema.js';

const base = { id: 'msg_01', model: 'claude-sonnet', created: 1700000000 };

describe('irToOpenAiChatResponse', () => {
  it('produces the section 3.4 shape: content null with only tool calls, refusal null, logprobs null, usage details', () => {
    const ir: IrResponse = {
      ...base,
      choices: [
        {
          index: 0,
          content: [
            { type: 'reasoning', text: 'plan', opaque: { origin: 'anthropic', kind: 'signature', data: 's' } },
            { type: 'tool-call', id: 'toolu_1', name: 'get', argumentsJson: '' },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_use' },
        },
      ],
      usage: {
        inputTokens: 20,
        outputTokens: 8,
        totalTokens: 28,
        cacheReadTokens: 5,
        cacheWriteTokens: 10,
        reasoningTokens: 3,
      },
    };
    const { value, warnings } = irToOpenAiChatResponse(ir);
    expect(warnings).toEqual([]);
    expect(openAiChatStrictResponseSchema.safeParse(value).error).toBeUndefined();
    expect(value).toEqual({
      id: 'msg_01',
      object: 'chat.completion',
      created: 1700000000,
      model: 'claude-sonnet',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            refusal: null,
            reasoning_content: 'plan',
            tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'get', arguments: '{}' } }],
            annotations: [],
          },
          logprobs: null,
          finish_reason: 'tool_calls',
        },
      ],
      usage: {
        prompt_tokens: 20,
        completion_tokens: 8,
        total_tokens: 28,
        prompt_tokens_details: { cached_tokens: 5, audio_tokens: 0, cache_write_tokens: 10 },
        completion_tokens_details: {
          reasoning_tokens: 3,
          audio_tokens: 0,
          accepted_prediction_tokens: 0,
          rejected_prediction_tokens: 0,
        },
      },
    });
    const { value: back } = openAiChatResponseToIr(value);
    expect(back.choices[0]?.content).toEqual([
      { type: 'reasoning', text: 'plan' },
      { type: 'tool-call', id: 'toolu_1', name: 'get', argumentsJson: '{}' },
    ]);
    expect(back.usage).toMatchObject({
      inputTokens: 20,
      outputTokens: 8,
      cacheReadTokens: 5,
      cacheWriteTokens: 10,
      reasoningTokens: 3,
    });
  });

  it('joins text parts, maps n > 1 and drops files with a warning', () => {
    const ir: IrResponse = {
      ...base,
      choices: [
        {
          index: 0,
          content: [
            { type: 'text', text: 'a' },
            { type: 'file', mediaType: 'image/png', source: { kind: 'base64', data: 'x' } },
            { type: 'text', text: 'b' },
          ],
          finishReason: { unified: 'pause', raw: 'pause_turn' },
        },
        { index: 1, content: [], finishReason: { unified: 'refusal', raw: 'refusal' } },
      ],
    };
    const { value, warnings } = irToOpenAiChatResponse(ir);
    expect(openAiChatStrictResponseSchema.safeParse(value).error).toBeUndefined();
    expect(value.choices.map((c) => [c.message.content, c.finish_reason])).toEqual([
      ['ab', 'stop'],
      ['', 'content_filter'],
    ]);
    expect(warnings).toEqual([{ kind: 'dropped', field: 'choices[0].content[1]', message: expect.any(String) }]);
  });
});
