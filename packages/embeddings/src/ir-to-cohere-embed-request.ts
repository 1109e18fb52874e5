import type { IrWarning, Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import type { CohereEmbedRequest } from './cohere-embed-schema.js';
import type { IrEmbeddingRequest } from './embedding-ir.js';
import { textInputs } from './embedding-ir.js';
import { taskToWire } from './embedding-task-to-wire.js';
import { COHERE_INPUT_TYPE_TO_IR, IR_TASK_TO_COHERE } from './map/cohere-input-type.js';

/**
 * IR -> Cohere `/v2/embed` body with `embedding_types: ["float"]`. Cohere requires an
 * `input_type`: without a task (or with one Cohere lacks) `search_document` is sent, with an
 * `approximated` warning. Token arrays are refused (400).
 */
export function irToCohereEmbedRequest(ir: IrEmbeddingRequest): Result<CohereEmbedRequest> {
  const warnings: IrWarning[] = [];
  const texts = textInputs(ir, 'Cohere');
  let inputType = taskToWire(
    ir.taskType,
    { toWire: IR_TASK_TO_COHERE, toIr: COHERE_INPUT_TYPE_TO_IR },
    'taskType',
    'Cohere',
    warnings,
  );
  if (inputType === undefined) {
    inputType = 'search_document';
    if (ir.taskType === undefined)
      warnings.push({
        kind: 'approximated',
        field: 'input_type',
        message: 'Cohere requires an input_type; sent "search_document"',
      });
  }
  return ok(
    {
      ...ir.extensions?.['cohere-v2'],
      model: ir.model,
      texts,
      input_type: inputType,
      embedding_types: ['float'],
      ...(ir.dimensions !== undefined ? { output_dimension: ir.dimensions } : {}),
    },
    warnings,
  );
}
