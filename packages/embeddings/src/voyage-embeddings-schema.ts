import * as z from 'zod';
import { VOYAGE_INPUT_TYPES } from './map/voyage-input-type.js';

/**
 * Voyage AI `POST /v1/embeddings`: `input` (a string or up to 1000 strings), `input_type`
 * (`query`, `document` or null), `output_dimension`, `output_dtype`, `encoding_format`.
 *
 * @see https://docs.voyageai.com/reference/embeddings-api
 */
export const voyageEmbeddingsRequestSchema = z.looseObject({
  model: z.string().min(1, 'a model name is required'),
  input: z.union([z.string(), z.array(z.string()).min(1, 'must not be empty').max(1000)]),
  input_type: z.enum(VOYAGE_INPUT_TYPES).nullable().optional(),
  truncation: z.boolean().optional(),
  output_dimension: z.number().int().positive().nullable().optional(),
  output_dtype: z.enum(['float', 'int8', 'uint8', 'binary', 'ubinary']).optional(),
  encoding_format: z.literal('base64').nullable().optional(),
});

const dataItem = z.looseObject({
  index: z.number().int().nonnegative().optional(),
  embedding: z.union([z.array(z.number()), z.string()]),
});

/** An upstream answer, read leniently. */
export const voyageEmbeddingsResponseSchema = z.looseObject({
  data: z.array(dataItem),
  model: z.string().optional(),
  usage: z.looseObject({ total_tokens: z.number().optional() }).optional(),
});

/** The answer as written by `irToVoyageEmbeddingsResponse`, for tests. */
export const voyageEmbeddingsStrictResponseSchema = z.strictObject({
  object: z.literal('list'),
  data: z.array(
    z.strictObject({
      object: z.literal('embedding'),
      index: z.number().int().nonnegative(),
      embedding: z.union([z.array(z.number()), z.string()]),
    }),
  ),
  model: z.string(),
  usage: z.strictObject({ total_tokens: z.number().int().nonnegative() }),
});

export type VoyageEmbeddingsRequest = z.infer<typeof voyageEmbeddingsRequestSchema>;
export type VoyageEmbeddingsResponse = z.infer<typeof voyageEmbeddingsStrictResponseSchema>;
