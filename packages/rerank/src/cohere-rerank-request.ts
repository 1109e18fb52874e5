import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import type { IrRerankRequest } from './rerank-ir.js';

/**
 * Cohere Rerank API v2 (`POST /v2/rerank`): string documents only, `top_n`,
 * `max_tokens_per_doc`; the answer has no documents (the gateway attaches them).
 * @see https://docs.cohere.com/reference/rerank
 */
export interface CohereRerankRequest {
  model: string;
  query: string;
  documents: string[];
  top_n?: number;
  max_tokens_per_doc?: number;
}

/** IR -> Cohere v2 rerank body; `max_tokens_per_doc` is carried from the caller's extras. */
export function irToCohereRerankRequest(ir: IrRerankRequest): Result<CohereRerankRequest> {
  const maxTokens = ir.extensions?.rerank?.max_tokens_per_doc;
  return ok({
    model: ir.model,
    query: ir.query,
    documents: [...ir.documents],
    ...(ir.topN !== undefined ? { top_n: ir.topN } : {}),
    ...(typeof maxTokens === 'number' ? { max_tokens_per_doc: maxTokens } : {}),
  });
}
