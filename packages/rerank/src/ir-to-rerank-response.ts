import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import type { IrRerankResponse } from './rerank-ir.js';
import type { RerankResponse } from './rerank-schema.js';

/** What the answer reports beside the results. */
export interface RerankAnswerOptions {
  /** The answer's id (the gateway passes its request id when the upstream gave none). */
  id?: string;
  /** The model name to report (the name the caller used). */
  model?: string;
}

/**
 * IR -> the gateway's rerank answer: `results[{index, relevance_score, document?:{text}}]`,
 * `usage` (Jina / OpenAI-style clients) and `meta.tokens` only when tokens are known, and
 * `meta.billed_units` (Cohere-style clients) with what the upstream billed.
 * @see https://docs.cohere.com/reference/rerank
 */
export function irToRerankResponse(ir: IrRerankResponse, options: RerankAnswerOptions = {}): Result<RerankResponse> {
  const tokens = ir.usage?.inputTokens;
  return ok({
    id: options.id ?? ir.id ?? '',
    model: options.model ?? ir.model ?? '',
    results: ir.results.map((r) => ({
      index: r.index,
      relevance_score: r.relevanceScore,
      ...(r.document !== undefined ? { document: { text: r.document } } : {}),
    })),
    ...(tokens !== undefined ? { usage: { prompt_tokens: tokens, completion_tokens: 0, total_tokens: tokens } } : {}),
    meta: {
      billed_units: {
        ...(ir.searchUnits !== undefined ? { search_units: ir.searchUnits } : {}),
        ...(tokens !== undefined ? { total_tokens: tokens } : {}),
      },
      ...(tokens !== undefined ? { tokens: { input_tokens: tokens, output_tokens: 0 } } : {}),
    },
  });
}
