import * as z from 'zod';
import { COHERE_TEXT_INPUT_TYPES } from './map/cohere-input-type.js';

/**
 * Cohere Embed API v2 (`POST /v2/embed`). `input_type` is required for embed v3 and later;
 * `embedding_types` defaults to `["float"]`; answers are `embeddings_by_type`.
 *
 * @see https://docs.cohere.com/reference/embed
 */
export const cohereEmbedRequestSchema = z.looseObject({
  model: z.string().min(1, 'a model name is required'),
  input_type: z.enum([...COHERE_TEXT_INPUT_TYPES, 'image']).optional(),
  texts: z.array(z.string()).min(1, 'must not be empty').max(96).optional(),
  images: z.array(z.string()).optional(),
  inputs: z.array(z.unknown()).optional(),
  embedding_types: z.array(z.enum(['float', 'int8', 'uint8', 'binary', 'ubinary', 'base64'])).optional(),
  output_dimension: z.number().int().positive().optional(),
  max_tokens: z.number().int().positive().optional(),
  truncate: z.enum(['NONE', 'START', 'END']).optional(),
});

const billedUnits = z.looseObject({ input_tokens: z.number().optional(), image_tokens: z.number().optional() });

/** An upstream answer, read leniently. */
export const cohereEmbedResponseSchema = z.looseObject({
  id: z.string().optional(),
  embeddings: z.looseObject({ float: z.array(z.array(z.number())).optional() }),
  meta: z.looseObject({ billed_units: billedUnits.optional() }).optional(),
});

/** The answer as written by `irToCohereEmbedResponse`, for tests. */
export const cohereEmbedStrictResponseSchema = z.strictObject({
  id: z.string(),
  embeddings: z.strictObject({ float: z.array(z.array(z.number())) }),
  texts: z.array(z.string()).optional(),
  meta: z.strictObject({
    api_version: z.strictObject({ version: z.string() }),
    billed_units: z.strictObject({ input_tokens: z.number().int().nonnegative() }).optional(),
  }),
  response_type: z.literal('embeddings_by_type'),
});

export type CohereEmbedRequest = z.infer<typeof cohereEmbedRequestSchema>;
export type CohereEmbedResponse = z.infer<typeof cohereEmbedStrictResponseSchema>;
