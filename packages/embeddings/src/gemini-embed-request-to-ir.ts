import type { Result } from '@interlingua/ir';
import { invalidRequest, ok, unsupported } from '@interlingua/ir';
import type { IrEmbeddingRequest, IrEmbeddingTask } from './embedding-ir.js';
import { parseEmbeddingsWire } from './embeddings-validation-error.js';
import type { GeminiEmbedRequest } from './gemini-embed-schema.js';
import { geminiBatchEmbedRequestSchema, geminiEmbedRequestSchema } from './gemini-embed-schema.js';
import { GEMINI_TASK_TYPE_TO_IR } from './map/gemini-embed-task-type.js';
import { taskFromWire } from './embedding-task-to-wire.js';

/**
 * `:batchEmbedContents` body -> IR: one input per request. The IR holds one task, dimension and
 * title, so every request must agree on them (the `@google/genai` SDK always sends them alike).
 * `model` is read from the first request without `models/` (`''` when absent: the gateway sets
 * it from the URL). Throws `invalid-request` naming the bad field.
 */
export function geminiBatchEmbedRequestToIr(wire: unknown): Result<IrEmbeddingRequest> {
  const body = parseEmbeddingsWire(geminiBatchEmbedRequestSchema, wire, 'Gemini batchEmbedContents request');
  const first = body.requests[0] as GeminiEmbedRequest;
  body.requests.forEach((request, i) => {
    for (const field of ['taskType', 'outputDimensionality', 'title'] as const) {
      if (request[field] !== first[field])
        throw invalidRequest(
          `requests[${i}].${field}: every request of a batch must use the same ${field}`,
          `requests[${i}].${field}`,
        );
    }
  });
  const inputs = body.requests.map((request, i) => contentText(request, `requests[${i}].content`));
  return ok(embedRequestIr(first, inputs, 'requests[0].taskType'));
}

/** `:embedContent` body -> IR with one input (the text parts joined by newlines). */
export function geminiEmbedRequestToIr(wire: unknown): Result<IrEmbeddingRequest> {
  const body = parseEmbeddingsWire(geminiEmbedRequestSchema, wire, 'Gemini embedContent request');
  return ok(embedRequestIr(body, [contentText(body, 'content')], 'taskType'));
}

function embedRequestIr(request: GeminiEmbedRequest, inputs: string[], taskField: string): IrEmbeddingRequest {
  const taskType = readTask(request.taskType, taskField);
  return {
    model: (request.model ?? '').replace(/^models\//, ''),
    inputs,
    ...(request.outputDimensionality !== undefined ? { dimensions: request.outputDimensionality } : {}),
    ...(taskType ? { taskType } : {}),
    ...(request.title !== undefined ? { extensions: { gemini: { title: request.title } } } : {}),
  };
}

function readTask(value: string | undefined, field: string): IrEmbeddingTask | undefined {
  if (value === undefined || value === 'TASK_TYPE_UNSPECIFIED') return undefined;
  const task = taskFromWire(value, GEMINI_TASK_TYPE_TO_IR);
  if (!task)
    throw invalidRequest(
      `${field}: unknown task type "${value}"; use one of ${Object.keys(GEMINI_TASK_TYPE_TO_IR).join(', ')}`,
      field,
    );
  return task;
}

function contentText(request: GeminiEmbedRequest, field: string): string {
  const texts: string[] = [];
  request.content.parts.forEach((part, i) => {
    if (part.text === undefined)
      throw unsupported(
        `${field}.parts[${i}]: only text parts can be embedded through the gateway's translation`,
        `${field}.parts[${i}]`,
      );
    texts.push(part.text);
  });
  return texts.join('\n');
}
