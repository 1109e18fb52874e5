import type { IrWarning, Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import type { IrEmbeddingRequest } from './embedding-ir.js';
import { isTokenInputs } from './embedding-ir.js';
import type { OpenAiEmbeddingsRequest } from './openai-embeddings-schema.js';

/**
 * IR -> OpenAI `/v1/embeddings` body. Token arrays travel as they are; `extensions.openai`
 * (`user`, `input_type`, unknown fields) is restored. A task type with no `input_type` in the
 * extensions is dropped with a warning: OpenAI embeddings take no task.
 */
export function irToOpenAiEmbeddingsRequest(ir: IrEmbeddingRequest): Result<OpenAiEmbeddingsRequest> {
  const warnings: IrWarning[] = [];
  const extras = ir.extensions?.openai ?? {};
  if (ir.taskType !== undefined && extras.input_type === undefined) {
    warnings.push({
      kind: 'dropped',
      field: 'taskType',
      message: `OpenAI embeddings take no task type ("${ir.taskType}" not sent)`,
    });
  }
  const input = isTokenInputs(ir.inputs) ? ir.inputs : [...ir.inputs];
  return ok(
    {
      ...extras,
      model: ir.model,
      input,
      ...(ir.encodingFormat ? { encoding_format: ir.encodingFormat } : {}),
      ...(ir.dimensions !== undefined ? { dimensions: ir.dimensions } : {}),
    },
    warnings,
  );
}
