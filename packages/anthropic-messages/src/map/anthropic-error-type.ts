import type { IrErrorKind } from '@interlingua/ir';

/**
 * Wire error type -> IR error kind.
 * @see https://docs.anthropic.com/en/api/errors
 */
export const ANTHROPIC_ERROR_TYPE_TO_IR = {
  invalid_request_error: 'invalid-request',
  authentication_error: 'authentication',
  billing_error: 'quota-exceeded',
  permission_error: 'permission',
  not_found_error: 'not-found',
  request_too_large: 'request-too-large',
  rate_limit_error: 'rate-limit',
  timeout_error: 'timeout',
  api_error: 'upstream-error',
  overloaded_error: 'overloaded',
  conflict_error: 'invalid-request',
  memory_precondition_failed_error: 'invalid-request',
  memory_path_conflict_error: 'invalid-request',
} as const satisfies Record<string, IrErrorKind>;

/** The `error.type` values of Anthropic error bodies (`ErrorType` in `@anthropic-ai/sdk`, plus `request_too_large`). */
export type AnthropicErrorType = keyof typeof ANTHROPIC_ERROR_TYPE_TO_IR;

/** The `error.type` values of Anthropic error bodies, in the order of the table above. */
export const ANTHROPIC_ERROR_TYPES = /* @__PURE__ */ Object.keys(
  ANTHROPIC_ERROR_TYPE_TO_IR,
) as readonly AnthropicErrorType[];

/** HTTP status the API pairs with each error type. */
export const ANTHROPIC_ERROR_TYPE_STATUS = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  timeout_error: 504,
  api_error: 500,
  overloaded_error: 529,
  conflict_error: 409,
  memory_precondition_failed_error: 412,
  memory_path_conflict_error: 409,
} as const satisfies Record<AnthropicErrorType, number>;

/**
 * IR error kind -> wire error type and the status to answer with when the error carries none.
 * Quota errors become `rate_limit_error` 429 (what OpenAI-style `insufficient_quota` callers
 * expect); a dead or failing upstream is an `api_error` with 502, a timeout `timeout_error` 504.
 * @see https://docs.anthropic.com/en/api/errors
 */
export const IR_ERROR_KIND_TO_ANTHROPIC = {
  'invalid-request': { type: 'invalid_request_error', status: 400 },
  authentication: { type: 'authentication_error', status: 401 },
  permission: { type: 'permission_error', status: 403 },
  'not-found': { type: 'not_found_error', status: 404 },
  'request-too-large': { type: 'request_too_large', status: 413 },
  'rate-limit': { type: 'rate_limit_error', status: 429 },
  'quota-exceeded': { type: 'rate_limit_error', status: 429 },
  overloaded: { type: 'overloaded_error', status: 529 },
  timeout: { type: 'timeout_error', status: 504 },
  'upstream-unavailable': { type: 'api_error', status: 502 },
  'upstream-error': { type: 'api_error', status: 502 },
  unsupported: { type: 'invalid_request_error', status: 400 },
  internal: { type: 'api_error', status: 500 },
} as const satisfies Record<IrErrorKind, { type: AnthropicErrorType; status: number }>;

export function isAnthropicErrorType(value: unknown): value is AnthropicErrorType {
  return typeof value === 'string' && Object.hasOwn(ANTHROPIC_ERROR_TYPE_TO_IR, value);
}
