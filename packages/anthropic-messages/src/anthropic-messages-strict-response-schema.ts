import * as z from 'zod/mini';
import './zod-english.js';
import { anthropicStrictUsageSchema } from './anthropic-messages-response-schema.js';
import { ANTHROPIC_STOP_REASONS } from './map/anthropic-stop-reason.js';

/*
 * A complete `Message` and its blocks exactly as the official SDK types them, to check what we
 * emit. A module of their own: the codec reads answers leniently, so browser bundles leave these out.
 */

const cacheControl = z.strictObject({ type: z.literal('ephemeral'), ttl: z.optional(z.literal(['5m', '1h'])) });

export const anthropicStrictTextBlockSchema = z.strictObject({
  type: z.literal('text'),
  text: z.string(),
  citations: z.optional(z.array(z.looseObject({ type: z.string() }))),
});

export const anthropicStrictThinkingBlockSchema = z.strictObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string().check(z.minLength(1)),
});

export const anthropicStrictRedactedThinkingBlockSchema = z.strictObject({
  type: z.literal('redacted_thinking'),
  data: z.string(),
});

export const anthropicStrictToolUseBlockSchema = z.strictObject({
  type: z.literal('tool_use'),
  id: z.string().check(z.regex(/^[a-zA-Z0-9_-]+$/)),
  name: z.string().check(z.minLength(1)),
  input: z.record(z.string(), z.unknown()),
  caller: z.optional(z.looseObject({ type: z.string() })),
  toolset_name: z.nullish(z.string()),
  cache_control: z.optional(cacheControl),
});

/** Server tool blocks (`server_tool_use`, `web_search_tool_result`, MCP calls, …) are relayed as sent. */
const SERVER_BLOCK_TYPES = [
  'server_tool_use',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'tool_search_tool_result',
  'container_upload',
  'mcp_tool_use',
  'mcp_tool_result',
] as const;

export const anthropicStrictServerBlockSchema = z.looseObject({ type: z.literal(SERVER_BLOCK_TYPES) });

export const anthropicStrictContentBlockSchema = z.union([
  anthropicStrictTextBlockSchema,
  anthropicStrictThinkingBlockSchema,
  anthropicStrictRedactedThinkingBlockSchema,
  anthropicStrictToolUseBlockSchema,
  anthropicStrictServerBlockSchema,
]);

/** A complete `Message` exactly as the official SDK types it (used to check what we emit). */
export const anthropicMessagesStrictResponseSchema = z.strictObject({
  id: z.string().check(z.minLength(1)),
  type: z.literal('message'),
  role: z.literal('assistant'),
  model: z.string(),
  content: z.array(anthropicStrictContentBlockSchema),
  stop_reason: z.literal(ANTHROPIC_STOP_REASONS),
  stop_sequence: z.nullable(z.string()),
  stop_details: z.nullish(z.looseObject({ type: z.string() })),
  container: z.nullish(z.looseObject({ id: z.string() })),
  diagnostics: z.nullish(z.looseObject({})),
  usage: anthropicStrictUsageSchema,
});

export type AnthropicTextBlock = z.infer<typeof anthropicStrictTextBlockSchema>;
export type AnthropicThinkingBlock = z.infer<typeof anthropicStrictThinkingBlockSchema>;
export type AnthropicRedactedThinkingBlock = z.infer<typeof anthropicStrictRedactedThinkingBlockSchema>;
export type AnthropicToolUseBlock = z.infer<typeof anthropicStrictToolUseBlockSchema>;
export type AnthropicContentBlock = z.infer<typeof anthropicStrictContentBlockSchema>;
/** A complete `Message`, as `response.fromIr` produces it. */
export type AnthropicMessagesResponse = z.infer<typeof anthropicMessagesStrictResponseSchema>;
