import * as z from 'zod/mini';
import { safeInt } from '@interlingua/ir-utils';
import './zod-english.js';
import {
  anthropicCacheControlSchema,
  anthropicContentBlockParamSchema,
  anthropicTextBlockParamSchema,
} from './anthropic-messages-content-schema.js';
import { checkedBy, typedUnion } from './anthropic-messages-typed-union.js';
import { MAX_MODEL_NAME_LENGTH, MAX_TOOL_NAME_LENGTH, MAX_USER_ID_LENGTH } from '@interlingua/ir';

/** A tool name as Anthropic takes it (at most 128 characters). */
const toolName = z.string().check(z.maxLength(MAX_TOOL_NAME_LENGTH));

/** A turn: `user`, `assistant`, or (newest API) a mid-conversation `system` turn. */
export const anthropicMessageParamSchema = z.looseObject({
  role: z.literal(['user', 'assistant', 'system']),
  content: z.union([z.string(), z.array(anthropicContentBlockParamSchema)]),
});

/** A custom (client) tool. Tools with another `type` are server tools and pass untouched. */
export const anthropicCustomToolSchema = z.looseObject({
  type: z.optional(z.literal('custom')),
  name: toolName,
  description: z.optional(z.string()),
  input_schema: z.record(z.string(), z.unknown()),
  cache_control: z.nullish(anthropicCacheControlSchema),
  strict: z.optional(z.boolean()),
});

/** A tool: custom tools are checked whole; server tools pass untouched (an `mcp_toolset` has no `name`). */
export const anthropicToolSchema = z
  .looseObject({ type: z.optional(z.string()), name: z.optional(toolName) })
  .check(
    checkedBy((tool) => (tool.type === undefined || tool.type === 'custom' ? anthropicCustomToolSchema : undefined)),
  );

const parallel = { disable_parallel_tool_use: z.optional(z.boolean()) };

export const anthropicToolChoiceSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('auto'), ...parallel }),
  z.looseObject({ type: z.literal('any'), ...parallel }),
  z.looseObject({ type: z.literal('tool'), name: toolName, ...parallel }),
  z.looseObject({ type: z.literal('none') }),
]);

/**
 * An MCP server for Anthropic's MCP connector (`BetaRequestMCPServerURLDefinition`): its tools are
 * chosen by `tool_configuration` (beta `mcp-client-2025-04-04`) or by an `mcp_toolset` tool
 * naming it (beta `mcp-client-2025-11-20`).
 */
export const anthropicMcpServerSchema = z.looseObject({
  type: z.literal('url'),
  name: z.string().check(z.minLength(1)),
  url: z.string().check(z.minLength(1)),
  authorization_token: z.nullish(z.string()),
  tool_configuration: z.nullish(
    z.looseObject({ enabled: z.nullish(z.boolean()), allowed_tools: z.nullish(z.array(z.string())) }),
  ),
});

const display = z.nullish(z.string());

/** `thinking`: `enabled` with a budget, `disabled`, `adaptive`; other kinds pass untouched. */
export const anthropicThinkingConfigSchema = typedUnion({
  enabled: z.looseObject({ type: z.literal('enabled'), budget_tokens: safeInt().check(z.gte(0)), display }),
  disabled: z.looseObject({ type: z.literal('disabled') }),
  adaptive: z.looseObject({ type: z.literal('adaptive'), display }),
});

export const anthropicJsonOutputFormatSchema = z.looseObject({
  type: z.literal('json_schema'),
  schema: z.record(z.string(), z.unknown()),
});

export const anthropicOutputConfigSchema = z.looseObject({
  effort: z.nullish(z.string()),
  format: z.nullish(anthropicJsonOutputFormatSchema),
});

/** The fields of a request that have limits: model name, sampling ranges, tool names, the end-user id. */
const limitedShape = {
  model: z.string().check(z.minLength(1), z.maxLength(MAX_MODEL_NAME_LENGTH)),
  tools: z.optional(z.array(anthropicToolSchema)),
  tool_choice: z.optional(anthropicToolChoiceSchema),
  temperature: z.optional(z.number().check(z.gte(0), z.lte(1))),
  top_p: z.optional(z.number().check(z.gte(0), z.lte(1))),
  top_k: z.optional(safeInt().check(z.gte(0))),
  metadata: z.optional(z.looseObject({ user_id: z.nullish(z.string().check(z.maxLength(MAX_USER_ID_LENGTH))) })),
};

/** Only the fields of a request that have limits: what a server checks on a body it forwards without decoding it. */
export const anthropicMessagesRequestLimitsSchema = /* @__PURE__ */ z.looseObject(limitedShape);

const requestShape = {
  ...limitedShape,
  messages: z.array(anthropicMessageParamSchema),
  system: z.optional(z.union([z.string(), z.array(anthropicTextBlockParamSchema)])),
  stop_sequences: z.optional(z.array(z.string())),
  thinking: z.optional(anthropicThinkingConfigSchema),
  output_config: z.optional(anthropicOutputConfigSchema),
  /** Structured outputs before they went GA (beta `structured-outputs-2025-11-13`). */
  output_format: z.nullish(anthropicJsonOutputFormatSchema),
  stream: z.optional(z.boolean()),
  mcp_servers: z.optional(z.array(anthropicMcpServerSchema)),
  service_tier: z.optional(z.string()),
  /** Request-level breakpoint: caches up to the last cacheable block. */
  cache_control: z.nullish(anthropicCacheControlSchema),
};

/**
 * `POST /v1/messages` body (`MessageCreateParams`), loose: unknown fields survive and are kept
 * under `extensions['anthropic-messages']` by `request.toIr`.
 */
export const anthropicMessagesRequestSchema = z.looseObject({
  ...requestShape,
  max_tokens: safeInt().check(z.gte(0)),
});

export type AnthropicMessageParam = z.infer<typeof anthropicMessageParamSchema>;
export type AnthropicTool = z.infer<typeof anthropicToolSchema>;
export type AnthropicCustomTool = z.infer<typeof anthropicCustomToolSchema>;
export type AnthropicMcpServer = z.infer<typeof anthropicMcpServerSchema>;
export type AnthropicToolChoice = z.infer<typeof anthropicToolChoiceSchema>;
export type AnthropicThinkingConfig = z.infer<typeof anthropicThinkingConfigSchema>;
export type AnthropicOutputConfig = z.infer<typeof anthropicOutputConfigSchema>;
export type AnthropicMessagesRequest = z.infer<typeof anthropicMessagesRequestSchema>;

/** Request fields `request.toIr` maps into the IR; every other top-level field is kept in extensions. */
export const ANTHROPIC_MAPPED_REQUEST_FIELDS: ReadonlySet<string> = new Set([
  'model',
  'max_tokens',
  'messages',
  'system',
  'tools',
  'tool_choice',
  'stop_sequences',
  'temperature',
  'top_p',
  'top_k',
  'metadata',
  'thinking',
  'output_config',
  'output_format',
  'stream',
  'mcp_servers',
]);
