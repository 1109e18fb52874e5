import * as z from 'zod';
import { MAX_MODEL_NAME_LENGTH } from '@interlingua/ir';

const document = z.union([z.string(), z.looseObject({ text: z.string() })], {
  error: 'must be a string or an object with a string "text"',
});

/**
 * The gateway's `POST /v1/rerank` body: the Cohere / Jina / LiteLLM shape. `top_k` (Voyage's
 * name) is accepted for `top_n`. Loose: unknown fields survive under `extensions.rerank`.
 *
 * @see https://docs.cohere.com/reference/rerank
 * @see https://jina.ai/reranker/
 */
export const rerankRequestSchema = z.looseObject({
  model: z.string().min(1, 'a model name is required').max(MAX_MODEL_NAME_LENGTH),
  query: z.string().min(1, 'must not be empty'),
  documents: z.array(document).min(1, 'must not be empty').max(10_000),
  top_n: z.number().int().min(1).nullable().optional(),
  top_k: z.number().int().min(1).nullable().optional(),
  return_documents: z.boolean().nullable().optional(),
});

const resultDocument = z.union([z.string(), z.looseObject({ text: z.string().optional() })]);

/** A `results[]` answer (Cohere v1/v2, Jina, Together, vLLM, this gateway), read leniently. */
export const rerankResultsResponseSchema = z.looseObject({
  id: z.string().optional(),
  model: z.string().optional(),
  results: z.array(
    z.looseObject({
      index: z.number().int().nonnegative(),
      relevance_score: z.number(),
      document: resultDocument.nullable().optional(),
    }),
  ),
  usage: z
    .looseObject({ prompt_tokens: z.number().optional(), total_tokens: z.number().optional() })
    .nullable()
    .optional(),
  meta: z
    .looseObject({
      billed_units: z
        .looseObject({
          search_units: z.number().optional(),
          total_tokens: z.number().optional(),
          input_tokens: z.number().optional(),
        })
        .optional(),
    })
    .nullable()
    .optional(),
});

const tokens = z.number().int().nonnegative();

/**
 * The answer the gateway writes: readable by Cohere-style clients (`results`, `meta`) and
 * Jina-style ones (`results`, `usage`). `usage` and `meta.tokens` appear only when the upstream
 * reported tokens; `document` only when the caller asked for documents.
 */
export const rerankStrictResponseSchema = z.strictObject({
  id: z.string(),
  model: z.string(),
  results: z.array(
    z.strictObject({
      index: z.number().int().nonnegative(),
      relevance_score: z.number(),
      document: z.strictObject({ text: z.string() }).optional(),
    }),
  ),
  usage: z.strictObject({ prompt_tokens: tokens, completion_tokens: tokens, total_tokens: tokens }).optional(),
  meta: z.strictObject({
    billed_units: z.strictObject({ search_units: tokens.optional(), total_tokens: tokens.optional() }),
    tokens: z.strictObject({ input_tokens: tokens, output_tokens: tokens }).optional(),
  }),
});

export type RerankRequest = z.infer<typeof rerankRequestSchema>;
export type RerankResponse = z.infer<typeof rerankStrictResponseSchema>;
