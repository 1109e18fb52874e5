import type { IrUsage } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import type { AnthropicUsage } from './anthropic-messages-response-schema.js';
import { anthropicStrictUsageSchema } from './anthropic-messages-response-schema.js';

/** Usage fields copied from an Anthropic-shaped raw usage when its counts agree with the IR. */
const RAW_EXTRAS = [
  'cache_creation',
  'server_tool_use',
  'service_tier',
  'inference_geo',
  'speed',
  'output_tokens_details',
] as const;

/**
 * IR usage -> Anthropic `Usage`: `input_tokens` excludes the cache buckets
 * (`inputTokens - cacheRead - cacheWrite`). When `raw` is the provider's own Anthropic usage for
 * the same counts, its extra fields (`cache_creation`, `service_tier`…) are kept.
 */
export function irUsageToAnthropic(usage: IrUsage | undefined): AnthropicUsage {
  if (!usage) return { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const cacheRead = usage.cacheReadTokens ?? 0;
  const cacheWrite = usage.cacheWriteTokens ?? 0;
  const out: AnthropicUsage = {
    input_tokens: Math.max(usage.inputTokens - cacheRead - cacheWrite, 0),
    output_tokens: usage.outputTokens,
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
  };
  const raw = asRecord(usage.raw);
  if (raw && raw.input_tokens === out.input_tokens && raw.output_tokens === out.output_tokens) {
    for (const key of RAW_EXTRAS) {
      const candidate = { ...out, [key]: raw[key] };
      if (raw[key] !== undefined && anthropicStrictUsageSchema.safeParse(candidate).success)
        Object.assign(out, { [key]: raw[key] });
    }
  }
  if (out.cache_creation === undefined && usage.cacheWrite1hTokens !== undefined) {
    const longLived = usage.cacheWrite1hTokens;
    out.cache_creation = {
      ephemeral_5m_input_tokens: Math.max(cacheWrite - longLived, 0),
      ephemeral_1h_input_tokens: longLived,
    };
  }
  if (out.server_tool_use === undefined && usage.webSearchRequests)
    out.server_tool_use = { web_search_requests: usage.webSearchRequests };
  if (out.output_tokens_details === undefined && usage.reasoningTokens !== undefined) {
    out.output_tokens_details = { thinking_tokens: usage.reasoningTokens };
  }
  return out;
}
