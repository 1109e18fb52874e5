import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import type { IrRerankRequest } from './rerank-ir.js';

/**
 * Jina-compatible rerank (`POST /v1/rerank`): Jina AI, Together AI, vLLM and other servers that
 * follow Jina's shape. `return_documents` is not sent: its default differs between servers (Jina
 * true, Together false) and the gateway attaches the documents from the request itself.
 * @see https://jina.ai/reranker/
 * @see https://docs.together.ai/reference/rerank-1
 * @see https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html#re-rank-api
 */
export interface JinaRerankRequest {
  model: string;
  query: string;
  documents: string[];
  top_n?: number;
}

/** IR -> Jina-compatible rerank body. */
export function irToJinaRerankRequest(ir: IrRerankRequest): Result<JinaRerankRequest> {
  return ok({
    model: ir.model,
    query: ir.query,
    documents: [...ir.documents],
    ...(ir.topN !== undefined ? { top_n: ir.topN } : {}),
  });
}
