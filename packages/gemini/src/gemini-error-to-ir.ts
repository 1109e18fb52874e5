import type { IrErrorData, IrErrorKind } from '@interlingua/ir';
import { errorKindForStatus } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import { geminiErrorBodySchema } from './gemini-error-schema.js';
import { GOOGLE_RPC_STATUS_TABLE, isGoogleRpcStatus } from './map/gemini-rpc-status.js';

const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';
const RETRY_INFO = 'type.googleapis.com/google.rpc.RetryInfo';

/** `ErrorInfo` reasons that mean "bad credentials" although Gemini answers them with 400. */
const AUTHENTICATION_REASONS = new Set([
  'API_KEY_INVALID',
  'API_KEY_EXPIRED',
  'ACCESS_TOKEN_EXPIRED',
  'CREDENTIALS_MISSING',
]);

/**
 * A Gemini error (HTTP status + body) -> IR error. The kind comes from the `ErrorInfo` reason
 * first (Gemini answers a bad API key with 400 `INVALID_ARGUMENT` + `API_KEY_INVALID`: that is
 * `authentication`, answered as 401 to other styles), then the google.rpc `status`, then the
 * HTTP status. `RetryInfo.retryDelay` becomes `retryAfterSeconds`. `status` 0 means "unknown":
 * the body's `code` is used. A JSON-array body (`[{error}]`) is read too.
 */
export function geminiErrorToIr(status: number, body: unknown): IrErrorData {
  const payload = Array.isArray(body) ? (body[0] as unknown) : body;
  const parsed = geminiErrorBodySchema.safeParse(payload);
  const error = parsed.success ? parsed.data.error : undefined;
  const httpStatus = status > 0 ? status : (error?.code ?? 500);
  const reason = errorInfoReason(error?.details);
  const kind = errorKind(httpStatus, error?.status, reason);
  const data: IrErrorData = {
    kind,
    message: error?.message ?? fallbackMessage(body, httpStatus),
    status: kind === 'authentication' && httpStatus === 400 ? 401 : httpStatus,
    // The google.rpc status is already the kind; only an ErrorInfo reason is a code of its own.
    code: reason ?? null,
    source: 'upstream',
    raw: body,
  };
  const retryAfter = retryDelaySeconds(error?.details);
  if (retryAfter !== undefined) data.retryAfterSeconds = retryAfter;
  return data;
}

function errorKind(httpStatus: number, rpcStatus: string | undefined, reason: string | undefined): IrErrorKind {
  if (reason !== undefined && AUTHENTICATION_REASONS.has(reason)) return 'authentication';
  if (isGoogleRpcStatus(rpcStatus)) return GOOGLE_RPC_STATUS_TABLE[rpcStatus].kind;
  return errorKindForStatus(httpStatus);
}

function detailsOfType(details: unknown[] | undefined, type: string): Record<string, unknown>[] {
  return (details ?? []).flatMap((detail) => {
    const record = asRecord(detail);
    return record?.['@type'] === type ? [record] : [];
  });
}

function errorInfoReason(details: unknown[] | undefined): string | undefined {
  const reason = detailsOfType(details, ERROR_INFO)[0]?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** `"34.4s"` -> 35 (whole seconds, rounded up). */
function retryDelaySeconds(details: unknown[] | undefined): number | undefined {
  const delay = detailsOfType(details, RETRY_INFO)[0]?.retryDelay;
  const match = typeof delay === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(delay.trim()) : null;
  return match?.[1] === undefined ? undefined : Math.ceil(Number(match[1]));
}

function fallbackMessage(body: unknown, status: number): string {
  if (typeof body === 'string' && body.trim() !== '') return body.trim().slice(0, 1000);
  return `Gemini upstream error (HTTP ${status})`;
}
