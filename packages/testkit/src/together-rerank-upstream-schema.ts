import { z } from 'zod';

/**
 * What Together AI accepts on `POST /v1/rerank`, written from
 * https://docs.together.ai/reference/rerank-1: `model`, `query`, `documents` (strings, or
 * objects on dedicated endpoints), `top_n`, `return_documents`, `rank_fields`.
 */
export const togetherRerankUpstreamRequestSchema = z.strictObject({
  model: z.string().min(1),
  query: z.string().min(1),
  documents: z.array(z.union([z.string(), z.record(z.string(), z.string())])).min(1),
  top_n: z.number().int().min(1).optional(),
  return_documents: z.boolean().optional(),
  rank_fields: z.array(z.string()).optional(),
});
