import * as z from 'zod';
import { ANTHROPIC_STOP_REASONS } from './map/anthropic-stop-reason.js';

const count = z.number().nonnegative();
const nullableCount = count.nullish();

/** Usage as upstreams send it: every counter optional, extra fields kept. */
export const anthropicUsageLenientSchema = z.looseObject({
  input_tokens: nullableCount,
  output_tokens: nullableCount,
  cache_creation_input_tokens: nullableCount,
  cache_read_input_tokens: nullableCount,
  output_tokens_details: z.looseObject({ thinking_tokens: nullableCount }).nullish(),
});

/** A response: only `content` must be an array; everything else is read leniently. */
export const anthropicMessagesResponseSchema = z.looseObject({
  id: z.string().catch(''),
  type: z.string().optional(),
  role: z.string().optional(),
  model: z.string().catch(''),
  content: z.array(z.looseObject({ type: z.string() })),
  stop_reason: z.string().nullish().catch(null),
  stop_sequence: z.string().nullish().catch(null),
  usage: anthropicUsageLenientSchema.nullish().catch(null),
});

const int = z.number().int().nonnegative();

const cacheCreation = z.strictObject({ ephemeral_5m_input_tokens: int, ephemeral_1h_input_tokens: int });
const serverToolUse = z.looseObject({ web_search_requests: int.optional(), web_fetch_requests: int.optional() });

/** `Usage` of a complete message, as the SDK types it. */
export const anthropicStrictUsageSchema = z.strictObject({
  input_tokens: int,
  output_tokens: int,
  cache_creation_input_tokens: int.nullable(),
  cache_read_input_tokens: int.nullable(),
  cache_creation: cacheCreation.nullish(),
  output_tokens_details: z.strictObject({ thinking_tokens: int }).nullish(),
  server_tool_use: serverToolUse.nullish(),
  service_tier: z.enum(['standard', 'priority', 'batch']).nullish(),
  inference_geo: z.string().nullish(),
  speed: z.enum(['standard', 'fast']).nullish(),
});

const cacheControl = z.strictObject({ type: z.literal('ephemeral'), ttl: z.enum(['5m', '1h']).optional() });

export const anthropicStrictTextBlockSchema = z.strictObject({
  type: z.literal('text'),
  text: z.string(),
  citations: z.array(z.looseObject({ type: z.string() })).optional(),
});

export const anthropicStrictThinkingBlockSchema = z.strictObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string().min(1),
});

export const anthropicStrictRedactedThinkingBlockSchema = z.strictObject({
  type: z.literal('redacted_thinking'),
  data: z.string(),
});

export const anthropicStrictToolUseBlockSchema = z.strictObject({
  type: z.literal('tool_use'),
  id: z.string().regex(/^[a-zA-Z0-9_-]+$/),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
  caller: z.looseObject({ type: z.string() }).optional(),
  toolset_name: z.string().nullish(),
  cache_control: cacheControl.optional(),
});

/** Server tool blocks (`server_tool_use`, `web_search_tool_result`, …) are relayed as sent. */
const SERVER_BLOCK_TYPES = [
  'server_tool_use',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'tool_search_tool_result',
  'container_upload',
] as const;

export const anthropicStrictServerBlockSchema = z.looseObject({ type: z.enum(SERVER_BLOCK_TYPES) });

export const anthropicStrictContentBlockSchema = z.union([
  anthropicStrictTextBlockSchema,
  anthropicStrictThinkingBlockSchema,
  anthropicStrictRedactedThinkingBlockSchema,
  anthropicStrictToolUseBlockSchema,
  anthropicStrictServerBlockSchema,
]);

/** A complete `Message` exactly as the official SDK types it (used to check what we emit). */
export const anthropicMessagesStrictResponseSchema = z.strictObject({
  id: z.string().min(1),
  type: z.literal('message'),
  role: z.literal('assistant'),
  model: z.string(),
  content: z.array(anthropicStrictContentBlockSchema),
  stop_reason: z.enum(ANTHROPIC_STOP_REASONS),
  stop_sequence: z.string().nullable(),
  stop_details: z.looseObject({ type: z.string() }).nullish(),
  container: z.looseObject({ id: z.string() }).nullish(),
  diagnostics: z.looseObject({}).nullish(),
  usage: anthropicStrictUsageSchema,
});

export type AnthropicUsageLenient = z.infer<typeof anthropicUsageLenientSchema>;
export type AnthropicMessagesResponseLenient = z.infer<typeof anthropicMessagesResponseSchema>;
export type AnthropicUsage = z.infer<typeof anthropicStrictUsageSchema>;
export type AnthropicTextBlock = z.infer<typeof anthropicStrictTextBlockSchema>;
export type AnthropicThinkingBlock = z.infer<typeof anthropicStrictThinkingBlockSchema>;
export type AnthropicRedactedThinkingBlock = z.infer<typeof anthropicStrictRedactedThinkingBlockSchema>;
export type AnthropicToolUseBlock = z.infer<typeof anthropicStrictToolUseBlockSchema>;
export type AnthropicContentBlock = z.infer<typeof anthropicStrictContentBlockSchema>;
/** A complete `Message`, as `response.fromIr` produces it. */
export type AnthropicMessagesResponse = z.infer<typeof anthropicMessagesStrictResponseSchema>;
