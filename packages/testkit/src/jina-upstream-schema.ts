import { z } from 'zod';

/**
 * What Jina AI accepts on `POST /v1/embeddings`, written from https://jina.ai/embeddings/ (API
 * reference https://api.jina.ai/redoc): `model`, `input` (strings or `{text}` / `{image}`
 * objects), `task`, `dimensions`, `embedding_type`, `late_chunking`, `normalized`, `truncate`.
 */
export const jinaEmbeddingsUpstreamRequestSchema = z.strictObject({
  model: z.string().min(1),
  input: z
    .array(z.union([z.string(), z.strictObject({ text: z.string() }), z.strictObject({ image: z.string() })]))
    .min(1),
  task: z
    .enum([
      'retrieval.query',
      'retrieval.passage',
      'text-matching',
      'classification',
      'separation',
      'code.query',
      'code.passage',
    ])
    .optional(),
  dimensions: z.number().int().positive().optional(),
  embedding_type: z.enum(['float', 'base64', 'binary', 'ubinary']).optional(),
  late_chunking: z.boolean().optional(),
  normalized: z.boolean().optional(),
  truncate: z.boolean().optional(),
});

/**
 * What Jina AI accepts on `POST /v1/rerank`, written from https://jina.ai/reranker/: `model`,
 * `query`, `documents` (strings or `{text}`), `top_n`, `return_documents`.
 */
export const jinaRerankUpstreamRequestSchema = z.strictObject({
  model: z.string().min(1),
  query: z.string().min(1),
  documents: z.array(z.union([z.string(), z.strictObject({ text: z.string() })])).min(1),
  top_n: z.number().int().min(1).optional(),
  return_documents: z.boolean().optional(),
});
