import { z } from 'zod';

/**
 * What Cohere accepts on `POST /v2/embed`, written from https://docs.cohere.com/reference/embed:
 * `model` and `input_type` required (embed v3 and later), `texts` up to 96, `embedding_types`,
 * `output_dimension` (256, 512, 1024 or 1536, embed v4), `max_tokens`, `truncate`.
 */
export const cohereEmbedUpstreamRequestSchema = z.strictObject({
  model: z.string().min(1),
  input_type: z.enum(['search_document', 'search_query', 'classification', 'clustering', 'image']),
  texts: z.array(z.string()).min(1).max(96),
  embedding_types: z.array(z.enum(['float', 'int8', 'uint8', 'binary', 'ubinary', 'base64'])).optional(),
  output_dimension: z.union([z.literal(256), z.literal(512), z.literal(1024), z.literal(1536)]).optional(),
  max_tokens: z.number().int().positive().optional(),
  truncate: z.enum(['NONE', 'START', 'END']).optional(),
});

/**
 * What Cohere accepts on `POST /v2/rerank`, written from https://docs.cohere.com/reference/rerank:
 * `model`, `query`, `documents` (strings), `top_n`, `max_tokens_per_doc`. The v2 reference has
 * no `return_documents`.
 */
export const cohereRerankUpstreamRequestSchema = z.strictObject({
  model: z.string().min(1),
  query: z.string().min(1),
  documents: z.array(z.string()).min(1).max(10_000),
  top_n: z.number().int().min(1).optional(),
  max_tokens_per_doc: z.number().int().min(1).optional(),
});
