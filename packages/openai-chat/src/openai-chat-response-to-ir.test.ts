import { checkUsageInvariants } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { irToOpenAiChatResponse } from './ir-to-openai-chat-response.js';
import { openAiChatResponseToIr } from './openai-chat-response-to-ir.js';
import { openAiChatStrictResponseSchema } from './openai-chat-strict-schema.js';

const HEAD = { id: 'chatcmpl-1', object: 'chat.completion', created: 1700000000, model: 'deepseek-reasoner' };

describe('openAiChatResponseToIr', () => {
  it('puts reasoning_content before the text and maps usage details', () => {
    const usage = {
      prompt_tokens: 100,
      completion_tokens: 50,
      total_tokens: 150,
      prompt_tokens_details: { cached_tokens: 60 },
      completion_tokens_details: { reasoning_tokens: 30 },
    };
    const { value } = openAiChatResponseToIr({
      ...HEAD,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Answer', reasoning_content: 'Because' },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage,
    });
    expect(value.choices[0]?.content).toEqual([
      { type: 'reasoning', text: 'Because' },
      { type: 'text', text: 'Answer' },
    ]);
    expect(value.usage).toEqual({
      inputTokens: 100,
      outputTokens: 50,
      totalTokens: 150,
      cacheReadTokens: 60,
      reasoningTokens: 30,
      raw: usage,
    });
    expect(value.extensions).toBeUndefined();
  });

  it('reads DeepSeek cache hits and keeps the usage invariants on odd totals', () => {
    const { value } = openAiChatResponseToIr({
      ...HEAD,
      choices: [],
      usage: {
        prompt_tokens: 10,
        completion_tokens: 2,
        total_tokens: 99,
        prompt_cache_hit_tokens: 8,
        prompt_cache_miss_tokens: 2,
      },
    });
    expect(value.usage).toMatchObject({ inputTokens: 10, outputTokens: 2, totalTokens: 12, cacheReadTokens: 8 });
    expect(checkUsageInvariants(value.usage ?? { inputTokens: -1, outputTokens: 0, totalTokens: 0 })).toEqual([]);
  });

  it('supports n > 1, refusals, legacy function calls and non-string arguments', () => {
    const { value } = openAiChatResponseToIr({
      ...HEAD,
      choices: [
        { index: 0, message: { role: 'assistant', content: null, refusal: 'No.' }, finish_reason: 'stop' },
        {
          index: 1,
          message: { role: 'assistant', content: null, function_call: { name: 'f', arguments: '{"a":1}' } },
          finish_reason: 'function_call',
        },
        {
          index: 2,
          message: {
            role: 'assistant',
            tool_calls: [{ id: 'c', type: 'function', function: { name: 'g', arguments: { b: 2 } } }],
          },
          finish_reason: 'tool_calls',
        },
        {
          index: 3,
          message: {
            role: 'assistant',
            content: [
              { type: 'text', text: 'parts ' },
              { type: 'text', text: 'too' },
            ],
          },
          finish_reason: 'eos',
        },
      ],
    });
    expect(value.choices.map((c) => [c.content, c.finishReason])).toEqual([
      [[{ type: 'refusal', text: 'No.' }], { unified: 'stop', raw: 'stop' }],
      [
        [{ type: 'tool-call', id: 'call_1_function', name: 'f', argumentsJson: '{"a":1}' }],
        { unified: 'tool-calls', raw: 'function_call' },
      ],
      [
        [{ type: 'tool-call', id: 'c', name: 'g', argumentsJson: '{"b":2}' }],
        { unified: 'tool-calls', raw: 'tool_calls' },
      ],
      [[{ type: 'text', text: 'parts too' }], { unified: 'stop', raw: 'eos' }],
    ]);
  });

  it('keeps url citations on the text, logprobs and top-level extras in extensions, and re-emits the documented ones', () => {
    const annotations = [
      { type: 'url_citation', url_citation: { start_index: 0, end_index: 4, title: 'T', url: 'https://t' } },
    ];
    const logprobs = { content: [{ token: 'Hi', logprob: -0.1, bytes: [72, 105], top_logprobs: [] }], refusal: null };
    const wire = {
      ...HEAD,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Hi', refusal: null, annotations },
          logprobs,
          finish_reason: 'stop',
          content_filter_results: {},
        },
      ],
      service_tier: 'default',
      system_fingerprint: 'fp_1',
      prompt_filter_results: [],
    };
    const { value } = openAiChatResponseToIr(wire);
    expect(value.extensions?.['openai-chat']).toEqual({
      service_tier: 'default',
      system_fingerprint: 'fp_1',
      prompt_filter_results: [],
      choiceFields: { '0': { logprobs, content_filter_results: {} } },
    });
    expect(value.choices[0]?.content).toEqual([
      { type: 'text', text: 'Hi', citations: [{ url: 'https://t', title: 'T', startIndex: 0, endIndex: 4 }] },
    ]);
    const { value: back } = irToOpenAiChatResponse(value);
    expect(openAiChatStrictResponseSchema.safeParse(back).success).toBe(true);
    expect(back).toEqual({
      ...HEAD,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Hi', refusal: null, annotations },
          logprobs,
          finish_reason: 'stop',
        },
      ],
      service_tier: 'default',
      system_fingerprint: 'fp_1',
    });
  });

  it('tolerates odd fields without throwing', () => {
    const { value } = openAiChatResponseToIr({
      choices: [{ message: { content: 5, tool_calls: 'x' }, finish_reason: 3 }],
      created: 'soon',
    });
    expect(value).toEqual({
      id: '',
      model: '',
      created: 0,
      choices: [{ index: 0, content: [], finishReason: { unified: 'other', raw: null } }],
    });
  });
});
