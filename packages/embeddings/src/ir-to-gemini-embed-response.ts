import type { IrWarning, Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import type { IrEmbeddingResponse } from './embedding-ir.js';
import type { GeminiBatchEmbedResponse, GeminiEmbedResponse } from './gemini-embed-schema.js';

/** IR -> `:batchEmbedContents` answer (vectors in request order; Gemini's shape has no usage). */
export function irToGeminiBatchEmbedResponse(ir: IrEmbeddingResponse): Result<GeminiBatchEmbedResponse> {
  return ok({ embeddings: ir.vectors.map((values) => ({ values })) });
}

/** IR -> `:embedContent` answer (the first vector). */
export function irToGeminiEmbedResponse(ir: IrEmbeddingResponse): Result<GeminiEmbedResponse> {
  const warnings: IrWarning[] = [];
  if (ir.vectors.length > 1)
    warnings.push({
      kind: 'dropped',
      field: 'embedding',
      message: 'embedContent answers one vector; the others were dropped',
    });
  return ok({ embedding: { values: ir.vectors[0] ?? [] } }, warnings);
}
