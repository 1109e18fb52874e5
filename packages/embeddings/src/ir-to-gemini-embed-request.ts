import type { IrWarning, Result } from '@interlingua/ir';
import { ok } from '@interlingua/ir';
import type { IrEmbeddingRequest } from './embedding-ir.js';
import { textInputs } from './embedding-ir.js';
import { taskToWire } from './embedding-task-to-wire.js';
import type { GeminiBatchEmbedRequest, GeminiEmbedRequest } from './gemini-embed-schema.js';
import { GEMINI_TASK_TYPE_TO_IR, IR_TASK_TO_GEMINI } from './map/gemini-embed-task-type.js';

/**
 * IR -> `:batchEmbedContents` body: one request per input, each naming `models/<model>`. Token
 * arrays are refused (400). `extensions.gemini.title` is restored.
 */
export function irToGeminiBatchEmbedRequest(ir: IrEmbeddingRequest): Result<GeminiBatchEmbedRequest> {
  const warnings: IrWarning[] = [];
  const texts = textInputs(ir, 'Gemini');
  const shared = sharedFields(ir, warnings);
  const model = `models/${ir.model.replace(/^models\//, '')}`;
  return ok({ requests: texts.map((text) => ({ model, content: { parts: [{ text }] }, ...shared })) }, warnings);
}

/** IR with one input -> `:embedContent` body (more than one input is a batch: use the batch form). */
export function irToGeminiEmbedRequest(ir: IrEmbeddingRequest): Result<GeminiEmbedRequest> {
  const warnings: IrWarning[] = [];
  const [text, ...rest] = textInputs(ir, 'Gemini');
  if (rest.length > 0)
    warnings.push({
      kind: 'dropped',
      field: 'input',
      message: 'embedContent embeds one content; use batchEmbedContents for several inputs',
    });
  return ok({ content: { parts: [{ text: text ?? '' }] }, ...sharedFields(ir, warnings) }, warnings);
}

function sharedFields(ir: IrEmbeddingRequest, warnings: IrWarning[]): Omit<GeminiEmbedRequest, 'content' | 'model'> {
  const taskType = taskToWire(
    ir.taskType,
    { toWire: IR_TASK_TO_GEMINI, toIr: GEMINI_TASK_TYPE_TO_IR },
    'taskType',
    'Gemini',
    warnings,
  );
  const title = ir.extensions?.gemini?.title;
  return {
    ...(taskType ? { taskType } : {}),
    ...(typeof title === 'string' ? { title } : {}),
    ...(ir.dimensions !== undefined ? { outputDimensionality: ir.dimensions } : {}),
  };
}
