import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { dataListFromVectors } from './embedding-data-list.js';
import type { IrEmbeddingResponse } from './embedding-ir.js';
import type { EmbeddingAnswerOptions } from './ir-to-openai-embeddings-response.js';
import type { VoyageEmbeddingsResponse } from './voyage-embeddings-schema.js';

/** IR -> Voyage embeddings answer (base64 when the caller asked `encoding_format: "base64"`). */
export function irToVoyageEmbeddingsResponse(
  ir: IrEmbeddingResponse,
  options: EmbeddingAnswerOptions = {},
): Result<VoyageEmbeddingsResponse> {
  return ok({
    object: 'list',
    data: dataListFromVectors(ir.vectors, options.encodingFormat),
    model: options.model ?? ir.model ?? '',
    usage: { total_tokens: ir.usage?.inputTokens ?? 0 },
  });
}
