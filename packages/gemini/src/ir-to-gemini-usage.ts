import type { IrUsage } from '@interlingua/ir';
import type { GeminiUsageMetadata } from './gemini-response-schema.js';
import { geminiStrictUsageSchema } from './gemini-response-schema.js';
import { geminiUsageToIr } from './gemini-usage-to-ir.js';

/**
 * IR usage -> `usageMetadata`. When `raw` is a Gemini usage object that still says the same
 * numbers it is sent as it was (details included); otherwise: prompt = input, candidates =
 * output - reasoning, thoughts = reasoning, cached = cache reads, total = total.
 *
 * @see https://ai.google.dev/api/generate-content#UsageMetadata
 */
export function irUsageToGemini(usage: IrUsage): GeminiUsageMetadata {
  const raw = rawGeminiUsage(usage);
  if (raw) return raw;
  const reasoning = usage.reasoningTokens ?? 0;
  const out: GeminiUsageMetadata = {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: Math.max(usage.outputTokens - reasoning, 0),
    totalTokenCount: usage.totalTokens,
  };
  if (usage.reasoningTokens !== undefined) out.thoughtsTokenCount = reasoning;
  if (usage.cacheReadTokens !== undefined) out.cachedContentTokenCount = usage.cacheReadTokens;
  return out;
}

function rawGeminiUsage(usage: IrUsage): GeminiUsageMetadata | undefined {
  if (usage.raw === undefined) return undefined;
  const strict = geminiStrictUsageSchema.safeParse(usage.raw);
  if (!strict.success) return undefined;
  const again = geminiUsageToIr(usage.raw);
  const same =
    again !== undefined &&
    again.inputTokens === usage.inputTokens &&
    again.outputTokens === usage.outputTokens &&
    again.totalTokens === usage.totalTokens &&
    again.reasoningTokens === usage.reasoningTokens &&
    again.cacheReadTokens === usage.cacheReadTokens;
  return same && strict.data.totalTokenCount === usage.totalTokens ? strict.data : undefined;
}
