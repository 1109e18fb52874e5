import * as z from 'zod/mini';
import './zod-english.js';

/**
 * Loose zod schemas for `POST /v1/responses` request bodies: unknown fields survive parsing.
 * @see https://platform.openai.com/docs/api-reference/responses/create
 */

const nullishString = z.nullish(z.string());
const imageDetail = z.nullish(z.enum(['auto', 'low', 'high', 'original']));

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
  detail: z.nullish(z.enum(['auto', 'low', 'high'])),
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

const itemStatus = z.nullish(z.enum(['in_progress', 'completed', 'incomplete']));

/** A `message` input item; `type` may be omitted (EasyInputMessage). */
export const openAiResponsesMessageItemSchema = z.looseObject({
  type: z.optional(z.literal('message')),
  role: z.enum(['user', 'system', 'developer', 'assistant']),
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
export const OPENAI_RESPONSES_MAPPED_ITEM_TYPES = ['message', 'function_call', 'function_call_output', 'reasoning', 'compaction'] as const;

/** A function tool, flat (no `function` wrapper). Absent `strict` means strict on Responses. */
export const openAiResponsesFunctionToolSchema = z.looseObject({
  type: z.literal('function'),
  name: z.string(),
  description: nullishString,
  parameters: z.nullish(z.record(z.string(), z.unknown())),
  strict: z.nullish(z.boolean()),
});

export const openAiResponsesToolChoiceSchema = z.union([
  z.enum(['none', 'auto', 'required']),
  z.looseObject({ type: z.string(), name: z.optional(z.string()) }),
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
  effort: z.nullish(z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'])),
  summary: z.nullish(z.enum(['auto', 'concise', 'detailed'])),
});

/** The body of `POST /v1/responses`. Input items are validated one by one by the codec. */
export const openAiResponsesRequestSchema = z.looseObject({
  model: z.string(),
  input: z.nullish(z.union([z.string(), z.array(z.looseObject({}))])),
  instructions: nullishString,
  tools: z.nullish(z.array(z.looseObject({ type: z.string() }))),
  tool_choice: z.nullish(openAiResponsesToolChoiceSchema),
  text: z.nullish(z.looseObject({ format: z.nullish(openAiResponsesTextFormatSchema) })),
  reasoning: z.nullish(openAiResponsesReasoningConfigSchema),
  max_output_tokens: z.nullish(z.int().check(z.nonnegative())),
  temperature: z.nullish(z.number()),
  top_p: z.nullish(z.number()),
  parallel_tool_calls: z.nullish(z.boolean()),
  store: z.nullish(z.boolean()),
  stream: z.nullish(z.boolean()),
  previous_response_id: nullishString,
  include: z.nullish(z.array(z.string())),
  metadata: z.nullish(z.record(z.string(), z.string())),
  truncation: z.nullish(z.enum(['auto', 'disabled'])),
  user: nullishString,
  service_tier: nullishString,
  prompt_cache_key: nullishString,
  prompt_cache_retention: nullishString,
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
