import type { IrErrorKind } from '@interlingua/ir';

/**
 * The `google.rpc.Code` names a Gemini error body carries in `error.status`.
 *
 * @see https://ai.google.dev/gemini-api/docs/troubleshooting#error-codes
 * @see https://github.com/googleapis/googleapis/blob/master/google/rpc/code.proto
 */
export const GOOGLE_RPC_STATUSES = [
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'UNAUTHENTICATED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
] as const;

export type GoogleRpcStatus = (typeof GOOGLE_RPC_STATUSES)[number];

/**
 * google.rpc status -> HTTP status and IR error kind. `RESOURCE_EXHAUSTED` is Gemini's answer to
 * both rate limits and quotas, and is retryable (it carries a `RetryInfo`), hence `rate-limit`.
 *
 * @see https://ai.google.dev/gemini-api/docs/troubleshooting#error-codes
 * @see https://cloud.google.com/apis/design/errors#handling_errors
 */
export const GOOGLE_RPC_STATUS_TABLE = {
  CANCELLED: { http: 499, kind: 'upstream-error' },
  UNKNOWN: { http: 500, kind: 'upstream-error' },
  INVALID_ARGUMENT: { http: 400, kind: 'invalid-request' },
  DEADLINE_EXCEEDED: { http: 504, kind: 'timeout' },
  NOT_FOUND: { http: 404, kind: 'not-found' },
  ALREADY_EXISTS: { http: 409, kind: 'invalid-request' },
  PERMISSION_DENIED: { http: 403, kind: 'permission' },
  UNAUTHENTICATED: { http: 401, kind: 'authentication' },
  RESOURCE_EXHAUSTED: { http: 429, kind: 'rate-limit' },
  FAILED_PRECONDITION: { http: 400, kind: 'invalid-request' },
  ABORTED: { http: 409, kind: 'upstream-error' },
  OUT_OF_RANGE: { http: 400, kind: 'invalid-request' },
  UNIMPLEMENTED: { http: 501, kind: 'unsupported' },
  INTERNAL: { http: 500, kind: 'upstream-error' },
  UNAVAILABLE: { http: 503, kind: 'overloaded' },
  DATA_LOSS: { http: 500, kind: 'upstream-error' },
} as const satisfies Record<GoogleRpcStatus, { http: number; kind: IrErrorKind }>;

/**
 * IR error kind -> google.rpc status (and the HTTP status used when the error carries none).
 * Overloads are 503 `UNAVAILABLE` (529 is Anthropic's alone).
 *
 * @see https://ai.google.dev/gemini-api/docs/troubleshooting#error-codes
 */
export const IR_ERROR_KIND_TO_GOOGLE_RPC = {
  'invalid-request': { http: 400, status: 'INVALID_ARGUMENT' },
  authentication: { http: 401, status: 'UNAUTHENTICATED' },
  permission: { http: 403, status: 'PERMISSION_DENIED' },
  'not-found': { http: 404, status: 'NOT_FOUND' },
  'request-too-large': { http: 413, status: 'INVALID_ARGUMENT' },
  'rate-limit': { http: 429, status: 'RESOURCE_EXHAUSTED' },
  'quota-exceeded': { http: 429, status: 'RESOURCE_EXHAUSTED' },
  overloaded: { http: 503, status: 'UNAVAILABLE' },
  timeout: { http: 504, status: 'DEADLINE_EXCEEDED' },
  'upstream-unavailable': { http: 502, status: 'UNAVAILABLE' },
  'upstream-error': { http: 502, status: 'INTERNAL' },
  unsupported: { http: 400, status: 'INVALID_ARGUMENT' },
  internal: { http: 500, status: 'INTERNAL' },
} as const satisfies Record<IrErrorKind, { http: number; status: GoogleRpcStatus }>;

export function isGoogleRpcStatus(value: unknown): value is GoogleRpcStatus {
  return typeof value === 'string' && Object.hasOwn(GOOGLE_RPC_STATUS_TABLE, value);
}
