import * as z from 'zod/mini';
import { safeInt } from '@interlingua/ir-utils';
import './zod-english.js';

/**
 * Strict zod schemas for the Responses answers this package writes, following the `Response`
 * type of the installed openai SDK (required keys required, no unknown keys). Used in tests.
 * @see https://platform.openai.com/docs/api-reference/responses/object
 */

/**
 * The schema `build` makes, marked free of side effects: a bundle that never uses it (the codec
 * only writes answers, it never validates them) leaves it out. zod's own marks are not enough, as
 * bundlers keep the `.check(...)` calls of the arguments.
 */
/* @__NO_SIDE_EFFECTS__ */
function droppable<T>(build: () => T): T {
  return build();
}

const itemStatus = droppable(() => z.literal(['in_progress', 'completed', 'incomplete']));
const int = droppable(() => safeInt().check(z.nonnegative()));

export const openAiResponsesStrictOutputTextSchema = droppable(() =>
  z.strictObject({
    type: z.literal('output_text'),
    text: z.string(),
    annotations: z.array(z.looseObject({ type: z.string() })),
    logprobs: z.array(z.looseObject({ token: z.string(), logprob: z.number() })),
  }),
);

export const openAiResponsesStrictRefusalSchema = droppable(() =>
  z.strictObject({ type: z.literal('refusal'), refusal: z.string() }),
);

export const openAiResponsesStrictMessageSchema = droppable(() =>
  z.strictObject({
    type: z.literal('message'),
    id: z.string().check(z.minLength(1)),
    role: z.literal('assistant'),
    status: itemStatus,
    content: z.array(
      z.discriminatedUnion('type', [openAiResponsesStrictOutputTextSchema, openAiResponsesStrictRefusalSchema]),
    ),
    phase: z.nullish(z.literal(['commentary', 'final_answer'])),
  }),
);

export const openAiResponsesStrictFunctionCallSchema = droppable(() =>
  z.strictObject({
    type: z.literal('function_call'),
    id: z.optional(z.string().check(z.minLength(1))),
    call_id: z.string().check(z.minLength(1)),
    name: z.string(),
    /** The namespace of a namespaced tool (`name` is the tool's name inside it). */
    namespace: z.optional(z.string()),
    arguments: z.string(),
    status: z.optional(itemStatus),
  }),
);

export const openAiResponsesStrictSummaryTextSchema = droppable(() =>
  z.strictObject({
    type: z.literal('summary_text'),
    text: z.string(),
  }),
);

export const openAiResponsesStrictReasoningSchema = droppable(() =>
  z.strictObject({
    type: z.literal('reasoning'),
    id: z.string().check(z.minLength(1)),
    summary: z.array(openAiResponsesStrictSummaryTextSchema),
    content: z.optional(z.array(z.strictObject({ type: z.literal('reasoning_text'), text: z.string() }))),
    encrypted_content: z.nullish(z.string()),
    status: z.optional(itemStatus),
  }),
);

export const openAiResponsesStrictCompactionSchema = droppable(() =>
  z.strictObject({
    type: z.literal('compaction'),
    id: z.string().check(z.minLength(1)),
    encrypted_content: z.string(),
    created_by: z.optional(z.string()),
  }),
);

const mcpCall = droppable(() => ({
  id: z.string().check(z.minLength(1)),
  server_label: z.string(),
  name: z.string(),
  arguments: z.string(),
}));

export const openAiResponsesStrictMcpListToolsSchema = droppable(() =>
  z.strictObject({
    type: z.literal('mcp_list_tools'),
    id: z.string().check(z.minLength(1)),
    server_label: z.string(),
    tools: z.array(
      z.strictObject({
        name: z.string(),
        input_schema: z.unknown(),
        description: z.nullish(z.string()),
        annotations: z.nullish(z.unknown()),
      }),
    ),
    error: z.nullish(z.string()),
  }),
);

export const openAiResponsesStrictMcpCallSchema = droppable(() =>
  z.strictObject({
    type: z.literal('mcp_call'),
    ...mcpCall,
    output: z.nullish(z.string()),
    // Today's API: one of three error objects; answers recorded before them carry a string.
    error: z.nullish(
      z.union([
        z.string(),
        z.strictObject({
          type: z.literal(['mcp_protocol_error', 'http_error']),
          code: z.number(),
          message: z.string(),
        }),
        z.strictObject({ type: z.literal('mcp_tool_execution_error'), content: z.unknown() }),
      ]),
    ),
    approval_request_id: z.nullish(z.string()),
    status: z.optional(z.literal(['in_progress', 'completed', 'incomplete', 'calling', 'failed'])),
  }),
);

export const openAiResponsesStrictMcpApprovalRequestSchema = droppable(() =>
  z.strictObject({
    type: z.literal('mcp_approval_request'),
    ...mcpCall,
  }),
);

const mappedItems = {
  message: openAiResponsesStrictMessageSchema,
  function_call: openAiResponsesStrictFunctionCallSchema,
  reasoning: openAiResponsesStrictReasoningSchema,
  compaction: openAiResponsesStrictCompactionSchema,
  mcp_list_tools: openAiResponsesStrictMcpListToolsSchema,
  mcp_call: openAiResponsesStrictMcpCallSchema,
  mcp_approval_request: openAiResponsesStrictMcpApprovalRequestSchema,
} as const;

/** An output item: the kinds this package writes are checked strictly, others need a type and an id. */
export const openAiResponsesStrictOutputItemSchema = droppable(() =>
  z.looseObject({ type: z.string(), id: z.optional(z.string().check(z.minLength(1))) }).check(
    z.superRefine((item, ctx) => {
      const schema = (mappedItems as Record<string, z.ZodMiniType>)[item.type];
      if (!schema) {
        if (typeof item.id !== 'string')
          ctx.addIssue({ code: 'custom', path: ['id'], message: 'output items need an id' });
        return;
      }
      const result = schema.safeParse(item);
      if (!result.success)
        for (const issue of result.error.issues)
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }),
  ),
);

export const openAiResponsesStrictUsageSchema = droppable(() =>
  z.strictObject({
    input_tokens: int,
    input_tokens_details: z.strictObject({ cached_tokens: int, cache_write_tokens: int }),
    output_tokens: int,
    output_tokens_details: z.strictObject({ reasoning_tokens: int }),
    total_tokens: int,
  }),
);

/** `ResponseError.code` values (a closed enum in the SDK). */
export const openAiResponsesErrorCodeSchema = z.literal([
  'server_error',
  'rate_limit_exceeded',
  'invalid_prompt',
  'data_residency_mismatch',
  'bio_policy',
  'vector_store_timeout',
  'invalid_image',
  'invalid_image_format',
  'invalid_base64_image',
  'invalid_image_url',
  'image_too_large',
  'image_too_small',
  'image_parse_error',
  'image_content_policy_violation',
  'invalid_image_mode',
  'image_file_too_large',
  'unsupported_image_media_type',
  'empty_image_file',
  'failed_to_download_image',
  'image_file_not_found',
]);

const nullishString = z.nullish(z.string());

/** A complete Responses answer as this package writes it (non-streaming body and lifecycle events). */
export const openAiResponsesStrictResponseSchema = droppable(() =>
  z.strictObject({
    id: z.string().check(z.minLength(1)),
    object: z.literal('response'),
    created_at: z.number(),
    status: z.literal(['completed', 'failed', 'in_progress', 'cancelled', 'queued', 'incomplete']),
    error: z.nullable(z.strictObject({ code: openAiResponsesErrorCodeSchema, message: z.string() })),
    incomplete_details: z.nullable(
      z.strictObject({ reason: z.optional(z.literal(['max_output_tokens', 'content_filter'])) }),
    ),
    instructions: z.nullable(z.union([z.string(), z.array(z.looseObject({}))])),
    model: z.string(),
    output: z.array(openAiResponsesStrictOutputItemSchema),
    parallel_tool_calls: z.boolean(),
    metadata: z.nullable(z.record(z.string(), z.string())),
    tool_choice: z.union([z.literal(['none', 'auto', 'required']), z.looseObject({ type: z.string() })]),
    tools: z.array(z.looseObject({ type: z.string() })),
    temperature: z.nullable(z.number()),
    top_p: z.nullable(z.number()),
    text: z.optional(
      z.looseObject({ format: z.optional(z.looseObject({ type: z.literal(['text', 'json_object', 'json_schema']) })) }),
    ),
    reasoning: z.nullish(z.looseObject({ effort: nullishString, summary: nullishString })),
    max_output_tokens: z.nullish(int),
    usage: z.nullish(openAiResponsesStrictUsageSchema),
    background: z.nullish(z.boolean()),
    completed_at: z.nullish(z.number()),
    conversation: z.nullish(z.looseObject({ id: z.string() })),
    previous_response_id: nullishString,
    prompt: z.nullish(z.looseObject({ id: z.string() })),
    prompt_cache_key: nullishString,
    prompt_cache_retention: z.nullish(z.literal(['in_memory', '24h'])),
    safety_identifier: nullishString,
    service_tier: z.nullish(z.literal(['auto', 'default', 'flex', 'scale', 'priority'])),
    store: z.nullish(z.boolean()),
    top_logprobs: z.nullish(int),
    truncation: z.nullish(z.literal(['auto', 'disabled'])),
    user: nullishString,
    max_tool_calls: z.nullish(int),
    presence_penalty: z.nullish(z.number()),
    frequency_penalty: z.nullish(z.number()),
  }),
);

export type OpenAiResponsesResponse = z.infer<typeof openAiResponsesStrictResponseSchema>;
export type OpenAiResponsesOutputItem = z.infer<typeof openAiResponsesStrictOutputItemSchema>;
export type OpenAiResponsesUsage = z.infer<typeof openAiResponsesStrictUsageSchema>;
export type OpenAiResponsesErrorCode = z.infer<typeof openAiResponsesErrorCodeSchema>;

/** Response fields echoed from the request (or kept from an upstream answer) that may be set. */
export const OPENAI_RESPONSES_ECHO_FIELDS = [
  'instructions',
  'parallel_tool_calls',
  'metadata',
  'tool_choice',
  'tools',
  'temperature',
  'top_p',
  'text',
  'reasoning',
  'max_output_tokens',
  'max_tool_calls',
  'background',
  'completed_at',
  'conversation',
  'previous_response_id',
  'prompt',
  'prompt_cache_key',
  'prompt_cache_retention',
  'safety_identifier',
  'service_tier',
  'store',
  'top_logprobs',
  'truncation',
  'user',
] as const satisfies ReadonlyArray<keyof OpenAiResponsesResponse>;

/** Request fields echoed in a response object. */
export type OpenAiResponsesEcho = Partial<Pick<OpenAiResponsesResponse, (typeof OPENAI_RESPONSES_ECHO_FIELDS)[number]>>;
