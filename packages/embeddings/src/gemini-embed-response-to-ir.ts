import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { notAnEmbeddingsAnswer } from './embedding-data-list.js';
import type { IrEmbeddingResponse } from './embedding-ir.js';
import { geminiBatchEmbedResponseSchema, geminiEmbedResponseSchema } from './gemini-embed-schema.js';

/**
 * A Gemini embeddings answer -> IR: `{embeddings:[{values}]}` (batch) or `{embedding:{values}}`.
 * Gemini reports no token usage. Throws `upstream-error` for anything else.
 */
export function geminiEmbedResponseToIr(wire: unknown): Result<IrEmbeddingResponse> {
  const batch = geminiBatchEmbedResponseSchema.safeParse(wire);
  if (batch.success) return ok({ vectors: batch.data.embeddings.map((e) => e.values) });
  const single = geminiEmbedResponseSchema.safeParse(wire);
  if (single.success) return ok({ vectors: [single.data.embedding.values] });
  throw notAnEmbeddingsAnswer('Gemini', batch.error.issues[0]?.message ?? 'unexpected shape');
}
