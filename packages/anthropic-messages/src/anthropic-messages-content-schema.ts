import * as z from 'zod/mini';
import './zod-english.js';
import { typedUnion } from './anthropic-messages-typed-union.js';

/** `cache_control` on blocks, tools and the request (`CacheControlEphemeral`). */
export const anthropicCacheControlSchema = z.looseObject({ type: z.literal('ephemeral'), ttl: z.optional(z.string()) });

const cacheControl = z.nullish(anthropicCacheControlSchema);

export const anthropicTextBlockParamSchema = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  cache_control: cacheControl,
  citations: z.nullish(z.array(z.unknown())),
});

const base64Source = z.looseObject({ type: z.literal('base64'), media_type: z.string(), data: z.string() });
const urlSource = z.looseObject({ type: z.literal('url'), url: z.string() });
const fileSource = z.looseObject({ type: z.literal('file'), file_id: z.string() });

export const anthropicImageBlockParamSchema = z.looseObject({
  type: z.literal('image'),
  source: z.discriminatedUnion('type', [base64Source, urlSource, fileSource]),
  cache_control: cacheControl,
});

export const anthropicDocumentBlockParamSchema = z.looseObject({
  type: z.literal('document'),
  source: z.discriminatedUnion('type', [
    base64Source,
    z.looseObject({ type: z.literal('text'), media_type: z.optional(z.string()), data: z.string() }),
    z.looseObject({ type: z.literal('content'), content: z.union([z.string(), z.array(z.unknown())]) }),
    urlSource,
    fileSource,
  ]),
  title: z.nullish(z.string()),
  context: z.nullish(z.string()),
  cache_control: cacheControl,
});

export const anthropicToolUseBlockParamSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
  cache_control: cacheControl,
});

/** Blocks a `tool_result` may hold; unknown kinds (`search_result`, `tool_reference`) pass. */
export const anthropicToolResultContentBlockSchema = typedUnion({
  text: anthropicTextBlockParamSchema,
  image: anthropicImageBlockParamSchema,
  document: anthropicDocumentBlockParamSchema,
});

export const anthropicToolResultBlockParamSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.optional(z.union([z.string(), z.array(anthropicToolResultContentBlockSchema)])),
  is_error: z.nullish(z.boolean()),
  cache_control: cacheControl,
});

export const anthropicThinkingBlockParamSchema = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string(),
});

export const anthropicRedactedThinkingBlockParamSchema = z.looseObject({
  type: z.literal('redacted_thinking'),
  data: z.string(),
});

/** A call Anthropic's MCP connector made (`BetaMCPToolUseBlockParam`). */
export const anthropicMcpToolUseBlockParamSchema = z.looseObject({
  type: z.literal('mcp_tool_use'),
  id: z.string(),
  name: z.string(),
  server_name: z.string(),
  input: z.unknown(),
  cache_control: cacheControl,
});

/** The result of an `mcp_tool_use` (`BetaRequestMCPToolResultBlockParam`). */
export const anthropicMcpToolResultBlockParamSchema = z.looseObject({
  type: z.literal('mcp_tool_result'),
  tool_use_id: z.string(),
  content: z.optional(z.union([z.string(), z.array(anthropicTextBlockParamSchema)])),
  is_error: z.nullish(z.boolean()),
  cache_control: cacheControl,
});

/** The request block kinds the IR can carry, by `type`. */
export const ANTHROPIC_KNOWN_BLOCK_SCHEMAS = {
  text: anthropicTextBlockParamSchema,
  image: anthropicImageBlockParamSchema,
  document: anthropicDocumentBlockParamSchema,
  tool_use: anthropicToolUseBlockParamSchema,
  tool_result: anthropicToolResultBlockParamSchema,
  thinking: anthropicThinkingBlockParamSchema,
  redacted_thinking: anthropicRedactedThinkingBlockParamSchema,
  mcp_tool_use: anthropicMcpToolUseBlockParamSchema,
  mcp_tool_result: anthropicMcpToolResultBlockParamSchema,
};

/** Any request content block: known kinds validated, unknown kinds (server tool blocks…) kept. */
export const anthropicContentBlockParamSchema = typedUnion(ANTHROPIC_KNOWN_BLOCK_SCHEMAS);

export type AnthropicCacheControl = z.infer<typeof anthropicCacheControlSchema>;
export type AnthropicTextBlockParam = z.infer<typeof anthropicTextBlockParamSchema>;
export type AnthropicImageBlockParam = z.infer<typeof anthropicImageBlockParamSchema>;
export type AnthropicDocumentBlockParam = z.infer<typeof anthropicDocumentBlockParamSchema>;
export type AnthropicToolUseBlockParam = z.infer<typeof anthropicToolUseBlockParamSchema>;
export type AnthropicToolResultBlockParam = z.infer<typeof anthropicToolResultBlockParamSchema>;
export type AnthropicThinkingBlockParam = z.infer<typeof anthropicThinkingBlockParamSchema>;
export type AnthropicRedactedThinkingBlockParam = z.infer<typeof anthropicRedactedThinkingBlockParamSchema>;
export type AnthropicMcpToolUseBlockParam = z.infer<typeof anthropicMcpToolUseBlockParamSchema>;
export type AnthropicMcpToolResultBlockParam = z.infer<typeof anthropicMcpToolResultBlockParamSchema>;
/** A request content block as accepted (known kinds are validated further by their schema). */
export type AnthropicContentBlockParam = z.infer<typeof anthropicContentBlockParamSchema>;
