import type { IrUsage } from '@interlingua/ir';
import { usageFrom } from '@interlingua/ir';
import type { BedrockUsage } from './bedrock-converse-schema.js';

/**
 * Converse `usage` -> IR usage. Bedrock's `inputTokens` leaves out prompt-cache reads and writes
 * (`totalTokens` counts them), so the IR input adds them in.
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_TokenUsage.html
 */
export function bedrockUsageToIr(usage: BedrockUsage): IrUsage {
  const cacheRead = usage.cacheReadInputTokens ?? 0;
  const cacheWrite = usage.cacheWriteInputTokens ?? 0;
  return usageFrom({
    inputTokens: usage.inputTokens + cacheRead + cacheWrite,
    outputTokens: usage.outputTokens,
    ...(usage.cacheReadInputTokens !== undefined ? { cacheReadTokens: cacheRead } : {}),
    ...(usage.cacheWriteInputTokens !== undefined ? { cacheWriteTokens: cacheWrite } : {}),
    raw: usage,
  });
}

/** IR usage -> Converse `usage` (input without the cache tokens, total with them). */
export function irUsageToBedrock(usage: IrUsage | undefined): {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  cacheReadInputTokens?: number;
  cacheWriteInputTokens?: number;
} {
  if (!usage) return { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  const cacheRead = usage.cacheReadTokens ?? 0;
  const cacheWrite = usage.cacheWriteTokens ?? 0;
  return {
    inputTokens: Math.max(0, usage.inputTokens - cacheRead - cacheWrite),
    outputTokens: usage.outputTokens,
    totalTokens: usage.inputTokens + usage.outputTokens,
    ...(usage.cacheReadTokens !== undefined ? { cacheReadInputTokens: cacheRead } : {}),
    ...(usage.cacheWriteTokens !== undefined ? { cacheWriteInputTokens: cacheWrite } : {}),
  };
}
