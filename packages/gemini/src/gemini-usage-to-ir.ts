import type { IrUsage } from '@interlingua/ir';
import { usageFrom } from '@interlingua/ir';
import { geminiLenientUsageSchema } from './gemini-response-schema.js';

/**
 * `usageMetadata` -> IR usage. Gemini reports thoughts and tool-use prompts apart:
 * input = `promptTokenCount` + `toolUsePromptTokenCount` (cached tokens are already part of the
 * prompt), output = `candidatesTokenCount` + `thoughtsTokenCount`, reasoning =
 * `thoughtsTokenCount`, cache reads = `cachedContentTokenCount`. The object is kept in `raw`.
 *
 * @see https://ai.google.dev/api/generate-content#UsageMetadata
 */
export function geminiUsageToIr(usageMetadata: unknown): IrUsage | undefined {
  const parsed = geminiLenientUsageSchema.safeParse(usageMetadata);
  if (!parsed.success) return undefined;
  const usage = parsed.data;
  const inputTokens = (usage.promptTokenCount ?? 0) + (usage.toolUsePromptTokenCount ?? 0);
  const thoughts = usage.thoughtsTokenCount;
  const ir = usageFrom({ inputTokens, outputTokens: (usage.candidatesTokenCount ?? 0) + (thoughts ?? 0) });
  if (usage.cachedContentTokenCount !== undefined)
    ir.cacheReadTokens = Math.min(usage.cachedContentTokenCount, inputTokens);
  if (thoughts !== undefined) ir.reasoningTokens = thoughts;
  ir.raw = usageMetadata;
  return ir;
}
