import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { cohereEmbedResponseSchema } from './cohere-embed-schema.js';
import { notAnEmbeddingsAnswer } from './embedding-data-list.js';
import type { IrEmbeddingResponse } from './embedding-ir.js';
import { embeddingUsage } from './embedding-ir.js';

/**
 * A Cohere `/v2/embed` answer -> IR: `embeddings.float`, usage from `meta.billed_units.input_tokens`.
 * Throws `upstream-error` when the answer holds no float embeddings.
 */
export function cohereEmbedResponseToIr(wire: unknown): Result<IrEmbeddingResponse> {
  const parsed = cohereEmbedResponseSchema.safeParse(wire);
  if (!parsed.success) throw notAnEmbeddingsAnswer('Cohere', parsed.error.issues[0]?.message ?? 'unexpected shape');
  const vectors = parsed.data.embeddings.float;
  if (!vectors) throw notAnEmbeddingsAnswer('Cohere', 'no embeddings.float in the answer');
  const billed = parsed.data.meta?.billed_units;
  return ok({
    vectors,
    ...(parsed.data.id ? { id: parsed.data.id } : {}),
    ...(billed?.input_tokens !== undefined ? { usage: embeddingUsage(billed.input_tokens, billed) } : {}),
  });
}
