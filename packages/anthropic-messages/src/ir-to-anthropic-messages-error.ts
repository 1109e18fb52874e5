import type { IrErrorData } from '@interlingua/ir';
import { errorKindForSentStatus, errorStatus } from '@interlingua/ir';
import { anthropicErrorBodySchema } from './anthropic-messages-error-schema.js';
import type { AnthropicErrorBody } from './anthropic-messages-strict-error-schema.js';
import {
  ANTHROPIC_ERROR_TYPE_STATUS,
  ANTHROPIC_ERROR_TYPE_TO_IR,
  IR_ERROR_KIND_TO_ANTHROPIC,
  isAnthropicErrorType,
  type AnthropicErrorType,
} from './map/anthropic-error-type.js';

/**
 * The wire error type: the upstream's own Anthropic type when it still means the same kind. With
 * the HTTP status sent, the type agrees with it (an upstream 400 about a missing model is an
 * `invalid_request_error`, never a `not_found_error` under 400).
 */
export function anthropicErrorTypeOf(error: IrErrorData, sentStatus?: number): AnthropicErrorType {
  const kind = sentStatus === undefined ? error.kind : errorKindForSentStatus(error, sentStatus);
  const raw = anthropicErrorBodySchema.safeParse(error.raw);
  const rawType = raw.success ? raw.data.error.type : undefined;
  if (isAnthropicErrorType(rawType) && ANTHROPIC_ERROR_TYPE_TO_IR[rawType] === kind) return rawType;
  return IR_ERROR_KIND_TO_ANTHROPIC[kind].type;
}

/** The `{type, message}` object of an Anthropic error body (sent with `sentStatus`) or in-band `error` event. */
export function anthropicErrorObject(error: IrErrorData, sentStatus?: number): AnthropicErrorBody['error'] {
  return { type: anthropicErrorTypeOf(error, sentStatus), message: error.message };
}

/**
 * IR error -> `{status, body}` in Anthropic's shape (`{type:'error', error:{type, message}}`).
 * The status is `errorStatus(error)`: the error's own, else the kind's (the same as the table's);
 * an overload is always 529, the status Anthropic pairs with `overloaded_error` (an OpenAI or
 * Gemini upstream says 503).
 */
export function irToAnthropicError(error: IrErrorData): { status: number; body: AnthropicErrorBody } {
  const status = error.kind === 'overloaded' ? ANTHROPIC_ERROR_TYPE_STATUS.overloaded_error : errorStatus(error);
  const body: AnthropicErrorBody = { type: 'error', error: anthropicErrorObject(error, status) };
  const raw = anthropicErrorBodySchema.safeParse(error.raw);
  if (raw.success && typeof raw.data.request_id === 'string') body.request_id = raw.data.request_id;
  return { status, body };
}
