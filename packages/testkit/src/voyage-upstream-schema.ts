import { z } from 'zod';

/**
 * What Voyage AI accepts on `POST /v1/embeddings`, written from
 * https://docs.voyageai.com/reference/embeddings-api: `input` (string or up to 1000 strings),
 * `model`, `input_type` (`query`, `document` or null), `truncation`, `output_dimension`,
 * `output_dtype`, `encoding_format` (null or `base64`).
 */
export const voyageEmbeddingsUpstreamRequestSchema = z.strictObject({
  input: z.union([z.string(), z.array(z.string()).min(1).max(1000)]),
  model: z.string().min(1),
  input_type: z.enum(['query', 'document']).nullable().optional(),
  truncation: z.boolean().optional(),
  output_dimension: z.number().int().positive().nullable().optional(),
  output_dtype: z.enum(['float', 'int8', 'uint8', 'binary', 'ubinary']).optional(),
  encoding_format: z.literal('base64').nullable().optional(),
});

/**
 * What Voyage AI accepts on `POST /v1/rerank`, written from
 * https://docs.voyageai.com/reference/reranker-api: `query`, `documents` (up to 1000 strings),
 * `model`, `top_k`, `return_documents`, `truncation`.
 */
export const voyageRerankUpstreamRequestSchema = z.strictObject({
  query: z.string().min(1),
  documents: z.array(z.string()).min(1).max(1000),
  model: z.string().min(1),
  top_k: z.number().int().min(1).nullable().optional(),
  return_documents: z.boolean().optional(),
  truncation: z.boolean().optional(),
});
