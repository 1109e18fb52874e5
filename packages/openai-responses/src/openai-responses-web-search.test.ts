import { oneTurnIrRequest } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { irToOpenAiResponsesRequest } from './ir-to-openai-responses-request.js';
import { openAiResponsesRequestToIr } from './openai-responses-request-to-ir.js';
import { openAiResponsesStyleOnlyEntries } from './openai-responses-style-only.js';

describe('Responses web_search tool <-> IR webSearch', () => {
  it('reads web_search (as Codex and the Agents SDK send it) and no longer lists it as style-only', () => {
    const ir = openAiResponsesRequestToIr({
      model: 'gpt-5.2',
      input: 'Tallest mountain in Alberta?',
      tools: [
        {
          type: 'web_search',
          search_context_size: 'low',
          filters: { allowed_domains: ['britannica.com'] },
          user_location: { type: 'approximate', country: 'US' },
        },
      ],
    }).value;
    expect(ir.webSearch).toEqual({
      contextSize: 'low',
      allowedDomains: ['britannica.com'],
      userLocation: { country: 'US' },
    });
    expect(openAiResponsesStyleOnlyEntries(ir)).toEqual([]);
  });

  it('sends a web search asked in another style as the web_search tool', () => {
    const ir = oneTurnIrRequest('gpt-5.2', { webSearch: { maxUses: 2, userLocation: { city: 'Lyon' } } });
    expect(irToOpenAiResponsesRequest(ir).value.tools).toEqual([
      { type: 'web_search', user_location: { type: 'approximate', city: 'Lyon' } },
    ]);
  });
});
