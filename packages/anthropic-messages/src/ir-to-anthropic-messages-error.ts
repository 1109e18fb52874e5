import type { IrErrorData } from '@interlingua/ir';
import { errorStatus } from '@interlingua/ir';
import { anthropicErrorBodySchema, type AnthropicErrorBody } from './anthropic-messages-error-schema.js';
import {
  ANTHROPIC_ERROR_TYPE_STATUS,
  ANTHROPIC_ERROR_TYPE_TO_IR,
  IR_ERROR_KIND_TO_ANTHROPIC,
  isAnthropicErrorType,
  type AnthropicErrorType,
} from './map/anthropic-error-type.js';

/** The wire error type: the upstream's own Anthropic type when it still means the same kind. */
export function anthropicErrorTypeOf(error: IrErrorData): AnthropicErrorType {
  const raw = anthropicErrorBodySchema.safeParse(error.raw);
  const rawType = raw.success ? raw.data.error.type : undefined;
  if (isAnthropicErrorType(rawType) && ANTHROPIC_ERROR_TYPE_TO_IR[rawType] === error.kind) return rawType;
  return IR_ERROR_KIND_TO_ANTHROPIC[error.kind].type;
}

/** The `{type, message}` object of an Anthropic error body or in-band `error` event. */
export function anthropicErrorObject(error: IrErrorData): AnthropicErrorBody['error'] {
  return { type: anthropicErrorTypeOf(error), message: error.message };
}

/**
 * IR error -> `{status, body}` in Anthropic's shape (`{type:'error', error:{type, message}}`).
 * The status is `errorStatus(error)`: the error's own, else the kind's (the same as the table's);
 * an overload is always 529, the status Anthropic pairs with `overloaded_error` (an OpenAI or
 * Gemini upstream says 503).
 */
export function irToAnthropicError(error: IrErrorData): { status: number; body: AnthropicErrorBody } {
  const status = error.kind === 'overloaded' ? ANTHROPIC_ERROR_TYPE_STATUS.overloaded_error : errorStatus(error);
  const body: AnthropicErrorBody = { type: 'error', error: anthropicErrorObject(error) };
  const raw = anthropicErrorBodySchema.safeParse(error.raw);
  if (raw.success && typeof raw.data.request_id === 'string') body.request_id = raw.data.request_id;
  return { status, body };
}
