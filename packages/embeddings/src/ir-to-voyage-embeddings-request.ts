import type { IrWarning, Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import type { IrEmbeddingRequest } from './embedding-ir.js';
import { textInputs } from './embedding-ir.js';
import { taskToWire } from './embedding-task-to-wire.js';
import { IR_TASK_TO_VOYAGE, VOYAGE_INPUT_TYPE_TO_IR } from './map/voyage-input-type.js';
import type { VoyageEmbeddingsRequest } from './voyage-embeddings-schema.js';

/**
 * IR -> Voyage `/v1/embeddings` body. Vectors are always asked as floats (the gateway encodes
 * base64 itself); token arrays are refused (400).
 */
export function irToVoyageEmbeddingsRequest(ir: IrEmbeddingRequest): Result<VoyageEmbeddingsRequest> {
  const warnings: IrWarning[] = [];
  const input = textInputs(ir, 'Voyage');
  const inputType = taskToWire(
    ir.taskType,
    { toWire: IR_TASK_TO_VOYAGE, toIr: VOYAGE_INPUT_TYPE_TO_IR },
    'taskType',
    'Voyage',
    warnings,
  );
  return ok(
    {
      ...ir.extensions?.voyage,
      model: ir.model,
      input,
      ...(inputType ? { input_type: inputType } : {}),
      ...(ir.dimensions !== undefined ? { output_dimension: ir.dimensions } : {}),
    },
    warnings,
  );
}
