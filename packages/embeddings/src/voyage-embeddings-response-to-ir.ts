import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { notAnEmbeddingsAnswer, vectorsFromDataList } from './embedding-data-list.js';
import type { IrEmbeddingResponse } from './embedding-ir.js';
import { embeddingUsage } from './embedding-ir.js';
import { voyageEmbeddingsResponseSchema } from './voyage-embeddings-schema.js';

/** A Voyage embeddings answer -> IR (usage from `usage.total_tokens`). */
export function voyageEmbeddingsResponseToIr(wire: unknown): Result<IrEmbeddingResponse> {
  const parsed = voyageEmbeddingsResponseSchema.safeParse(wire);
  if (!parsed.success) throw notAnEmbeddingsAnswer('Voyage', parsed.error.issues[0]?.message ?? 'unexpected shape');
  const { data, model, usage } = parsed.data;
  return ok({
    vectors: vectorsFromDataList(data, 'Voyage'),
    ...(model ? { model } : {}),
    ...(usage?.total_tokens !== undefined ? { usage: embeddingUsage(usage.total_tokens, usage) } : {}),
  });
}
