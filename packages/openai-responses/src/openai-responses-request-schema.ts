import * as z from 'zod/mini';
import { safeInt } from '@interlingua/ir-utils';
import './zod-english.js';
import {
  MAX_METADATA_KEY_LENGTH,
  MAX_METADATA_PAIRS,
  MAX_METADATA_VALUE_LENGTH,
  MAX_MODEL_NAME_LENGTH,
  MAX_OPENAI_TOOL_NAME_LENGTH,
  MAX_USER_ID_LENGTH,
} from '@interlingua/ir';

/**
 * Loose zod schemas for `POST /v1/responses` request bodies: unknown fields survive parsing.
 * @see https://platform.openai.com/docs/api-reference/responses/create
 */

const nullishString = z.nullish(z.string());
/** A function or tool name as OpenAI takes it (at most 64 characters). */
const toolName = z.string().check(z.maxLength(MAX_OPENAI_TOOL_NAME_LENGTH));
/** An end-user or cache id (`user`, `safety_identifier`, `prompt_cache_key`). */
const userId = z.nullish(z.string().check(z.maxLength(MAX_USER_ID_LENGTH)));
const imageDetail = z.nullish(z.literal(['auto', 'low', 'high', 'original']));

export const openAiResponsesInputTextSchema = z.looseObject({ type: z.literal('input_text'), text: z.string() });

export const openAiResponsesInputImageSchema = z.looseObject({
  type: z.literal('input_image'),
  image_url: nullishString,
  file_id: nullishString,
  detail: imageDetail,
});

export const openAiResponsesInputFileSchema = z.looseObject({
  type: z.literal('input_file'),
  file_id: nullishString,
  file_data: nullishString,
  file_url: nullishString,
  filename: nullishString,
  detail: z.nullish(z.literal(['auto', 'low', 'high'])),
});

export const openAiResponsesOutputTextSchema = z.looseObject({
  type: z.literal('output_text'),
  text: z.string(),
  annotations: z.nullish(z.array(z.unknown())),
  logprobs: z.nullish(z.array(z.unknown())),
});

export const openAiResponsesRefusalSchema = z.looseObject({ type: z.literal('refusal'), refusal: z.string() });

/** A part of a message's `content` array (input parts, and output parts of assistant history). */
export const openAiResponsesContentPartSchema = z.discriminatedUnion('type', [
  openAiResponsesInputTextSchema,
  openAiResponsesInputImageSchema,
  openAiResponsesInputFileSchema,
  openAiResponsesOutputTextSchema,
  openAiResponsesRefusalSchema,
]);

/** A part of a `function_call_output` item's `output` array. */
export const openAiResponsesToolOutputPartSchema = z.discriminatedUnion('type', [
  openAiResponsesInputTextSchema,
  openAiResponsesInputImageSchema,
  openAiResponsesInputFileSchema,
]);

const itemStatus = z.nullish(z.literal(['in_progress', 'completed', 'incomplete']));

/** A `message` input item; `type` may be omitted (EasyInputMessage). */
export const openAiResponsesMessageItemSchema = z.looseObject({
  type: z.optional(z.literal('message')),
  role: z.literal(['user', 'system', 'developer', 'assistant']),
  content: z.union([z.string(), z.array(openAiResponsesContentPartSchema)]),
  id: nullishString,
  status: itemStatus,
});

export const openAiResponsesFunctionCallItemSchema = z.looseObject({
  type: z.literal('function_call'),
  call_id: z.string(),
  name: z.string(),
  arguments: z.string(),
  id: nullishString,
  status: itemStatus,
});

export const openAiResponsesFunctionCallOutputItemSchema = z.looseObject({
  type: z.literal('function_call_output'),
  call_id: z.string(),
  output: z.union([z.string(), z.array(openAiResponsesToolOutputPartSchema)]),
  id: nullishString,
  status: itemStatus,
});

export const openAiResponsesReasoningItemSchema = z.looseObject({
  type: z.literal('reasoning'),
  id: nullishString,
  summary: z.nullish(z.array(z.looseObject({ type: z.literal('summary_text'), text: z.string() }))),
  content: z.nullish(z.array(z.looseObject({ type: z.string(), text: z.string() }))),
  encrypted_content: nullishString,
  status: itemStatus,
});

/** A compacted window (`/v1/responses/compact` output) sent back as input. */
export const openAiResponsesCompactionItemSchema = z.looseObject({
  type: z.literal('compaction'),
  encrypted_content: z.string(),
  id: nullishString,
});

/** Any other input item (`item_reference`, hosted-tool calls and outputs, …): kept as is. */
export const openAiResponsesOtherItemSchema = z.looseObject({ type: z.optional(z.string()), id: nullishString });

/** The input item types this package maps into the IR; others pass through in extensions. */
export const OPENAI_RESPONSES_MAPPED_ITEM_TYPES = [
  'message',
  'function_call',
  'function_call_output',
  'reasoning',
  'compaction',
] as const;

/** A function tool, flat (no `function` wrapper). Absent `strict` means strict on Responses. */
export const openAiResponsesFunctionToolSchema = z.looseObject({
  type: z.literal('function'),
  name: toolName,
  description: nullishString,
  parameters: z.nullish(z.record(z.string(), z.unknown())),
  strict: z.nullish(z.boolean()),
});

export const openAiResponsesToolChoiceSchema = z.union([
  z.literal(['none', 'auto', 'required']),
  z.looseObject({ type: z.string(), name: z.optional(toolName) }),
]);

export const openAiResponsesTextFormatSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text') }),
  z.looseObject({ type: z.literal('json_object') }),
  z.looseObject({
    type: z.literal('json_schema'),
    name: z.string(),
    schema: z.record(z.string(), z.unknown()),
    description: nullishString,
    strict: z.nullish(z.boolean()),
  }),
]);

export const openAiResponsesReasoningConfigSchema = z.looseObject({
  effort: z.nullish(z.literal(['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'])),
  summary: z.nullish(z.literal(['auto', 'concise', 'detailed'])),
});

/** The body of `POST /v1/responses`. Input items are validated one by one by the codec. */
export const openAiResponsesRequestSchema = z.looseObject({
  model: z.string().check(z.maxLength(MAX_MODEL_NAME_LENGTH)),
  input: z.nullish(z.union([z.string(), z.array(z.looseObject({}))])),
  instructions: nullishString,
  /** Any tool; a `name` (function, custom and namespaced tools) is at most 64 characters. */
  tools: z.nullish(z.array(z.looseObject({ type: z.string(), name: z.optional(toolName) }))),
  tool_choice: z.nullish(openAiResponsesToolChoiceSchema),
  text: z.nullish(z.looseObject({ format: z.nullish(openAiResponsesTextFormatSchema) })),
  reasoning: z.nullish(openAiResponsesReasoningConfigSchema),
  max_output_tokens: z.nullish(safeInt().check(z.gte(16))),
  temperature: z.nullish(z.number().check(z.gte(0), z.lte(2))),
  top_p: z.nullish(z.number().check(z.gte(0), z.lte(1))),
  top_logprobs: z.nullish(safeInt().check(z.gte(0), z.lte(20))),
  parallel_tool_calls: z.nullish(z.boolean()),
  store: z.nullish(z.boolean()),
  stream: z.nullish(z.boolean()),
  previous_response_id: nullishString,
  include: z.nullish(z.array(z.string())),
  metadata: z.nullish(
    z
      .record(
        z.string().check(z.maxLength(MAX_METADATA_KEY_LENGTH)),
        z.string().check(z.maxLength(MAX_METADATA_VALUE_LENGTH)),
      )
      .check(
        z.refine(
          (metadata) => Object.keys(metadata).length <= MAX_METADATA_PAIRS,
          `at most ${MAX_METADATA_PAIRS} pairs`,
        ),
      ),
  ),
  truncation: z.nullish(z.literal(['auto', 'disabled'])),
  user: userId,
  safety_identifier: userId,
  service_tier: nullishString,
  prompt_cache_key: userId,
  prompt_cache_retention: nullishString,
});

/**
 * The fields of a `POST /v1/responses` body that have limits (model name, ranges, tool names,
 * metadata, end-user ids): what a server checks on a body it forwards without decoding it.
 */
export const openAiResponsesRequestLimitsSchema = /* @__PURE__ */ z.pick(openAiResponsesRequestSchema, {
  model: true,
  tools: true,
  tool_choice: true,
  max_output_tokens: true,
  temperature: true,
  top_p: true,
  top_logprobs: true,
  metadata: true,
  user: true,
  safety_identifier: true,
  prompt_cache_key: true,
});

export type OpenAiResponsesContentPart = z.infer<typeof openAiResponsesContentPartSchema>;
export type OpenAiResponsesToolOutputPart = z.infer<typeof openAiResponsesToolOutputPartSchema>;
export type OpenAiResponsesMessageItem = z.infer<typeof openAiResponsesMessageItemSchema>;
export type OpenAiResponsesFunctionCallItem = z.infer<typeof openAiResponsesFunctionCallItemSchema>;
export type OpenAiResponsesFunctionCallOutputItem = z.infer<typeof openAiResponsesFunctionCallOutputItemSchema>;
export type OpenAiResponsesReasoningItem = z.infer<typeof openAiResponsesReasoningItemSchema>;
export type OpenAiResponsesCompactionItem = z.infer<typeof openAiResponsesCompactionItemSchema>;
export type OpenAiResponsesFunctionTool = z.infer<typeof openAiResponsesFunctionToolSchema>;
export type OpenAiResponsesTextFormat = z.infer<typeof openAiResponsesTextFormatSchema>;

/** An input item as this package reads and writes it. */
export type OpenAiResponsesInputItem =
  | OpenAiResponsesMessageItem
  | OpenAiResponsesFunctionCallItem
  | OpenAiResponsesFunctionCallOutputItem
  | OpenAiResponsesReasoningItem
  | OpenAiResponsesCompactionItem
  | Record<string, unknown>;

/** A `POST /v1/responses` body (loose: unknown fields allowed). */
export type OpenAiResponsesRequest = Omit<z.infer<typeof openAiResponsesRequestSchema>, 'input'> & {
  input?: string | OpenAiResponsesInputItem[] | null;
};
