import { z } from 'zod';

/**
 * What OpenAI accepts on `POST /v1/embeddings`, written from its API reference
 * (https://platform.openai.com/docs/api-reference/embeddings/create): `input` a non-empty
 * string, an array of 1..2048 strings, an array of token ids, or an array of token-id arrays;
 * `encoding_format` float or base64; `dimensions` at least 1. Strict: anything else is a bug.
 */
const tokens = z.array(z.number().int().nonnegative()).min(1);

export const openAiEmbeddingsUpstreamRequestSchema = z.strictObject({
  model: z.string().min(1),
  input: z.union([
    z.string().min(1),
    z.array(z.string().min(1)).min(1).max(2048),
    tokens,
    z.array(tokens).min(1).max(2048),
  ]),
  encoding_format: z.enum(['float', 'base64']).optional(),
  dimensions: z.number().int().min(1).optional(),
  user: z.string().optional(),
});
