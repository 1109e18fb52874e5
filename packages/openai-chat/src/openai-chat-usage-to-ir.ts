import type { IrUsage } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : undefined;
}

/**
 * A chat `usage` object -> IR usage (undefined when it is not one). OpenAI's `prompt_tokens`
 * already include cached tokens and `completion_tokens` already include reasoning tokens, so
 * the details are copied as they are; the total is recomputed to satisfy the IR invariants.
 * DeepSeek's `prompt_cache_hit_tokens` counts as a cache read when `cached_tokens` is absent.
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-usage
 */
export function openAiChatUsageToIr(raw: unknown): IrUsage | undefined {
  const usage = asRecord(raw);
  if (!usage) return undefined;
  const inputTokens = count(usage['prompt_tokens']);
  const outputTokens = count(usage['completion_tokens']);
  if (inputTokens === undefined && outputTokens === undefined) return undefined;
  const input = inputTokens ?? 0;
  const output = outputTokens ?? 0;
  const promptDetails = asRecord(usage['prompt_tokens_details']);
  const completionDetails = asRecord(usage['completion_tokens_details']);
  const ir: IrUsage = { inputTokens: input, outputTokens: output, totalTokens: input + output };
  const cacheRead = Math.min(
    count(promptDetails?.['cached_tokens']) ?? count(usage['prompt_cache_hit_tokens']) ?? 0,
    input,
  );
  if (cacheRead > 0) ir.cacheReadTokens = cacheRead;
  const cacheWrite = Math.min(count(promptDetails?.['cache_write_tokens']) ?? 0, input - cacheRead);
  if (cacheWrite > 0) ir.cacheWriteTokens = cacheWrite;
  const reasoning = Math.min(count(completionDetails?.['reasoning_tokens']) ?? 0, output);
  if (reasoning > 0) ir.reasoningTokens = reasoning;
  ir.raw = raw;
  return ir;
}
