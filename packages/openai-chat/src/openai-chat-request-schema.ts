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
import { OPENAI_CHAT_REASONING_EFFORTS } from './map/openai-chat-reasoning-effort.js';

/*
 * Loose schemas for a Chat Completions request (`POST /v1/chat/completions`): every documented
 * field the codec maps is validated; unknown fields survive parsing (loose objects).
 * @see https://platform.openai.com/docs/api-reference/chat/create
 */

/** A function name as OpenAI takes it (at most 64 characters). */
const toolName = z.string().check(z.maxLength(MAX_OPENAI_TOOL_NAME_LENGTH));
/** An end-user or cache id (`user`, `safety_identifier`, `prompt_cache_key`). */
const userId = z.nullish(z.string().check(z.maxLength(MAX_USER_ID_LENGTH)));

/** Up to 16 pairs, keys up to 64 characters, values up to 512 (OpenAI's limits). */
export const openAiMetadataSchema = z
  .record(
    z.string().check(z.maxLength(MAX_METADATA_KEY_LENGTH)),
    z.string().check(z.maxLength(MAX_METADATA_VALUE_LENGTH)),
  )
  .check(
    z.refine((metadata) => Object.keys(metadata).length <= MAX_METADATA_PAIRS, `at most ${MAX_METADATA_PAIRS} pairs`),
  );

const promptCacheBreakpointSchema = z.looseObject({ mode: z.string() });

export const openAiChatTextPartSchema = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  prompt_cache_breakpoint: z.optional(promptCacheBreakpointSchema),
});

export const openAiChatImagePartSchema = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.union([
    z.looseObject({ url: z.string(), detail: z.optional(z.literal(['auto', 'low', 'high'])) }),
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

export const openAiChatAssistantPartSchema = z.discriminatedUnion('type', [
  openAiChatTextPartSchema,
  openAiChatRefusalPartSchema,
]);

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

export const openAiChatToolCallSchema = z.discriminatedUnion('type', [
  openAiChatFunctionToolCallSchema,
  openAiChatCustomToolCallSchema,
]);

const legacyFunctionCallSchema = z.looseObject({ name: z.string(), arguments: z.string() });

export const openAiChatSystemMessageSchema = z.looseObject({
  role: z.literal(['system', 'developer']),
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
    name: toolName,
    description: z.optional(z.string()),
    parameters: z.optional(z.record(z.string(), z.unknown())),
    strict: z.nullish(z.boolean()),
  }),
});

const notFunction = z
  .string()
  .check(z.refine((type) => type !== 'function', { message: 'a function tool needs function.name' }));

/** Any tool: function tools are mapped, others (`custom`, vendor tools) are kept verbatim. */
export const openAiChatToolSchema = z.union([openAiChatFunctionToolSchema, z.looseObject({ type: notFunction })]);

export const openAiChatToolChoiceSchema = z.union([
  z.literal(['none', 'auto', 'required']),
  z.looseObject({ type: z.literal('function'), function: z.looseObject({ name: toolName }) }),
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
  name: toolName,
  description: z.optional(z.string()),
  parameters: z.optional(z.record(z.string(), z.unknown())),
});

/** A token limit: at least one. */
const tokens = safeInt().check(z.positive());

/** A Chat Completions request, validated loosely: unknown fields survive. */
export const openAiChatRequestSchema = z.looseObject({
  model: z.string().check(z.maxLength(MAX_MODEL_NAME_LENGTH)),
  messages: z.array(openAiChatMessageSchema).check(z.minLength(1)),
  temperature: z.nullish(z.number().check(z.gte(0), z.lte(2))),
  top_p: z.nullish(z.number().check(z.gte(0), z.lte(1))),
  n: z.nullish(safeInt().check(z.gte(1), z.lte(128))),
  stream: z.nullish(z.boolean()),
  stream_options: z.nullish(z.looseObject({ include_usage: z.nullish(z.boolean()) })),
  stop: z.nullish(z.union([z.string(), z.array(z.string())])),
  max_completion_tokens: z.nullish(tokens),
  max_tokens: z.nullish(tokens),
  presence_penalty: z.nullish(z.number().check(z.gte(-2), z.lte(2))),
  frequency_penalty: z.nullish(z.number().check(z.gte(-2), z.lte(2))),
  logit_bias: z.nullish(z.record(z.string(), z.number())),
  logprobs: z.nullish(z.boolean()),
  top_logprobs: z.nullish(safeInt().check(z.gte(0), z.lte(20))),
  seed: z.nullish(safeInt()),
  user: userId,
  safety_identifier: userId,
  prompt_cache_key: userId,
  prompt_cache_retention: z.nullish(z.string()),
  metadata: z.nullish(openAiMetadataSchema),
  store: z.nullish(z.boolean()),
  service_tier: z.nullish(z.string()),
  reasoning_effort: z.nullish(z.literal(OPENAI_CHAT_REASONING_EFFORTS)),
  response_format: z.nullish(openAiChatResponseFormatSchema),
  tools: z.nullish(z.array(openAiChatToolSchema)),
  tool_choice: z.nullish(openAiChatToolChoiceSchema),
  parallel_tool_calls: z.nullish(z.boolean()),
  functions: z.nullish(z.array(legacyFunctionSchema)),
  function_call: z.nullish(z.union([z.literal(['none', 'auto']), z.looseObject({ name: toolName })])),
});

/**
 * The fields of a Chat Completions request that have limits (model name, ranges, tool names,
 * metadata, end-user ids): what a server checks on a body it forwards without decoding it.
 */
export const openAiChatRequestLimitsSchema = /* @__PURE__ */ z.pick(openAiChatRequestSchema, {
  model: true,
  temperature: true,
  top_p: true,
  n: true,
  max_completion_tokens: true,
  max_tokens: true,
  presence_penalty: true,
  frequency_penalty: true,
  top_logprobs: true,
  user: true,
  safety_identifier: true,
  prompt_cache_key: true,
  metadata: true,
  tools: true,
  tool_choice: true,
  functions: true,
  function_call: true,
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
