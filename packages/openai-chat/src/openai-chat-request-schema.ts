import * as z from 'zod/mini';
import './zod-english.js';
import { OPENAI_CHAT_REASONING_EFFORTS } from './map/openai-chat-reasoning-effort.js';

/*
 * Loose schemas for a Chat Completions request (`POST /v1/chat/completions`): every documented
 * field the codec maps is validated; unknown fields survive parsing (loose objects).
 * @see https://platform.openai.com/docs/api-reference/chat/create
 */

const promptCacheBreakpointSchema = z.looseObject({ mode: z.string() });

export const openAiChatTextPartSchema = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  prompt_cache_breakpoint: z.optional(promptCacheBreakpointSchema),
});

export const openAiChatImagePartSchema = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.union([
    z.looseObject({ url: z.string(), detail: z.optional(z.enum(['auto', 'low', 'high'])) }),
    z.string(),
  ]),
  prompt_cache_breakpoint: z.optional(promptCacheBreakpointSchema),
});

export const openAiChatAudioPartSchema = z.looseObject({
  type: z.literal('input_audio'),
  input_audio: z.looseObject({ data: z.string(), format: z.string() }),
  prompt_cache_breakpoint: z.optional(promptCacheBreakpointSchema),
});

export const openAiChatFilePartSchema = z.looseObject({
  type: z.literal('file'),
  file: z.looseObject({
    file_id: z.optional(z.string()),
    file_data: z.optional(z.string()),
    filename: z.optional(z.string()),
  }),
  prompt_cache_breakpoint: z.optional(promptCacheBreakpointSchema),
});

export const openAiChatRefusalPartSchema = z.looseObject({ type: z.literal('refusal'), refusal: z.string() });

export const openAiChatUserPartSchema = z.discriminatedUnion('type', [
  openAiChatTextPartSchema,
  openAiChatImagePartSchema,
  openAiChatAudioPartSchema,
  openAiChatFilePartSchema,
]);

export const openAiChatAssistantPartSchema = z.discriminatedUnion('type', [openAiChatTextPartSchema, openAiChatRefusalPartSchema]);

const textContentSchema = z.union([z.string(), z.array(openAiChatTextPartSchema)]);

export const openAiChatFunctionToolCallSchema = z.looseObject({
  id: z.string(),
  type: z.literal('function'),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

export const openAiChatCustomToolCallSchema = z.looseObject({
  id: z.string(),
  type: z.literal('custom'),
  custom: z.looseObject({ name: z.string(), input: z.string() }),
});

export const openAiChatToolCallSchema = z.discriminatedUnion('type', [openAiChatFunctionToolCallSchema, openAiChatCustomToolCallSchema]);

const legacyFunctionCallSchema = z.looseObject({ name: z.string(), arguments: z.string() });

export const openAiChatSystemMessageSchema = z.looseObject({
  role: z.enum(['system', 'developer']),
  content: textContentSchema,
  name: z.optional(z.string()),
});

export const openAiChatUserMessageSchema = z.looseObject({
  role: z.literal('user'),
  content: z.union([z.string(), z.array(openAiChatUserPartSchema)]),
  name: z.optional(z.string()),
});

export const openAiChatAssistantMessageSchema = z.looseObject({
  role: z.literal('assistant'),
  content: z.nullish(z.union([z.string(), z.array(openAiChatAssistantPartSchema)])),
  refusal: z.nullish(z.string()),
  tool_calls: z.nullish(z.array(openAiChatToolCallSchema)),
  function_call: z.nullish(legacyFunctionCallSchema),
  name: z.optional(z.string()),
  /** DeepSeek-style reasoning text sent back in history by OpenAI-compatible clients. */
  reasoning_content: z.nullish(z.string()),
  /** Opaque reasoning entries (`{type: 'reasoning.encrypted', data}`) the gateway handed out, sent back. */
  reasoning_details: z.nullish(z.array(z.looseObject({ type: z.string(), data: z.optional(z.string()) }))),
});

export const openAiChatToolMessageSchema = z.looseObject({
  role: z.literal('tool'),
  content: textContentSchema,
  tool_call_id: z.string(),
});

export const openAiChatFunctionMessageSchema = z.looseObject({
  role: z.literal('function'),
  name: z.string(),
  content: z.nullable(z.string()),
});

export const openAiChatMessageSchema = z.discriminatedUnion('role', [
  openAiChatSystemMessageSchema,
  openAiChatUserMessageSchema,
  openAiChatAssistantMessageSchema,
  openAiChatToolMessageSchema,
  openAiChatFunctionMessageSchema,
]);

export const openAiChatFunctionToolSchema = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string(),
    description: z.optional(z.string()),
    parameters: z.optional(z.record(z.string(), z.unknown())),
    strict: z.nullish(z.boolean()),
  }),
});

const notFunction = z.string().check(z.refine((type) => type !== 'function', { message: 'a function tool needs function.name' }));

/** Any tool: function tools are mapped, others (`custom`, vendor tools) are kept verbatim. */
export const openAiChatToolSchema = z.union([openAiChatFunctionToolSchema, z.looseObject({ type: notFunction })]);

export const openAiChatToolChoiceSchema = z.union([
  z.enum(['none', 'auto', 'required']),
  z.looseObject({ type: z.literal('function'), function: z.looseObject({ name: z.string() }) }),
  z.looseObject({ type: notFunction }),
]);

export const openAiChatResponseFormatSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text') }),
  z.looseObject({ type: z.literal('json_object') }),
  z.looseObject({
    type: z.literal('json_schema'),
    json_schema: z.looseObject({
      name: z.string(),
      description: z.optional(z.string()),
      schema: z.optional(z.record(z.string(), z.unknown())),
      strict: z.nullish(z.boolean()),
    }),
  }),
]);

const legacyFunctionSchema = z.looseObject({
  name: z.string(),
  description: z.optional(z.string()),
  parameters: z.optional(z.record(z.string(), z.unknown())),
});

const count = z.int().check(z.nonnegative());

/** A Chat Completions request, validated loosely: unknown fields survive. */
export const openAiChatRequestSchema = z.looseObject({
  model: z.string(),
  messages: z.array(openAiChatMessageSchema).check(z.minLength(1)),
  temperature: z.nullish(z.number()),
  top_p: z.nullish(z.number()),
  n: z.nullish(z.int().check(z.positive())),
  stream: z.nullish(z.boolean()),
  stream_options: z.nullish(z.looseObject({ include_usage: z.nullish(z.boolean()) })),
  stop: z.nullish(z.union([z.string(), z.array(z.string())])),
  max_completion_tokens: z.nullish(count),
  max_tokens: z.nullish(count),
  presence_penalty: z.nullish(z.number()),
  frequency_penalty: z.nullish(z.number()),
  logit_bias: z.nullish(z.record(z.string(), z.number())),
  logprobs: z.nullish(z.boolean()),
  top_logprobs: z.nullish(count),
  seed: z.nullish(z.int()),
  user: z.nullish(z.string()),
  prompt_cache_key: z.nullish(z.string()),
  prompt_cache_retention: z.nullish(z.string()),
  metadata: z.nullish(z.record(z.string(), z.string())),
  store: z.nullish(z.boolean()),
  service_tier: z.nullish(z.string()),
  reasoning_effort: z.nullish(z.enum(OPENAI_CHAT_REASONING_EFFORTS)),
  response_format: z.nullish(openAiChatResponseFormatSchema),
  tools: z.nullish(z.array(openAiChatToolSchema)),
  tool_choice: z.nullish(openAiChatToolChoiceSchema),
  parallel_tool_calls: z.nullish(z.boolean()),
  functions: z.nullish(z.array(legacyFunctionSchema)),
  function_call: z.nullish(z.union([z.enum(['none', 'auto']), z.looseObject({ name: z.string() })])),
});

export type OpenAiChatRequest = z.infer<typeof openAiChatRequestSchema>;
export type OpenAiChatMessage = z.infer<typeof openAiChatMessageSchema>;
export type OpenAiChatUserPart = z.infer<typeof openAiChatUserPartSchema>;
export type OpenAiChatAssistantPart = z.infer<typeof openAiChatAssistantPartSchema>;
export type OpenAiChatTextPart = z.infer<typeof openAiChatTextPartSchema>;
export type OpenAiChatToolCall = z.infer<typeof openAiChatToolCallSchema>;
export type OpenAiChatTool = z.infer<typeof openAiChatToolSchema>;
export type OpenAiChatFunctionTool = z.infer<typeof openAiChatFunctionToolSchema>;
export type OpenAiChatToolChoice = z.infer<typeof openAiChatToolChoiceSchema>;
export type OpenAiChatResponseFormat = z.infer<typeof openAiChatResponseFormatSchema>;
