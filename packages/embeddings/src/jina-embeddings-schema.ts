import * as z from 'zod';
import { JINA_TASKS } from './map/jina-task.js';

/**
 * Jina AI `POST /v1/embeddings`: `input` (strings, or `{text}` / `{image}` objects), `task`
 * (the jina-embeddings-v3/v4 adapter), `dimensions`, `embedding_type`, `late_chunking`,
 * `normalized`, `truncate`.
 *
 * @see https://jina.ai/embeddings/
 * @see https://api.jina.ai/redoc#tag/embeddings
 */
export const jinaEmbeddingsRequestSchema = z.looseObject({
  model: z.string().min(1, 'a model name is required'),
  input: z.union([
    z.string(),
    z
      .array(z.union([z.string(), z.looseObject({ text: z.string() }), z.looseObject({ image: z.string() })]))
      .min(1, 'must not be empty'),
  ]),
  task: z.enum(JINA_TASKS).optional(),
  dimensions: z.number().int().positive().optional(),
  embedding_type: z.union([z.enum(['float', 'base64', 'binary', 'ubinary']), z.array(z.string())]).optional(),
  late_chunking: z.boolean().optional(),
  normalized: z.boolean().optional(),
  truncate: z.boolean().optional(),
});

const dataItem = z.looseObject({
  index: z.number().int().nonnegative().optional(),
  embedding: z.union([z.array(z.number()), z.string()]),
});

/** An upstream answer, read leniently. */
export const jinaEmbeddingsResponseSchema = z.looseObject({
  data: z.array(dataItem),
  model: z.string().optional(),
  usage: z.looseObject({ total_tokens: z.number().optional(), prompt_tokens: z.number().optional() }).optional(),
});

/** The answer as written by `irToJinaEmbeddingsResponse`, for tests. */
export const jinaEmbeddingsStrictResponseSchema = z.strictObject({
  model: z.string(),
  object: z.literal('list'),
  usage: z.strictObject({
    total_tokens: z.number().int().nonnegative(),
    prompt_tokens: z.number().int().nonnegative(),
  }),
  data: z.array(
    z.strictObject({
      object: z.literal('embedding'),
      index: z.number().int().nonnegative(),
      embedding: z.union([z.array(z.number()), z.string()]),
    }),
  ),
});

export type JinaEmbeddingsRequest = z.infer<typeof jinaEmbeddingsRequestSchema>;
export type JinaEmbeddingsResponse = z.infer<typeof jinaEmbeddingsStrictResponseSchema>;
