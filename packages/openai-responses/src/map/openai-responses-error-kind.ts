import type { IrErrorKind } from '@interlingua/ir';

/**
 * Error `code` values with a known meaning.
 * @see https://platform.openai.com/docs/guides/error-codes
 */
export type OpenAiErrorCode =
  | 'invalid_api_key'
  | 'model_not_found'
  | 'rate_limit_exceeded'
  | 'insufficient_quota'
  | 'context_length_exceeded'
  | 'server_error'
  | 'unsupported_country_region_territory';

/**
 * Error `type` values with a known meaning (`invalid_request_error` says nothing more than 400).
 * @see https://platform.openai.com/docs/guides/error-codes
 */
export type OpenAiErrorType =
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'rate_limit_error'
  | 'requests'
  | 'tokens'
  | 'insufficient_quota'
  | 'server_error';

/**
 * Code -> kind, consulted first.
 * @see https://platform.openai.com/docs/guides/error-codes
 */
export const OPENAI_ERROR_CODE_KIND = {
  invalid_api_key: 'authentication',
  model_not_found: 'not-found',
  rate_limit_exceeded: 'rate-limit',
  insufficient_quota: 'quota-exceeded',
  context_length_exceeded: 'invalid-request',
  server_error: 'upstream-error',
  unsupported_country_region_territory: 'permission',
} as const satisfies Record<OpenAiErrorCode, IrErrorKind>;

/**
 * Type -> kind, consulted when the code says nothing.
 * @see https://platform.openai.com/docs/guides/error-codes
 */
export const OPENAI_ERROR_TYPE_KIND = {
  authentication_error: 'authentication',
  permission_error: 'permission',
  not_found_error: 'not-found',
  rate_limit_error: 'rate-limit',
  requests: 'rate-limit',
  tokens: 'rate-limit',
  insufficient_quota: 'quota-exceeded',
  server_error: 'upstream-error',
} as const satisfies Record<OpenAiErrorType, IrErrorKind>;

/**
 * Kind -> the `type` and default `code` of the error body we answer with.
 * @see https://platform.openai.com/docs/guides/error-codes
 */
export const IR_KIND_OPENAI_ERROR = {
  'invalid-request': { type: 'invalid_request_error', code: null },
  authentication: { type: 'invalid_request_error', code: 'invalid_api_key' },
  permission: { type: 'permission_error', code: null },
  'not-found': { type: 'invalid_request_error', code: 'not_found' },
  'request-too-large': { type: 'invalid_request_error', code: 'request_too_large' },
  'rate-limit': { type: 'requests', code: 'rate_limit_exceeded' },
  'quota-exceeded': { type: 'insufficient_quota', code: 'insufficient_quota' },
  overloaded: { type: 'server_error', code: 'overloaded' },
  timeout: { type: 'server_error', code: 'timeout' },
  'upstream-unavailable': { type: 'server_error', code: 'upstream_unavailable' },
  'upstream-error': { type: 'server_error', code: 'server_error' },
  unsupported: { type: 'invalid_request_error', code: 'unsupported_value' },
  internal: { type: 'server_error', code: 'server_error' },
} as const satisfies Record<IrErrorKind, { type: string; code: string | null }>;

/**
 * `ResponseError.code` of a failed response (a closed enum in the SDK).
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-error
 */
export type OpenAiResponseErrorCode = 'server_error' | 'rate_limit_exceeded' | 'invalid_prompt';

/**
 * Kind -> `response.error.code` on a `response.failed` event or a failed response body.
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-error
 */
export const IR_KIND_RESPONSE_ERROR_CODE = {
  'invalid-request': 'invalid_prompt',
  authentication: 'server_error',
  permission: 'server_error',
  'not-found': 'server_error',
  'request-too-large': 'invalid_prompt',
  'rate-limit': 'rate_limit_exceeded',
  'quota-exceeded': 'rate_limit_exceeded',
  overloaded: 'server_error',
  timeout: 'server_error',
  'upstream-unavailable': 'server_error',
  'upstream-error': 'server_error',
  unsupported: 'invalid_prompt',
  internal: 'server_error',
} as const satisfies Record<IrErrorKind, OpenAiResponseErrorCode>;

function lookup<T extends object>(table: T, key: string | null | undefined): T[keyof T] | undefined {
  return key && Object.prototype.hasOwnProperty.call(table, key) ? table[key as keyof T] : undefined;
}

/** Kind from an OpenAI error code, then its type; undefined when neither is known. */
export function openAiErrorKind(
  code: string | null | undefined,
  type: string | null | undefined,
): IrErrorKind | undefined {
  return lookup(OPENAI_ERROR_CODE_KIND, code) ?? lookup(OPENAI_ERROR_TYPE_KIND, type);
}
