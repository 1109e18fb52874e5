import * as z from 'zod';
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
  prompt_cache_breakpoint: promptCacheBreakpointSchema.optional(),
});

export const openAiChatImagePartSchema = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.union([
    z.looseObject({ url: z.string(), detail: z.enum(['auto', 'low', 'high']).optional() }),
    z.string(),
  ]),
  prompt_cache_breakpoint: promptCacheBreakpointSchema.optional(),
});

export const openAiChatAudioPartSchema = z.looseObject({
  type: z.literal('input_audio'),
  input_audio: z.looseObject({ data: z.string(), format: z.string() }),
  prompt_cache_breakpoint: promptCacheBreakpointSchema.optional(),
});

export const openAiChatFilePartSchema = z.looseObject({
  type: z.literal('file'),
  file: z.looseObject({
    file_id: z.string().optional(),
    file_data: z.string().optional(),
    filename: z.string().optional(),
  }),
  prompt_cache_breakpoint: promptCacheBreakpointSchema.optional(),
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
  name: z.string().optional(),
});

export const openAiChatUserMessageSchema = z.looseObject({
  role: z.literal('user'),
  content: z.union([z.string(), z.array(openAiChatUserPartSchema)]),
  name: z.string().optional(),
});

export const openAiChatAssistantMessageSchema = z.looseObject({
  role: z.literal('assistant'),
  content: z.union([z.string(), z.array(openAiChatAssistantPartSchema)]).nullish(),
  refusal: z.string().nullish(),
  tool_calls: z.array(openAiChatToolCallSchema).nullish(),
  function_call: legacyFunctionCallSchema.nullish(),
  name: z.string().optional(),
  /** DeepSeek-style reasoning text sent back in history by OpenAI-compatible clients. */
  reasoning_content: z.string().nullish(),
});

export const openAiChatToolMessageSchema = z.looseObject({
  role: z.literal('tool'),
  content: textContentSchema,
  tool_call_id: z.string(),
});

export const openAiChatFunctionMessageSchema = z.looseObject({
  role: z.literal('function'),
  name: z.string(),
  content: z.string().nullable(),
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
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullish(),
  }),
});

const notFunction = z.string().refine((type) => type !== 'function', { message: 'a function tool needs function.name' });

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
      description: z.string().optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullish(),
    }),
  }),
]);

const legacyFunctionSchema = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});

const count = z.number().int().nonnegative();

/** A Chat Completions request, validated loosely: unknown fields survive. */
export const openAiChatRequestSchema = z.looseObject({
  model: z.string(),
  messages: z.array(openAiChatMessageSchema).min(1),
  temperature: z.number().nullish(),
  top_p: z.number().nullish(),
  n: z.number().int().positive().nullish(),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  stop: z.union([z.string(), z.array(z.string())]).nullish(),
  max_completion_tokens: count.nullish(),
  max_tokens: count.nullish(),
  presence_penalty: z.number().nullish(),
  frequency_penalty: z.number().nullish(),
  logit_bias: z.record(z.string(), z.number()).nullish(),
  logprobs: z.boolean().nullish(),
  top_logprobs: count.nullish(),
  seed: z.number().int().nullish(),
  user: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  store: z.boolean().nullish(),
  service_tier: z.string().nullish(),
  reasoning_effort: z.enum(OPENAI_CHAT_REASONING_EFFORTS).nullish(),
  response_format: openAiChatResponseFormatSchema.nullish(),
  tools: z.array(openAiChatToolSchema).nullish(),
  tool_choice: openAiChatToolChoiceSchema.nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  functions: z.array(legacyFunctionSchema).nullish(),
  function_call: z.union([z.enum(['none', 'auto']), z.looseObject({ name: z.string() })]).nullish(),
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
