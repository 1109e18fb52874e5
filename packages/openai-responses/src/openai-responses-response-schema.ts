import * as z from 'zod';

/**
 * Lenient zod schemas for Responses answers from upstreams: extra fields and unknown output item
 * types are accepted.
 * @see https://platform.openai.com/docs/api-reference/responses/object
 */

const count = z.number().nullish();

export const openAiResponsesUsageSchema = z.looseObject({
  input_tokens: z.number(),
  output_tokens: z.number(),
  total_tokens: count,
  input_tokens_details: z.looseObject({ cached_tokens: count, cache_write_tokens: count }).nullish(),
  output_tokens_details: z.looseObject({ reasoning_tokens: count }).nullish(),
});

export const openAiResponsesLenientMessageSchema = z.looseObject({
  type: z.literal('message'),
  id: z.string().nullish(),
  content: z.array(
    z.looseObject({
      type: z.string(),
      text: z.string().nullish(),
      refusal: z.string().nullish(),
      annotations: z.array(z.unknown()).nullish(),
    }),
  ),
});

export const openAiResponsesLenientFunctionCallSchema = z.looseObject({
  type: z.literal('function_call'),
  id: z.string().nullish(),
  call_id: z.string(),
  name: z.string(),
  arguments: z.string().nullish(),
});

export const openAiResponsesLenientReasoningSchema = z.looseObject({
  type: z.literal('reasoning'),
  id: z.string().nullish(),
  summary: z.array(z.looseObject({ text: z.string() })).nullish(),
  content: z.array(z.looseObject({ text: z.string() })).nullish(),
  encrypted_content: z.string().nullish(),
});

/** A Responses answer, leniently: output items are checked one by one by the codec. */
export const openAiResponsesResponseSchema = z.looseObject({
  id: z.string(),
  object: z.string().nullish(),
  created_at: z.number(),
  status: z.string().nullish(),
  model: z.string(),
  output: z.array(z.looseObject({ type: z.string() })),
  usage: openAiResponsesUsageSchema.nullish(),
  incomplete_details: z.looseObject({ reason: z.string().nullish() }).nullish(),
  error: z.looseObject({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
});

export type OpenAiResponsesUsageWire = z.infer<typeof openAiResponsesUsageSchema>;
export type OpenAiResponsesLenientResponse = z.infer<typeof openAiResponsesResponseSchema>;
