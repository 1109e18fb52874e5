import type { AnthropicCountTokensResponse } from './anthropic-messages-count-tokens-schema.js';

/** The `POST /v1/messages/count_tokens` answer for a count. */
export function anthropicCountTokensResponse(inputTokens: number): AnthropicCountTokensResponse {
  return { input_tokens: Math.max(0, Math.round(inputTokens)) };
}
