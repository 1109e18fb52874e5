import type { IrErrorData } from '@interlingua/ir';
import { errorKindForStatus } from '@interlingua/ir';
import { asRecord, asString } from '@interlingua/ir-utils';
import { openAiErrorKind } from './map/openai-responses-error-kind.js';

/**
 * An OpenAI error body `{error:{message, type, param, code}}` -> IR error. The kind comes from
 * the code, then the type, then the HTTP status (`upstream-error` for in-band errors, status 0).
 * The upstream status and the raw body are kept.
 */
export function openAiResponsesErrorToIr(status: number, body: unknown): IrErrorData {
  const record = asRecord(body);
  const error = asRecord(record?.error) ?? {};
  const code = asString(error.code) ?? (typeof error.code === 'number' ? String(error.code) : undefined);
  const type = asString(error.type);
  const fallback = status >= 400 ? errorKindForStatus(status) : 'upstream-error';
  const kind = openAiErrorKind(code, type) ?? fallback;
  const message =
    asString(error.message) ??
    asString(record?.message) ??
    (typeof body === 'string' && body !== '' ? body : `Upstream error (status ${status})`);
  const out: IrErrorData = {
    kind,
    message,
    code: code ?? null,
    param: asString(error.param) ?? null,
    source: 'upstream',
    raw: body,
  };
  if (status >= 400) out.status = status;
  return out;
}
