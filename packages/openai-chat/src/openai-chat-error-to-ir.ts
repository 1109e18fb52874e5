import type { IrErrorData, IrErrorKind } from '@interlingua/ir';
import { errorKindForStatus } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import {
  OPENAI_CHAT_ERROR_CODE_TO_IR,
  OPENAI_CHAT_ERROR_TYPE_TO_IR,
  OPENAI_CHAT_GENERIC_ERROR_TYPE_TO_IR,
} from './map/openai-chat-error-kind.js';

/** The fields of an OpenAI-style error, wherever the body put them. */
interface ErrorFields {
  message?: string;
  /** A numeric HTTP-like `code` (OpenRouter and others inside streams). */
  statusHint?: number;
  type?: string;
  code?: string | null;
  param?: string | null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `{error:{...}}`, `{error:"text"}`, a flat `{message,type,code}` (vLLM, Mistral) or a string. */
function errorFields(body: unknown): ErrorFields {
  if (typeof body === 'string') return { message: body };
  const record = asRecord(body);
  if (!record) return {};
  const inner = asRecord(record['error']);
  if (!inner && typeof record['error'] === 'string') return { message: record['error'] };
  const source = inner ?? record;
  const code = source['code'];
  const param = source['param'];
  const fields: ErrorFields = {};
  const message = text(source['message']) ?? text(record['detail']);
  if (message !== undefined) fields.message = message;
  const type = text(source['type']);
  if (type !== undefined) fields.type = type;
  if (typeof code === 'string' || typeof code === 'number') fields.code = String(code);
  if (typeof code === 'number' && code >= 400 && code <= 599) fields.statusHint = code;
  if (typeof param === 'string') fields.param = param;
  return fields;
}

/** Seconds from OpenAI's "Please try again in 1.5s" / "in 20ms" rate-limit messages. */
function retryAfterFromMessage(message: string | undefined): number | undefined {
  const match = message ? /try again in (\d+(?:\.\d+)?)\s*(ms|s)\b/i.exec(message) : null;
  if (!match?.[1] || !match[2]) return undefined;
  const seconds = Number(match[1]) / (match[2].toLowerCase() === 'ms' ? 1000 : 1);
  return Math.max(1, Math.ceil(seconds));
}

/** An own entry of a lookup table (never an inherited `constructor` or `toString`). */
function lookup(table: Readonly<Record<string, IrErrorKind>>, key: string | null | undefined): IrErrorKind | undefined {
  return key !== null && key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

function kindOf(status: number, fields: ErrorFields): IrErrorKind {
  const byCode = lookup(OPENAI_CHAT_ERROR_CODE_TO_IR, fields.code);
  if (byCode) return byCode;
  const byType = lookup(OPENAI_CHAT_ERROR_TYPE_TO_IR, fields.type);
  if (byType) return byType;
  if (status >= 400) return errorKindForStatus(status);
  if (fields.statusHint !== undefined) return errorKindForStatus(fields.statusHint);
  return lookup(OPENAI_CHAT_GENERIC_ERROR_TYPE_TO_IR, fields.type) ?? 'upstream-error';
}

/**
 * An OpenAI-style error body -> IR error: kind by `code`, then specific `type`s, then the HTTP
 * status (`invalid_request_error` alone decides only when there is no status, as inside a stream).
 * The raw body, code, param and a retry hint found in the message are kept.
 * @see https://platform.openai.com/docs/guides/error-codes
 */
export function openAiChatErrorToIr(status: number, body: unknown): IrErrorData {
  const fields = errorFields(body);
  const error: IrErrorData = {
    kind: kindOf(status, fields),
    message: fields.message ?? (status >= 400 ? `Upstream answered HTTP ${status}` : 'Upstream error'),
    code: fields.code ?? null,
    param: fields.param ?? null,
    source: 'upstream',
    raw: body,
  };
  if (status >= 400 && status <= 599) error.status = status;
  const retryAfter = retryAfterFromMessage(fields.message);
  if (retryAfter !== undefined) error.retryAfterSeconds = retryAfter;
  return error;
}
