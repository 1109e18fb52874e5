import type { IrError } from '@interlingua/ir';
import { describe, expect, it } from 'vitest';
import { geminiCountTokensRequestToIr, geminiCountTokensResponse, geminiCountTokensResponseSchema } from './index.js';

describe('gemini countTokens', () => {
  it('reads bare contents', () => {
    const { value } = geminiCountTokensRequestToIr({ contents: [{ role: 'user', parts: [{ text: 'count me' }] }] });
    expect(value.model).toBe('');
    expect(value.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'count me' }] }]);
  });

  it('reads a generateContentRequest with its model, system instruction and tools', () => {
    const { value } = geminiCountTokensRequestToIr({
      generateContentRequest: {
        model: 'models/gemini-2.5-flash',
        contents: [{ parts: [{ text: 'x' }] }],
        systemInstruction: { parts: [{ text: 'sys' }] },
        tools: [{ functionDeclarations: [{ name: 'f' }] }],
      },
    });
    expect(value.model).toBe('gemini-2.5-flash');
    expect(value.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(value.tools).toEqual([{ name: 'f' }]);
  });

  it('names the bad field, inside generateContentRequest too', () => {
    expect(() => geminiCountTokensRequestToIr({})).toThrow(/either contents or generateContentRequest/);
    try {
      geminiCountTokensRequestToIr({ generateContentRequest: { contents: [{ role: 'bot', parts: [] }] } });
      expect.unreachable();
    } catch (error) {
      expect((error as IrError).data.param).toBe('generateContentRequest.contents[0].role');
    }
  });

  it('builds the answer', () => {
    const body = geminiCountTokensResponse(31, {
      cachedContentTokenCount: 4,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: 31 }],
    });
    expect(body).toEqual({
      totalTokens: 31,
      cachedContentTokenCount: 4,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: 31 }],
    });
    expect(geminiCountTokensResponseSchema.safeParse(body).success).toBe(true);
  });
});
