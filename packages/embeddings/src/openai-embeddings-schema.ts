import * as z from 'zod';
import { MAX_MODEL_NAME_LENGTH, MAX_USER_ID_LENGTH } from '@interlingua/ir';

const tokenId = z.number().int().nonnegative();
const tokenArray = z.array(tokenId).min(1, 'a token array must not be empty');

/**
 * `POST /v1/embeddings` body (loose: unknown fields survive). `input` is a string, an array of
 * strings, one token-id array or an array of token-id arrays; arrays hold 1..2048 items.
 *
 * @see https://platform.openai.com/docs/api-reference/embeddings/create
 */
export const openAiEmbeddingsRequestSchema = z.looseObject({
  model: z.string().min(1, 'a model name is required').max(MAX_MODEL_NAME_LENGTH),
  input: z.union(
    [
      z.string().min(1, 'must not be an empty string'),
      z.array(z.string().min(1, 'must not be an empty string')).min(1, 'must not be empty').max(2048),
      tokenArray.max(8192),
      z.array(tokenArray).min(1, 'must not be empty').max(2048),
    ],
    { error: 'must be a string, an array of strings, or token-id arrays' },
  ),
  encoding_format: z.enum(['float', 'base64']).optional(),
  dimensions: z.number().int().min(1).optional(),
  user: z.string().max(MAX_USER_ID_LENGTH).optional(),
});

const embeddingValue = z.union([z.array(z.number()), z.string()]);

/** An upstream answer, read leniently (`embedding` floats or base64; extra fields ignored). */
export const openAiEmbeddingsResponseSchema = z.looseObject({
  data: z.array(z.looseObject({ index: z.number().int().nonnegative().optional(), embedding: embeddingValue })),
  model: z.string().optional(),
  usage: z.looseObject({ prompt_tokens: z.number().optional(), total_tokens: z.number().optional() }).optional(),
});

/** The answer as OpenAI documents it, for tests of what the gateway writes. */
export const openAiEmbeddingsStrictResponseSchema = z.strictObject({
  object: z.literal('list'),
  data: z.array(
    z.strictObject({
      object: z.literal('embedding'),
      index: z.number().int().nonnegative(),
      embedding: embeddingValue,
    }),
  ),
  model: z.string(),
  usage: z.strictObject({
    prompt_tokens: z.number().int().nonnegative(),
    total_tokens: z.number().int().nonnegative(),
  }),
});

export type OpenAiEmbeddingsRequest = z.infer<typeof openAiEmbeddingsRequestSchema>;
export type OpenAiEmbeddingsResponse = z.infer<typeof openAiEmbeddingsStrictResponseSchema>;
