import type { IrWarning, Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import type { IrEmbeddingRequest } from './embedding-ir.js';
import { textInputs } from './embedding-ir.js';
import { taskToWire } from './embedding-task-to-wire.js';
import type { JinaEmbeddingsRequest } from './jina-embeddings-schema.js';
import { IR_TASK_TO_JINA, JINA_TASK_TO_IR } from './map/jina-task.js';

/**
 * IR -> Jina `/v1/embeddings` body (`input` as strings, floats asked). Token arrays are
 * refused (400).
 */
export function irToJinaEmbeddingsRequest(ir: IrEmbeddingRequest): Result<JinaEmbeddingsRequest> {
  const warnings: IrWarning[] = [];
  const input = textInputs(ir, 'Jina');
  const task = taskToWire(
    ir.taskType,
    { toWire: IR_TASK_TO_JINA, toIr: JINA_TASK_TO_IR },
    'taskType',
    'Jina',
    warnings,
  );
  return ok(
    {
      ...ir.extensions?.jina,
      model: ir.model,
      input,
      ...(task ? { task } : {}),
      ...(ir.dimensions !== undefined ? { dimensions: ir.dimensions } : {}),
    },
    warnings,
  );
}
