import type { IrUsage } from '@interlingua/ir';
import type { OpenAiResponsesUsage } from './openai-responses-strict-response-schema.js';

/** IR usage -> Responses usage (every detail field present, as the SDK types require). */
export function irToOpenAiResponsesUsage(usage: IrUsage): OpenAiResponsesUsage {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: {
      cached_tokens: usage.cacheReadTokens ?? 0,
      cache_write_tokens: usage.cacheWriteTokens ?? 0,
    },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}
