import { rerankUsage, type IrRerankRequest, type IrRerankResponse } from '@interlingua/rerank';
import { mockWords } from './mock-embeddings.js';

/**
 * The `mock` provider's rerank: a document's `relevance_score` is the share of the query's
 * distinct words (`mockWords`) that it contains, from 0 to 1 (0 for a query without words).
 * Results come in document order; the gateway sorts and cuts them. Usage: ceil(characters / 4)
 * of the query once per document plus each document.
 */
export function mockRerank(request: IrRerankRequest): IrRerankResponse {
  const query = new Set(mockWords(request.query));
  const results = request.documents.map((document, index) => {
    const words = new Set(mockWords(document));
    const shared = [...query].filter((word) => words.has(word)).length;
    return { index, relevanceScore: query.size === 0 ? 0 : shared / query.size };
  });
  const queryTokens = Math.ceil(request.query.length / 4);
  const inputTokens = request.documents.reduce(
    (sum, document) => sum + queryTokens + Math.ceil(document.length / 4),
    0,
  );
  return { model: request.model, results, usage: rerankUsage(inputTokens, { total_tokens: inputTokens }) };
}
