import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import type { CohereEmbedResponse } from './cohere-embed-schema.js';
import type { IrEmbeddingResponse } from './embedding-ir.js';

/** IR -> Cohere `/v2/embed` answer (`embeddings_by_type` with `float`). */
export function irToCohereEmbedResponse(ir: IrEmbeddingResponse): Result<CohereEmbedResponse> {
  return ok({
    id: ir.id ?? '',
    embeddings: { float: ir.vectors },
    meta: {
      api_version: { version: '2' },
      ...(ir.usage ? { billed_units: { input_tokens: ir.usage.inputTokens } } : {}),
    },
    response_type: 'embeddings_by_type',
  });
}
