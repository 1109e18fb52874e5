import { oneTurnIrRequest } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { geminiRequestToIr } from './gemini-request-to-ir.js';
import { geminiStyleOnlyEntries } from './gemini-style-only.js';
import { irToGeminiRequest } from './ir-to-gemini-request.js';

describe('Gemini googleSearch <-> IR webSearch', () => {
  it('reads googleSearch (as Gemini CLI sends it) as a web search; other built-in tools stay style-only', () => {
    const ir = geminiRequestToIr({
      model: 'gemini-2.5-pro',
      contents: [{ role: 'user', parts: [{ text: 'Weather in SF?' }] }],
      tools: [{ googleSearch: {} }, { codeExecution: {} }],
    }).value;
    expect(ir.webSearch).toEqual({});
    expect(geminiStyleOnlyEntries(ir)).toEqual([{ field: 'tools', type: 'codeExecution' }]);
  });

  it('sends a web search asked in another style as googleSearch, naming the settings it cannot take', () => {
    const ir = oneTurnIrRequest('gemini-2.5-pro', { webSearch: { maxUses: 5 } });
    const encoded = irToGeminiRequest(ir);
    expect(encoded.value.tools).toEqual([{ googleSearch: {} }]);
    expect(encoded.warnings.map((warning) => warning.field)).toContain('webSearch');
  });
});
