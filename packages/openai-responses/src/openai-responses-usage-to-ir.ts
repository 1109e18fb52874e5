import type { IrUsage } from '@interlingua/ir';
import type { OpenAiResponsesUsageWire } from './openai-responses-response-schema.js';

function count(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/**
 * Responses usage -> IR usage. OpenAI already counts cached tokens inside `input_tokens` and
 * reasoning tokens inside `output_tokens`, so the IR invariants hold as sent; the total is
 * recomputed as input + output. Zero detail counts are left out (absent and zero mean the same).
 */
export function openAiResponsesUsageToIr(usage: OpenAiResponsesUsageWire): IrUsage {
  const inputTokens = count(usage.input_tokens);
  const outputTokens = count(usage.output_tokens);
  const out: IrUsage = { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
  const cached = Math.min(count(usage.input_tokens_details?.cached_tokens), inputTokens);
  if (cached > 0) out.cacheReadTokens = cached;
  const written = Math.min(count(usage.input_tokens_details?.cache_write_tokens), inputTokens - cached);
  if (written > 0) out.cacheWriteTokens = written;
  const reasoning = Math.min(count(usage.output_tokens_details?.reasoning_tokens), outputTokens);
  if (reasoning > 0) out.reasoningTokens = reasoning;
  out.raw = usage;
  return out;
}
