import type { Result } from '@interlingua/ir';
import { ok, unsupported } from '@interlingua/ir';
import type { IrEmbeddingRequest } from './embedding-ir.js';
import { taskFromWire } from './embedding-task-to-wire.js';
import { parseEmbeddingsWire, unknownFields } from './embeddings-validation-error.js';
import { VOYAGE_INPUT_TYPE_TO_IR } from './map/voyage-input-type.js';
import { voyageEmbeddingsRequestSchema } from './voyage-embeddings-schema.js';

const KNOWN = ['model', 'input', 'input_type', 'output_dimension', 'output_dtype', 'encoding_format'];

/**
 * Voyage `/v1/embeddings` body -> IR. Only float output converts (`output_dtype` other than
 * `float` is `unsupported`); `truncation` and unknown fields stay under `extensions.voyage`.
 */
export function voyageEmbeddingsRequestToIr(wire: unknown): Result<IrEmbeddingRequest> {
  const body = parseEmbeddingsWire(voyageEmbeddingsRequestSchema, wire, 'Voyage embeddings request');
  if (body.output_dtype !== undefined && body.output_dtype !== 'float') {
    throw unsupported(`output_dtype: only "float" can be converted, not "${body.output_dtype}"`, 'output_dtype');
  }
  const taskType = taskFromWire(body.input_type, VOYAGE_INPUT_TYPE_TO_IR);
  const extras = unknownFields(body, KNOWN);
  return ok({
    model: body.model,
    inputs: typeof body.input === 'string' ? [body.input] : body.input,
    ...(typeof body.output_dimension === 'number' ? { dimensions: body.output_dimension } : {}),
    ...(taskType ? { taskType } : {}),
    ...(body.encoding_format === 'base64' ? { encodingFormat: 'base64' as const } : {}),
    ...(extras ? { extensions: { voyage: extras } } : {}),
  });
}
