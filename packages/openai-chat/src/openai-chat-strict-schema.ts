import * as z from 'zod/mini';
import './zod-english.js';
import {
  answerFieldSchemas,
  choiceFieldSchemas,
  count,
  messageFieldSchemas,
} from './openai-chat-answer-field-schemas.js';

/*
 * Strict schemas of what OpenAI itself sends (tests check the codec's output against them):
 * exact objects, every required key present, the documented enums only. `reasoning_content` is
 * the one addition: the DeepSeek-style field OpenAI-compatible clients read reasoning from.
 * @see https://platform.openai.com/docs/api-reference/chat/object
 * @see https://platform.openai.com/docs/api-reference/chat-streaming/streaming
 */

const finishReason = z.literal(['stop', 'length', 'tool_calls', 'content_filter', 'function_call']);

export const openAiChatStrictUsageSchema = z
  .strictObject({
    prompt_tokens: count,
    completion_tokens: count,
    total_tokens: count,
    prompt_tokens_details: z.optional(
      z.strictObject({
        cached_tokens: z.optional(count),
        audio_tokens: z.optional(count),
        cache_write_tokens: z.optional(count),
      }),
    ),
    completion_tokens_details: z.optional(
      z.strictObject({
        reasoning_tokens: z.optional(count),
        audio_tokens: z.optional(count),
        accepted_prediction_tokens: z.optional(count),
        rejected_prediction_tokens: z.optional(count),
      }),
    ),
  })
  .check(
    z.refine((usage) => usage.total_tokens === usage.prompt_tokens + usage.completion_tokens, {
      message: 'total_tokens must equal prompt_tokens + completion_tokens',
    }),
  );

/** A signed call's carrier, in the field Gemini's OpenAI-compatible API gives call signatures. */
const extraContent = z.strictObject({ google: z.strictObject({ thought_signature: z.string() }) });

const functionToolCall = z.strictObject({
  id: z.string().check(z.minLength(1)),
  type: z.literal('function'),
  function: z.strictObject({ name: z.string().check(z.minLength(1)), arguments: z.string() }),
  extra_content: z.optional(extraContent),
});

const customToolCall = z.strictObject({
  id: z.string().check(z.minLength(1)),
  type: z.literal('custom'),
  custom: z.strictObject({ name: z.string().check(z.minLength(1)), input: z.string() }),
});

/** Opaque reasoning the gateway hands out to chat callers (sent back as it came). */
const reasoningDetails = z.array(
  z.strictObject({ type: z.literal('reasoning.encrypted'), data: z.string(), format: z.string(), index: count }),
);

export const openAiChatStrictMessageSchema = z.strictObject({
  role: z.literal('assistant'),
  content: z.nullable(z.string()),
  refusal: z.nullable(z.string()),
  reasoning_content: z.optional(z.string()),
  reasoning_details: z.optional(reasoningDetails),
  tool_calls: z.optional(
    z.array(z.discriminatedUnion('type', [functionToolCall, customToolCall])).check(z.minLength(1)),
  ),
  function_call: z.optional(z.nullable(z.strictObject({ name: z.string(), arguments: z.string() }))),
  ...messageFieldSchemas,
});

/** A `chat.completion` exactly as OpenAI sends it. */
export const openAiChatStrictResponseSchema = z.strictObject({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: count,
  model: z.string(),
  choices: z.array(
    z.strictObject({
      index: count,
      message: openAiChatStrictMessageSchema,
      ...choiceFieldSchemas,
      finish_reason: finishReason,
    }),
  ),
  usage: z.optional(openAiChatStrictUsageSchema),
  ...answerFieldSchemas,
});

const deltaToolCall = z.strictObject({
  index: count,
  id: z.optional(z.string().check(z.minLength(1))),
  type: z.optional(z.literal('function')),
  function: z.optional(
    z.strictObject({ name: z.optional(z.string().check(z.minLength(1))), arguments: z.optional(z.string()) }),
  ),
  extra_content: z.optional(extraContent),
});

/** A `chat.completion.chunk` exactly as OpenAI sends it. */
export const openAiChatStrictChunkSchema = z.strictObject({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: count,
  model: z.string(),
  choices: z.array(
    z.strictObject({
      index: count,
      delta: z.strictObject({
        role: z.optional(z.literal('assistant')),
        content: z.optional(z.nullable(z.string())),
        refusal: z.optional(z.nullable(z.string())),
        reasoning_content: z.optional(z.string()),
        /** The whole list, in one delta of its own (see the stream encoder). */
        reasoning_details: z.optional(reasoningDetails),
        /** Url citations: the whole list, in one delta of its own, like `reasoning_details`. */
        annotations: messageFieldSchemas.annotations,
        tool_calls: z.optional(z.array(deltaToolCall)),
      }),
      logprobs: z.optional(choiceFieldSchemas.logprobs),
      finish_reason: z.nullable(finishReason),
    }),
  ),
  usage: z.optional(z.nullable(openAiChatStrictUsageSchema)),
  service_tier: answerFieldSchemas.service_tier,
  system_fingerprint: z.optional(z.string()),
  /** Random padding (`stream_options.include_obfuscation`), ignored by clients. */
  obfuscation: z.optional(z.string()),
});

/** An error body exactly as OpenAI sends it: all four keys present. */
export const openAiChatStrictErrorSchema = z.strictObject({
  error: z.strictObject({
    message: z.string(),
    type: z.string(),
    param: z.nullable(z.string()),
    code: z.nullable(z.string()),
  }),
});

export type OpenAiChatResponse = z.infer<typeof openAiChatStrictResponseSchema>;
export type OpenAiChatChunk = z.infer<typeof openAiChatStrictChunkSchema>;
export type OpenAiChatStrictMessage = z.infer<typeof openAiChatStrictMessageSchema>;
export type OpenAiChatErrorBody = z.infer<typeof openAiChatStrictErrorSchema>;
