import { type IrUsage, usageFrom } from '@interlingua/ir';
import { anthropicUsageLenientSchema, type AnthropicUsageLenient } from './anthropic-messages-response-schema.js';

/** A usage object as `anthropicUsageLenientSchema` reads it, or undefined when it is none. */
export function readAnthropicUsage(value: unknown): AnthropicUsageLenient | undefined {
  const parsed = anthropicUsageLenientSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function count(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

/**
 * Anthropic usage -> IR usage. Anthropic reports three disjoint input buckets; the IR's
 * `inputTokens` is their sum (`input_tokens + cache_creation_input_tokens +
 * cache_read_input_tokens`). `output_tokens` already includes thinking. Searches run
 * (`server_tool_use.web_search_requests`) are kept for pricing. The one-hour share of the
 * cache writes (`cache_creation.ephemeral_1h_input_tokens`) is kept for pricing.
 */
export function anthropicUsageToIr(usage: AnthropicUsageLenient): IrUsage {
  const cacheWrite = count(usage.cache_creation_input_tokens);
  const cacheRead = count(usage.cache_read_input_tokens);
  const outputTokens = count(usage.output_tokens) ?? 0;
  const thinking = count(usage.output_tokens_details?.thinking_tokens);
  const ir = usageFrom({
    inputTokens: (count(usage.input_tokens) ?? 0) + (cacheWrite ?? 0) + (cacheRead ?? 0),
    outputTokens,
    raw: usage,
  });
  if (cacheRead !== undefined) ir.cacheReadTokens = cacheRead;
  if (cacheWrite !== undefined) ir.cacheWriteTokens = cacheWrite;
  const longLived = count(usage.cache_creation?.ephemeral_1h_input_tokens);
  if (longLived !== undefined && longLived > 0) ir.cacheWrite1hTokens = Math.min(longLived, cacheWrite ?? 0);
  if (thinking !== undefined) ir.reasoningTokens = Math.min(thinking, outputTokens);
  const searches = count(usage.server_tool_use?.web_search_requests);
  if (searches) ir.webSearchRequests = searches;
  return ir;
}

/**
 * Overlays a `message_delta` usage on the usage known so far: counters are cumulative totals,
 * `output_tokens` always replaces, the others replace only when present and non-null.
 */
export function mergeAnthropicUsage(
  base: AnthropicUsageLenient | undefined,
  delta: AnthropicUsageLenient,
): AnthropicUsageLenient {
  const merged: AnthropicUsageLenient = { ...base };
  for (const [key, value] of Object.entries(delta)) {
    if (value !== null && value !== undefined) merged[key] = value;
  }
  return merged;
}
