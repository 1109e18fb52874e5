import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { dataListFromVectors } from './embedding-data-list.js';
import type { IrEmbeddingResponse } from './embedding-ir.js';
import type { EmbeddingAnswerOptions } from './ir-to-openai-embeddings-response.js';
import type { JinaEmbeddingsResponse } from './jina-embeddings-schema.js';

/** IR -> Jina embeddings answer (base64 when the caller asked `embedding_type: "base64"`). */
export function irToJinaEmbeddingsResponse(
  ir: IrEmbeddingResponse,
  options: EmbeddingAnswerOptions = {},
): Result<JinaEmbeddingsResponse> {
  const tokens = ir.usage?.inputTokens ?? 0;
  return ok({
    model: options.model ?? ir.model ?? '',
    object: 'list',
    usage: { total_tokens: tokens, prompt_tokens: tokens },
    data: dataListFromVectors(ir.vectors, options.encodingFormat),
  });
}
