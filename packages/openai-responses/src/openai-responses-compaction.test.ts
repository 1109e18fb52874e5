import { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { irToOpenAiResponsesRequest } from './ir-to-openai-responses-request.js';
import {
  findCompactionItems,
  openAiResponsesCompactRequestToIr,
  openAiResponsesCompactionFromIr,
  openAiResponsesCompactionResponseSchema,
  openAiResponsesStrictCompactionResponseSchema,
} from './openai-responses-compaction.js';
import { openAiResponsesRequestToIr } from './openai-responses-request-to-ir.js';

describe('compaction items in requests', () => {
  const request = {
    model: 'gpt-5.1-codex-max',
    input: [
      { role: 'user', content: 'build a page' },
      { type: 'compaction', id: 'cmp_1', encrypted_content: 'gAAAA-openai' },
      { type: 'compaction', encrypted_content: 'ilg1.local-blob' },
      { role: 'user', content: 'continue' },
    ],
  };

  it('keeps them as reasoning parts with opaque data that findCompactionItems finds', () => {
    const { value: ir } = openAiResponsesRequestToIr(request);
    const found = findCompactionItems(ir);
    expect(found).toEqual([
      {
        messageIndex: 1,
        partIndex: 0,
        id: 'cmp_1',
        part: {
          type: 'reasoning',
          text: '',
          opaque: { origin: 'openai', kind: 'encrypted', data: 'gAAAA-openai', itemId: 'cmp_1' },
        },
      },
      {
        messageIndex: 2,
        partIndex: 0,
        part: {
          type: 'reasoning',
          text: '',
          opaque: { origin: 'interlingua', kind: 'encrypted', data: 'ilg1.local-blob' },
        },
      },
    ]);
  });

  it('forwards OpenAI blobs upstream and drops Interlingua ones', () => {
    const { value: ir } = openAiResponsesRequestToIr(request);
    expect(irToOpenAiResponsesRequest(ir).value.input).toEqual([
      { role: 'user', content: 'build a page' },
      { type: 'compaction', encrypted_content: 'gAAAA-openai', id: 'cmp_1' },
      { role: 'user', content: 'continue' },
    ]);
  });
});

describe('the compact endpoint shapes', () => {
  it('reads a compact request, keeping unknown fields', () => {
    const { value } = openAiResponsesCompactRequestToIr({
      model: 'm',
      input: 'hi',
      instructions: 'sys',
      tools: [{ type: 'web_search' }],
      stream: true,
    });
    expect(value.messages).toHaveLength(2);
    expect(value.stream).toBe(false);
    expect(value.extensions?.['openai-responses']).toMatchObject({
      instructions: true,
      tools: [{ index: 0, tool: { type: 'web_search' } }],
    });
    expect(() => openAiResponsesCompactRequestToIr({ input: 'hi' })).toThrow(IrError);
  });

  it('builds a compaction answer the strict and lenient schemas accept', () => {
    const { value } = openAiResponsesCompactionFromIr({
      id: 'resp_c',
      created: 1764967971,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Create a landing page' }] }],
      encryptedContent: 'ilg1.abc',
      usage: { inputTokens: 139, outputTokens: 438, totalTokens: 577, reasoningTokens: 64 },
    });
    expect(value).toEqual({
      id: 'resp_c',
      object: 'response.compaction',
      created_at: 1764967971,
      output: [
        {
          id: 'msg_c_0',
          type: 'message',
          status: 'completed',
          role: 'user',
          content: [{ type: 'input_text', text: 'Create a landing page' }],
        },
        { type: 'compaction', id: 'cmp_c', encrypted_content: 'ilg1.abc' },
      ],
      usage: {
        input_tokens: 139,
        input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
        output_tokens: 438,
        output_tokens_details: { reasoning_tokens: 64 },
        total_tokens: 577,
      },
    });
    expect(openAiResponsesStrictCompactionResponseSchema.safeParse(value).error?.issues ?? []).toEqual([]);
    expect(openAiResponsesCompactionResponseSchema.safeParse(value).success).toBe(true);
  });
});
