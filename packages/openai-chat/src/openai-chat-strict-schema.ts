import * as z from 'zod';

/*
 * Strict schemas of what OpenAI itself sends (tests check the codec's output against them):
 * exact objects, every required key present, the documented enums only. `reasoning_content` is
 * the one addition: the DeepSeek-style field OpenAI-compatible clients read reasoning from.
 * @see https://platform.openai.com/docs/api-reference/chat/object
 * @see https://platform.openai.com/docs/api-reference/chat-streaming/streaming
 */

const count = z.number().int().nonnegative();

const finishReason = z.enum(['stop', 'length', 'tool_calls', 'content_filter', 'function_call']);

const serviceTier = z.enum(['auto', 'default', 'flex', 'scale', 'priority']);

const topLogprob = z.strictObject({ token: z.string(), logprob: z.number(), bytes: z.array(z.number().int()).nullable() });

const tokenLogprob = z.strictObject({
  token: z.string(),
  logprob: z.number(),
  bytes: z.array(z.number().int()).nullable(),
  top_logprobs: z.array(topLogprob),
});

const logprobs = z.strictObject({ content: z.array(tokenLogprob).nullable(), refusal: z.array(tokenLogprob).nullable() }).nullable();

export const openAiChatStrictUsageSchema = z
  .strictObject({
    prompt_tokens: count,
    completion_tokens: count,
    total_tokens: count,
    prompt_tokens_details: z
      .strictObject({
        cached_tokens: count.optional(),
        audio_tokens: count.optional(),
        cache_write_tokens: count.optional(),
      })
      .optional(),
    completion_tokens_details: z
      .strictObject({
        reasoning_tokens: count.optional(),
        audio_tokens: count.optional(),
        accepted_prediction_tokens: count.optional(),
        rejected_prediction_tokens: count.optional(),
      })
      .optional(),
  })
  .refine((usage) => usage.total_tokens === usage.prompt_tokens + usage.completion_tokens, {
    message: 'total_tokens must equal prompt_tokens + completion_tokens',
  });

const functionToolCall = z.strictObject({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.strictObject({ name: z.string().min(1), arguments: z.string() }),
});

const customToolCall = z.strictObject({
  id: z.string().min(1),
  type: z.literal('custom'),
  custom: z.strictObject({ name: z.string().min(1), input: z.string() }),
});

const annotation = z.strictObject({
  type: z.literal('url_citation'),
  url_citation: z.strictObject({ start_index: count, end_index: count, title: z.string(), url: z.string() }),
});

export const openAiChatStrictMessageSchema = z.strictObject({
  role: z.literal('assistant'),
  content: z.string().nullable(),
  refusal: z.string().nullable(),
  reasoning_content: z.string().optional(),
  tool_calls: z.array(z.discriminatedUnion('type', [functionToolCall, customToolCall])).min(1).optional(),
  function_call: z.strictObject({ name: z.string(), arguments: z.string() }).nullable().optional(),
  annotations: z.array(annotation).optional(),
  audio: z.strictObject({ id: z.string(), data: z.string(), expires_at: z.number(), transcript: z.string() }).nullable().optional(),
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
      logprobs,
      finish_reason: finishReason,
    }),
  ),
  usage: openAiChatStrictUsageSchema.optional(),
  service_tier: serviceTier.nullable().optional(),
  system_fingerprint: z.string().optional(),
});

const deltaToolCall = z.strictObject({
  index: count,
  id: z.string().min(1).optional(),
  type: z.literal('function').optional(),
  function: z.strictObject({ name: z.string().min(1).optional(), arguments: z.string().optional() }).optional(),
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
        role: z.literal('assistant').optional(),
        content: z.string().nullable().optional(),
        refusal: z.string().nullable().optional(),
        reasoning_content: z.string().optional(),
        tool_calls: z.array(deltaToolCall).optional(),
      }),
      logprobs: logprobs.optional(),
      finish_reason: finishReason.nullable(),
    }),
  ),
  usage: openAiChatStrictUsageSchema.nullable().optional(),
  service_tier: serviceTier.nullable().optional(),
  system_fingerprint: z.string().optional(),
  /** Random padding (`stream_options.include_obfuscation`), ignored by clients. */
  obfuscation: z.string().optional(),
});

/** An error body exactly as OpenAI sends it: all four keys present. */
export const openAiChatStrictErrorSchema = z.strictObject({
  error: z.strictObject({ message: z.string(), type: z.string(), param: z.string().nullable(), code: z.string().nullable() }),
});

export type OpenAiChatResponse = z.infer<typeof openAiChatStrictResponseSchema>;
export type OpenAiChatChunk = z.infer<typeof openAiChatStrictChunkSchema>;
export type OpenAiChatStrictMessage = z.infer<typeof openAiChatStrictMessageSchema>;
export type OpenAiChatErrorBody = z.infer<typeof openAiChatStrictErrorSchema>;
