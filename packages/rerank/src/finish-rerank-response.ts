import type { Result } from '@interlingua/ir';
import { IrError, ok } from '@interlingua/ir';
import type { IrRerankRequest, IrRerankResponse } from './rerank-ir.js';

/**
 * Makes an upstream's answer the answer to `request`: results sorted by score (best first,
 * ties by index), cut to `topN` (TEI has no such parameter), each document's text attached from
 * the request when `returnDocuments` (Cohere v2 returns none) and removed otherwise. An index
 * outside the request's documents, or one given twice, is an `upstream-error`.
 */
export function finishRerankResponse(response: IrRerankResponse, request: IrRerankRequest): Result<IrRerankResponse> {
  const seen = new Set<number>();
  for (const result of response.results) {
    if (result.index >= request.documents.length || seen.has(result.index)) {
      throw new IrError({
        kind: 'upstream-error',
        message: `The upstream answered a result for document ${result.index}, which the request did not hold once`,
        source: 'upstream',
      });
    }
    seen.add(result.index);
  }
  const sorted = [...response.results].sort((a, b) => b.relevanceScore - a.relevanceScore || a.index - b.index);
  const kept = request.topN !== undefined ? sorted.slice(0, request.topN) : sorted;
  const results = kept.map(({ index, relevanceScore }) => ({
    index,
    relevanceScore,
    ...(request.returnDocuments ? { document: request.documents[index] as string } : {}),
  }));
  return ok({ ...response, results });
}
