import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { notAnEmbeddingsAnswer, vectorsFromDataList } from './embedding-data-list.js';
import type { IrEmbeddingResponse } from './embedding-ir.js';
import { embeddingUsage } from './embedding-ir.js';
import { jinaEmbeddingsResponseSchema } from './jina-embeddings-schema.js';

/** A Jina embeddings answer -> IR (usage from `usage.prompt_tokens`, else `total_tokens`). */
export function jinaEmbeddingsResponseToIr(wire: unknown): Result<IrEmbeddingResponse> {
  const parsed = jinaEmbeddingsResponseSchema.safeParse(wire);
  if (!parsed.success) throw notAnEmbeddingsAnswer('Jina', parsed.error.issues[0]?.message ?? 'unexpected shape');
  const { data, model, usage } = parsed.data;
  const tokens = usage?.prompt_tokens ?? usage?.total_tokens;
  return ok({
    vectors: vectorsFromDataList(data, 'Jina'),
    ...(model ? { model } : {}),
    ...(tokens !== undefined ? { usage: embeddingUsage(tokens, usage) } : {}),
  });
}
