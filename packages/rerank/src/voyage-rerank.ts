import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import * as z from 'zod';
import type { IrRerankRequest, IrRerankResponse } from './rerank-ir.js';
import { rerankUsage } from './rerank-ir.js';
import { notARerankAnswer } from './rerank-validation-error.js';

/**
 * Voyage AI reranker (`POST /v1/rerank`): `top_k` instead of `top_n`, answers in `data[]`.
 * @see https://docs.voyageai.com/reference/reranker-api
 */
export interface VoyageRerankRequest {
  model: string;
  query: string;
  documents: string[];
  top_k?: number;
  truncation?: boolean;
}

/** A Voyage rerank answer, read leniently. */
export const voyageRerankResponseSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      index: z.number().int().nonnegative(),
      relevance_score: z.number(),
      document: z.string().optional(),
    }),
  ),
  model: z.string().optional(),
  usage: z.looseObject({ total_tokens: z.number().optional() }).optional(),
});

/** IR -> Voyage rerank body (`truncation` carried from the caller's extras). */
export function irToVoyageRerankRequest(ir: IrRerankRequest): Result<VoyageRerankRequest> {
  const truncation = ir.extensions?.rerank?.truncation;
  return ok({
    model: ir.model,
    query: ir.query,
    documents: [...ir.documents],
    ...(ir.topN !== undefined ? { top_k: ir.topN } : {}),
    ...(typeof truncation === 'boolean' ? { truncation } : {}),
  });
}

/** A Voyage rerank answer -> IR (usage from `usage.total_tokens`). */
export function voyageRerankResponseToIr(wire: unknown): Result<IrRerankResponse> {
  const parsed = voyageRerankResponseSchema.safeParse(wire);
  if (!parsed.success) throw notARerankAnswer('Voyage', parsed.error.issues[0]?.message ?? 'unexpected shape');
  const { data, model, usage } = parsed.data;
  return ok({
    ...(model ? { model } : {}),
    results: data.map((d) => ({
      index: d.index,
      relevanceScore: d.relevance_score,
      ...(d.document !== undefined ? { document: d.document } : {}),
    })),
    ...(usage?.total_tokens !== undefined ? { usage: rerankUsage(usage.total_tokens, usage) } : {}),
  });
}
