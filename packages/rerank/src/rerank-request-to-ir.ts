import type { Result } from '@interlingua/ir';
import { invalidRequest, ok } from '@interlingua/ir';
import type { IrRerankRequest } from './rerank-ir.js';
import { rerankRequestSchema } from './rerank-schema.js';
import { parseRerankWire } from './rerank-validation-error.js';

const KNOWN = ['model', 'query', 'documents', 'top_n', 'top_k', 'return_documents'];

/**
 * `/v1/rerank` body -> IR. `{text}` documents are read as their text; `top_k` is an alias of
 * `top_n` (both given and different is a 400); unknown fields (`max_tokens_per_doc`,
 * `rank_fields`, …) stay under `extensions.rerank`. Throws `invalid-request` naming the field.
 */
export function rerankRequestToIr(wire: unknown): Result<IrRerankRequest> {
  const body = parseRerankWire(rerankRequestSchema, wire);
  const topN = body.top_n ?? body.top_k ?? undefined;
  if (body.top_n != null && body.top_k != null && body.top_n !== body.top_k) {
    throw invalidRequest('top_k: give top_n or top_k (the same number), not two different limits', 'top_k');
  }
  const extras: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!KNOWN.includes(key) && value !== undefined) extras[key] = value;
  return ok({
    model: body.model,
    query: body.query,
    documents: body.documents.map((document) => (typeof document === 'string' ? document : document.text)),
    ...(topN !== undefined ? { topN } : {}),
    ...(body.return_documents != null ? { returnDocuments: body.return_documents } : {}),
    ...(Object.keys(extras).length > 0 ? { extensions: { rerank: extras } } : {}),
  });
}
