import * as z from 'zod';
import {
  anthropicCacheControlSchema,
  anthropicContentBlockParamSchema,
  anthropicTextBlockParamSchema,
} from './anthropic-messages-content-schema.js';
import { typedUnion } from './anthropic-messages-typed-union.js';

/** A turn: `user`, `assistant`, or (newest API) a mid-conversation `system` turn. */
export const anthropicMessageParamSchema = z.looseObject({
  role: z.enum(['user', 'assistant', 'system']),
  content: z.union([z.string(), z.array(anthropicContentBlockParamSchema)]),
});

/** A custom (client) tool. Tools with another `type` are server tools and pass untouched. */
export const anthropicCustomToolSchema = z.looseObject({
  type: z.literal('custom').optional(),
  name: z.string(),
  description: z.string().optional(),
  input_schema: z.record(z.string(), z.unknown()),
  cache_control: anthropicCacheControlSchema.nullish(),
  strict: z.boolean().optional(),
});

export const anthropicToolSchema = z
  .looseObject({ type: z.string().optional(), name: z.string() })
  .superRefine((tool, ctx) => {
    if (tool.type !== undefined && tool.type !== 'custom') return;
    const parsed = anthropicCustomToolSchema.safeParse(tool);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue });
  });

const parallel = { disable_parallel_tool_use: z.boolean().optional() };

export const anthropicToolChoiceSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('auto'), ...parallel }),
  z.looseObject({ type: z.literal('any'), ...parallel }),
  z.looseObject({ type: z.literal('tool'), name: z.string(), ...parallel }),
  z.looseObject({ type: z.literal('none') }),
]);

const display = z.string().nullish();

/** `thinking`: `enabled` with a budget, `disabled`, `adaptive`; other kinds pass untouched. */
export const anthropicThinkingConfigSchema = typedUnion({
  enabled: z.looseObject({ type: z.literal('enabled'), budget_tokens: z.number().int().nonnegative(), display }),
  disabled: z.looseObject({ type: z.literal('disabled') }),
  adaptive: z.looseObject({ type: z.literal('adaptive'), display }),
});

export const anthropicJsonOutputFormatSchema = z.looseObject({
  type: z.literal('json_schema'),
  schema: z.record(z.string(), z.unknown()),
});

export const anthropicOutputConfigSchema = z.looseObject({
  effort: z.string().nullish(),
  format: anthropicJsonOutputFormatSchema.nullish(),
});

const requestShape = {
  model: z.string().min(1),
  messages: z.array(anthropicMessageParamSchema),
  system: z.union([z.string(), z.array(anthropicTextBlockParamSchema)]).optional(),
  tools: z.array(anthropicToolSchema).optional(),
  tool_choice: anthropicToolChoiceSchema.optional(),
  stop_sequences: z.array(z.string()).optional(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  top_k: z.number().int().optional(),
  metadata: z.looseObject({ user_id: z.string().nullish() }).optional(),
  thinking: anthropicThinkingConfigSchema.optional(),
  output_config: anthropicOutputConfigSchema.optional(),
  /** Structured outputs before they went GA (beta `structured-outputs-2025-11-13`). */
  output_format: anthropicJsonOutputFormatSchema.nullish(),
  stream: z.boolean().optional(),
  service_tier: z.string().optional(),
};

/**
 * `POST /v1/messages` body (`MessageCreateParams`), loose: unknown fields survive and are kept
 * under `extensions['anthropic-messages']` by `request.toIr`.
 */
export const anthropicMessagesRequestSchema = z.looseObject({
  ...requestShape,
  max_tokens: z.number().int().nonnegative(),
});

/** `POST /v1/messages/count_tokens` body: the same as a request, `max_tokens` optional. */
export const anthropicCountTokensRequestSchema = z.looseObject({
  ...requestShape,
  max_tokens: z.number().int().nonnegative().optional(),
});

/** `POST /v1/messages/count_tokens` answer. */
export const anthropicCountTokensResponseSchema = z.strictObject({ input_tokens: z.number().int().nonnegative() });

export type AnthropicMessageParam = z.infer<typeof anthropicMessageParamSchema>;
export type AnthropicTool = z.infer<typeof anthropicToolSchema>;
export type AnthropicCustomTool = z.infer<typeof anthropicCustomToolSchema>;
export type AnthropicToolChoice = z.infer<typeof anthropicToolChoiceSchema>;
export type AnthropicThinkingConfig = z.infer<typeof anthropicThinkingConfigSchema>;
export type AnthropicOutputConfig = z.infer<typeof anthropicOutputConfigSchema>;
export type AnthropicMessagesRequest = z.infer<typeof anthropicMessagesRequestSchema>;
export type AnthropicCountTokensRequest = z.infer<typeof anthropicCountTokensRequestSchema>;
export type AnthropicCountTokensResponse = z.infer<typeof anthropicCountTokensResponseSchema>;

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
]);
