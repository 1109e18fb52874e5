import type { Result } from '@interlingua/ir';
import { ok, unsupported } from '@interlingua/ir';
import type { IrEmbeddingRequest } from './embedding-ir.js';
import { taskFromWire } from './embedding-task-to-wire.js';
import { parseEmbeddingsWire, unknownFields } from './embeddings-validation-error.js';
import { jinaEmbeddingsRequestSchema } from './jina-embeddings-schema.js';
import { JINA_TASK_TO_IR } from './map/jina-task.js';

const KNOWN = ['model', 'input', 'task', 'dimensions', 'embedding_type'];

/**
 * Jina `/v1/embeddings` body -> IR. Strings and `{text}` objects convert; images and
 * `embedding_type` other than float/base64 are `unsupported`. `late_chunking`, `normalized`,
 * `truncate` and unknown fields stay under `extensions.jina`.
 */
export function jinaEmbeddingsRequestToIr(wire: unknown): Result<IrEmbeddingRequest> {
  const body = parseEmbeddingsWire(jinaEmbeddingsRequestSchema, wire, 'Jina embeddings request');
  const items = typeof body.input === 'string' ? [body.input] : body.input;
  const inputs = items.map((item, i) => {
    if (typeof item === 'string') return item;
    if ('text' in item && typeof item.text === 'string') return item.text;
    throw unsupported(`input[${i}]: only text inputs can be converted`, `input[${i}]`);
  });
  const type = body.embedding_type;
  if (type !== undefined && type !== 'float' && type !== 'base64') {
    throw unsupported(`embedding_type: only "float" or "base64" can be converted`, 'embedding_type');
  }
  const taskType = taskFromWire(body.task, JINA_TASK_TO_IR);
  const extras = unknownFields(body, KNOWN);
  return ok({
    model: body.model,
    inputs,
    ...(body.dimensions !== undefined ? { dimensions: body.dimensions } : {}),
    ...(taskType ? { taskType } : {}),
    ...(type === 'base64' ? { encodingFormat: 'base64' as const } : {}),
    ...(extras ? { extensions: { jina: extras } } : {}),
  });
}
