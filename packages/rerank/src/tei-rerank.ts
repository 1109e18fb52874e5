import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import * as z from 'zod';
import type { IrRerankRequest, IrRerankResponse } from './rerank-ir.js';
import { notARerankAnswer } from './rerank-validation-error.js';

/**
 * Hugging Face text-embeddings-inference (`POST /rerank`): `texts` instead of `documents`, no
 * model (one server serves one model), no top-n (the gateway cuts), no usage; the answer is a
 * bare array of `{index, score, text?}`.
 * @see https://huggingface.github.io/text-embeddings-inference/#/Text%20Embeddings%20Inference/rerank
 */
export interface TeiRerankRequest {
  query: string;
  texts: string[];
  raw_scores?: boolean;
  return_text?: boolean;
  truncate?: boolean;
}

/** A TEI rerank answer, read leniently. */
export const teiRerankResponseSchema = z.array(
  z.looseObject({ index: z.number().int().nonnegative(), score: z.number(), text: z.string().nullable().optional() }),
);

/** IR -> TEI rerank body (`truncate` carried from the caller's extras). */
export function irToTeiRerankRequest(ir: IrRerankRequest): Result<TeiRerankRequest> {
  const truncate = ir.extensions?.rerank?.truncate;
  return ok({ query: ir.query, texts: [...ir.documents], ...(typeof truncate === 'boolean' ? { truncate } : {}) });
}

/** A TEI rerank answer -> IR. */
export function teiRerankResponseToIr(wire: unknown): Result<IrRerankResponse> {
  const parsed = teiRerankResponseSchema.safeParse(wire);
  if (!parsed.success)
    throw notARerankAnswer('text-embeddings-inference', parsed.error.issues[0]?.message ?? 'unexpected shape');
  return ok({ results: parsed.data.map((r) => ({ index: r.index, relevanceScore: r.score })) });
}
