import type { Result } from '@interlingua/ir';
import { invalidRequest, ok, unsupported } from '@interlingua/ir';
import type { IrEmbeddingRequest } from './embedding-ir.js';
import { taskFromWire } from './embedding-task-to-wire.js';
import { cohereEmbedRequestSchema } from './cohere-embed-schema.js';
import { parseEmbeddingsWire, unknownFields } from './embeddings-validation-error.js';
import { COHERE_INPUT_TYPE_TO_IR } from './map/cohere-input-type.js';

const KNOWN = ['model', 'input_type', 'texts', 'images', 'inputs', 'embedding_types', 'output_dimension'];

/**
 * Cohere `/v2/embed` body -> IR. Only `texts` and float embeddings convert (images, mixed
 * `inputs` and integer/binary types are refused as `unsupported`); `max_tokens`, `truncate` and
 * unknown fields stay under `extensions['cohere-v2']`.
 */
export function cohereEmbedRequestToIr(wire: unknown): Result<IrEmbeddingRequest> {
  const body = parseEmbeddingsWire(cohereEmbedRequestSchema, wire, 'Cohere embed request');
  if (body.images !== undefined || body.inputs !== undefined || body.input_type === 'image') {
    throw unsupported(
      'images / inputs: only text embeddings (texts) can be converted',
      body.images ? 'images' : 'inputs',
    );
  }
  if (!body.texts) throw invalidRequest('texts: required (an array of strings)', 'texts');
  const other = body.embedding_types?.find((type) => type !== 'float');
  if (other) throw unsupported(`embedding_types: only "float" can be converted, not "${other}"`, 'embedding_types');
  const taskType = taskFromWire(body.input_type, COHERE_INPUT_TYPE_TO_IR);
  const extras = unknownFields(body, KNOWN);
  return ok({
    model: body.model,
    inputs: body.texts,
    ...(body.output_dimension !== undefined ? { dimensions: body.output_dimension } : {}),
    ...(taskType ? { taskType } : {}),
    ...(extras ? { extensions: { 'cohere-v2': extras } } : {}),
  });
}
