import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import { notAnEmbeddingsAnswer, vectorsFromDataList } from './embedding-data-list.js';
import type { IrEmbeddingResponse } from './embedding-ir.js';
import { embeddingUsage } from './embedding-ir.js';
import { openAiEmbeddingsResponseSchema } from './openai-embeddings-schema.js';

/**
 * An OpenAI(-compatible) embeddings answer -> IR (lenient: extra fields ignored; `embedding`
 * as floats or base64 float32). Throws `upstream-error` when the body is not such an answer.
 */
export function openAiEmbeddingsResponseToIr(wire: unknown): Result<IrEmbeddingResponse> {
  const parsed = openAiEmbeddingsResponseSchema.safeParse(wire);
  if (!parsed.success) throw notAnEmbeddingsAnswer('OpenAI', parsed.error.issues[0]?.message ?? 'unexpected shape');
  const { data, model, usage } = parsed.data;
  const tokens = usage?.prompt_tokens ?? usage?.total_tokens;
  return ok({
    vectors: vectorsFromDataList(data, 'OpenAI'),
    ...(model ? { model } : {}),
    ...(tokens !== undefined ? { usage: embeddingUsage(tokens, usage) } : {}),
  });
}
