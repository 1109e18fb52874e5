import type { Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import type { IrEmbeddingRequest } from './embedding-ir.js';
import { parseEmbeddingsWire, unknownFields } from './embeddings-validation-error.js';
import { openAiInputTypeToIr } from './map/openai-input-type.js';
import { openAiEmbeddingsRequestSchema } from './openai-embeddings-schema.js';

const KNOWN = ['model', 'input', 'encoding_format', 'dimensions'];

/**
 * OpenAI `/v1/embeddings` body -> IR. `user`, a non-standard `input_type` and unknown fields
 * are kept under `extensions.openai` (an accepted `input_type` spelling also sets `taskType`).
 * Throws an `invalid-request` IrError naming the bad field.
 */
export function openAiEmbeddingsRequestToIr(wire: unknown): Result<IrEmbeddingRequest> {
  const body = parseEmbeddingsWire(openAiEmbeddingsRequestSchema, wire, 'OpenAI embeddings request');
  const input = body.input;
  const inputs: string[] | number[][] =
    typeof input === 'string'
      ? [input]
      : input.length > 0 && typeof input[0] === 'number'
        ? [input as number[]]
        : (input as string[] | number[][]);
  const extras = unknownFields(body, KNOWN);
  const taskType = openAiInputTypeToIr(body.input_type);
  return ok({
    model: body.model,
    inputs,
    ...(body.dimensions !== undefined ? { dimensions: body.dimensions } : {}),
    ...(taskType ? { taskType } : {}),
    ...(body.encoding_format ? { encodingFormat: body.encoding_format } : {}),
    ...(extras ? { extensions: { openai: extras } } : {}),
  });
}
