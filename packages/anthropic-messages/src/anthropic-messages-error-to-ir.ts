import type { IrErrorData } from '@interlingua/ir';
import { errorKindForStatus } from '@interlingua/ir';
import { anthropicErrorBodySchema } from './anthropic-messages-error-schema.js';
import { ANTHROPIC_ERROR_TYPE_TO_IR, isAnthropicErrorType } from './map/anthropic-error-type.js';

function messageOf(value: unknown, status: number): string {
  if (typeof value === 'string' && value !== '') return value;
  if (value === undefined || value === null) return `Upstream error (HTTP ${status})`;
  return JSON.stringify(value);
}

/** `messages.0: …` / `model: …` -> the field the message names first. */
function paramOf(message: string): string | undefined {
  return /^([A-Za-z_][\w.[\]]*): /.exec(message)?.[1];
}

function bodyText(body: unknown, status: number): string {
  if (typeof body === 'string' && body.trim() !== '') return body.length > 500 ? `${body.slice(0, 500)}…` : body;
  return `Upstream error (HTTP ${status})`;
}

/**
 * Anthropic error body -> IR error: kind from `error.type` first, from the HTTP status second;
 * the body is kept in `raw`. Bodies that are not Anthropic errors still give an error.
 */
export function anthropicErrorToIr(status: number, body: unknown): IrErrorData {
  const parsed = anthropicErrorBodySchema.safeParse(body);
  if (!parsed.success) {
    return { kind: errorKindForStatus(status), message: bodyText(body, status), status, source: 'upstream', raw: body };
  }
  const { error } = parsed.data;
  const kind = isAnthropicErrorType(error.type) ? ANTHROPIC_ERROR_TYPE_TO_IR[error.type] : errorKindForStatus(status);
  const message = messageOf(error.message, status);
  const out: IrErrorData = { kind, message, status, source: 'upstream', raw: body };
  // Only a real error code travels as `code`; Anthropic's `error.type` is already the kind, and
  // as a code it would reach OpenAI callers as `code: "rate_limit_error"`.
  const code = error.details?.error_code;
  if (code !== undefined) out.code = code;
  const param = paramOf(message);
  if (param !== undefined) out.param = param;
  return out;
}
