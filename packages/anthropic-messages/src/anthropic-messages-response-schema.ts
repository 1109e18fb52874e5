import * as z from 'zod/mini';
import { safeInt } from '@interlingua/ir-utils';
import './zod-english.js';

const count = z.number().check(z.gte(0));
const nullableCount = z.nullish(count);

/** Usage as upstreams send it: every counter optional, extra fields kept. */
export const anthropicUsageLenientSchema = z.looseObject({
  input_tokens: nullableCount,
  output_tokens: nullableCount,
  cache_creation_input_tokens: nullableCount,
  cache_read_input_tokens: nullableCount,
  output_tokens_details: z.nullish(z.looseObject({ thinking_tokens: nullableCount })),
  server_tool_use: z.nullish(z.looseObject({ web_search_requests: nullableCount })),
  cache_creation: z.nullish(
    z.looseObject({ ephemeral_5m_input_tokens: nullableCount, ephemeral_1h_input_tokens: nullableCount }),
  ),
});

/** What makes a body a message: a `content` array of `{ type }` blocks; `type` and `role` strings when present. */
export const anthropicMessageShapeSchema = z.looseObject({
  type: z.optional(z.string()),
  role: z.optional(z.string()),
  content: z.array(z.looseObject({ type: z.string() })),
});

const int = safeInt().check(z.gte(0));

const cacheCreation = z.strictObject({ ephemeral_5m_input_tokens: int, ephemeral_1h_input_tokens: int });
const serverToolUse = z.looseObject({ web_search_requests: z.optional(int), web_fetch_requests: z.optional(int) });

/** `Usage` of a complete message, as the SDK types it. */
export const anthropicStrictUsageSchema = z.strictObject({
  input_tokens: int,
  output_tokens: int,
  cache_creation_input_tokens: z.nullable(int),
  cache_read_input_tokens: z.nullable(int),
  cache_creation: z.nullish(cacheCreation),
  output_tokens_details: z.nullish(z.strictObject({ thinking_tokens: int })),
  server_tool_use: z.nullish(serverToolUse),
  service_tier: z.nullish(z.literal(['standard', 'priority', 'batch'])),
  inference_geo: z.nullish(z.string()),
  speed: z.nullish(z.literal(['standard', 'fast'])),
});

export type AnthropicUsageLenient = z.infer<typeof anthropicUsageLenientSchema>;
export type AnthropicUsage = z.infer<typeof anthropicStrictUsageSchema>;
