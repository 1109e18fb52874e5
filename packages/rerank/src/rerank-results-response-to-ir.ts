import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import type { IrRerankResponse } from './rerank-ir.js';
import { rerankUsage } from './rerank-ir.js';
import { rerankResultsResponseSchema } from './rerank-schema.js';
import { notARerankAnswer } from './rerank-validation-error.js';

/**
 * A `results[]` answer -> IR: Cohere v2 (`meta.billed_units.search_units`), Jina, Together and
 * vLLM (`usage.total_tokens` / `prompt_tokens`), and this gateway's own. Documents are read as
 * text (`document` string or `{text}`). Order is kept as sent; `finishRerankResponse` sorts.
 */
export function rerankResultsResponseToIr(wire: unknown, wireName = 'rerank'): Result<IrRerankResponse> {
  const parsed = rerankResultsResponseSchema.safeParse(wire);
  if (!parsed.success) throw notARerankAnswer(wireName, parsed.error.issues[0]?.message ?? 'unexpected shape');
  const { id, model, results, usage, meta } = parsed.data;
  const tokens =
    usage?.prompt_tokens ?? usage?.total_tokens ?? meta?.billed_units?.input_tokens ?? meta?.billed_units?.total_tokens;
  const searchUnits = meta?.billed_units?.search_units;
  return ok({
    ...(id ? { id } : {}),
    ...(model ? { model } : {}),
    results: results.map((result) => {
      const text = typeof result.document === 'string' ? result.document : result.document?.text;
      return {
        index: result.index,
        relevanceScore: result.relevance_score,
        ...(text !== undefined ? { document: text } : {}),
      };
    }),
    ...(tokens !== undefined ? { usage: rerankUsage(tokens, usage ?? meta?.billed_units) } : {}),
    ...(searchUnits !== undefined ? { searchUnits } : {}),
  });
}
