import { z } from 'zod';

/**
 * What text-embeddings-inference accepts on `POST /rerank`, written from its OpenAPI page
 * (https://huggingface.github.io/text-embeddings-inference/#/Text%20Embeddings%20Inference/rerank):
 * `query`, `texts`, `raw_scores`, `return_text`, `truncate`, `truncation_direction`. No model.
 */
export const teiRerankUpstreamRequestSchema = z.strictObject({
  query: z.string(),
  texts: z.array(z.string()).min(1),
  raw_scores: z.boolean().optional(),
  return_text: z.boolean().optional(),
  truncate: z.boolean().nullable().optional(),
  truncation_direction: z.enum(['Left', 'Right', 'left', 'right']).optional(),
});
