import { oneTurnIrRequest } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { irToOpenAiChatRequest } from './ir-to-openai-chat-request.js';
import { openAiChatRequestToIr } from './openai-chat-request-to-ir.js';

describe('chat web_search_options <-> IR webSearch', () => {
  it('reads web_search_options of search models', () => {
    const ir = openAiChatRequestToIr({
      model: 'gpt-4o-search-preview',
      messages: [{ role: 'user', content: 'News?' }],
      web_search_options: {
        search_context_size: 'high',
        user_location: { type: 'approximate', approximate: { city: 'Oslo' } },
      },
    }).value;
    expect(ir.webSearch).toEqual({ contextSize: 'high', userLocation: { city: 'Oslo' } });
  });

  it('sends a web search asked in another style as web_search_options', () => {
    const ir = oneTurnIrRequest('gpt-4o-search-preview', { webSearch: { contextSize: 'low' as const } });
    expect(irToOpenAiChatRequest(ir).value).toMatchObject({ web_search_options: { search_context_size: 'low' } });
  });
});
