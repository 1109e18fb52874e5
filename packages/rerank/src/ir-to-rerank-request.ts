import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import type { IrRerankRequest } from './rerank-ir.js';
import type { RerankRequest } from './rerank-schema.js';

/** IR -> `/v1/rerank` body (Cohere / Jina shape, string documents), e.g. to call this gateway. */
export function irToRerankRequest(ir: IrRerankRequest): Result<RerankRequest> {
  return ok({
    ...ir.extensions?.rerank,
    model: ir.model,
    query: ir.query,
    documents: [...ir.documents],
    ...(ir.topN !== undefined ? { top_n: ir.topN } : {}),
    ...(ir.returnDocuments !== undefined ? { return_documents: ir.returnDocuments } : {}),
  });
}
