import * as z from 'zod/mini';
import './zod-english.js';

/**
 * Lenient zod schemas for Responses answers from upstreams: extra fields and unknown output item
 * types are accepted.
 * @see https://platform.openai.com/docs/api-reference/responses/object
 */

const count = z.nullish(z.number());

export const openAiResponsesUsageSchema = z.looseObject({
  input_tokens: z.number(),
  output_tokens: z.number(),
  total_tokens: count,
  input_tokens_details: z.nullish(z.looseObject({ cached_tokens: count, cache_write_tokens: count })),
  output_tokens_details: z.nullish(z.looseObject({ reasoning_tokens: count })),
});

export const openAiResponsesLenientMessageSchema = z.looseObject({
  type: z.literal('message'),
  id: z.nullish(z.string()),
  content: z.array(
    z.looseObject({
      type: z.string(),
      text: z.nullish(z.string()),
      refusal: z.nullish(z.string()),
      annotations: z.nullish(z.array(z.unknown())),
    }),
  ),
});

export const openAiResponsesLenientFunctionCallSchema = z.looseObject({
  type: z.literal('function_call'),
  id: z.nullish(z.string()),
  call_id: z.string(),
  name: z.string(),
  arguments: z.nullish(z.string()),
});

export const openAiResponsesLenientReasoningSchema = z.looseObject({
  type: z.literal('reasoning'),
  id: z.nullish(z.string()),
  summary: z.nullish(z.array(z.looseObject({ text: z.string() }))),
  content: z.nullish(z.array(z.looseObject({ text: z.string() }))),
  encrypted_content: z.nullish(z.string()),
});

/** A Responses answer, leniently: output items are checked one by one by the codec. */
export const openAiResponsesResponseSchema = z.looseObject({
  id: z.string(),
  object: z.nullish(z.string()),
  created_at: z.number(),
  status: z.nullish(z.string()),
  model: z.string(),
  output: z.array(z.looseObject({ type: z.string() })),
  usage: z.nullish(openAiResponsesUsageSchema),
  incomplete_details: z.nullish(z.looseObject({ reason: z.nullish(z.string()) })),
  error: z.nullish(z.looseObject({ code: z.nullish(z.string()), message: z.nullish(z.string()) })),
});

export type OpenAiResponsesUsageWire = z.infer<typeof openAiResponsesUsageSchema>;
export type OpenAiResponsesLenientResponse = z.infer<typeof openAiResponsesResponseSchema>;
