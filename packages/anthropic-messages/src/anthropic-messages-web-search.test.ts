import { oneTurnIrRequest } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { anthropicMessagesRequestToIr } from './anthropic-messages-request-to-ir.js';
import { irToAnthropicMessagesRequest } from './ir-to-anthropic-messages-request.js';

const base = { model: 'claude-sonnet-4-5', max_tokens: 256, messages: [{ role: 'user', content: 'News today?' }] };

describe('Anthropic web search server tool <-> IR webSearch', () => {
  it('reads any dated version (Claude Code sends web_search_20250305; the SDK knows 20260209) with its settings', () => {
    const ir = anthropicMessagesRequestToIr({
      ...base,
      tools: [
        {
          type: 'web_search_20260209',
          name: 'web_search',
          max_uses: 3,
          allowed_domains: ['example.com'],
          user_location: { type: 'approximate', city: 'Paris', country: 'FR' },
        },
      ],
    }).value;
    expect(ir.webSearch).toEqual({
      maxUses: 3,
      allowedDomains: ['example.com'],
      userLocation: { city: 'Paris', country: 'FR' },
    });
  });

  it('gives the caller its own tool back unchanged on an Anthropic upstream', () => {
    const tool = { type: 'web_search_20260209', name: 'web_search', max_uses: 2 };
    const ir = anthropicMessagesRequestToIr({ ...base, tools: [tool] }).value;
    expect(irToAnthropicMessagesRequest(ir).value.tools).toEqual([tool]);
  });

  it('sends a web search asked in another style as the web_search_20250305 server tool', () => {
    const ir = oneTurnIrRequest('claude-sonnet-4-5', {
      maxOutputTokens: 256,
      webSearch: { blockedDomains: ['spam.example'], contextSize: 'high' as const },
    });
    expect(irToAnthropicMessagesRequest(ir).value.tools).toEqual([
      { type: 'web_search_20250305', name: 'web_search', blocked_domains: ['spam.example'] },
    ]);
  });
});
