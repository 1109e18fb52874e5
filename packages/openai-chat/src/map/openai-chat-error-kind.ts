import type { IrErrorKind } from '@interlingua/ir';

/**
 * `error.code` values that name the kind outright. The last four are the codes this codec gives
 * gateway errors that OpenAI has no code for, so they survive a round trip.
 * @see https://platform.openai.com/docs/guides/error-codes
 */
export const OPENAI_CHAT_ERROR_CODE_TO_IR: Readonly<Record<string, IrErrorKind>> = {
  invalid_api_key: 'authentication',
  model_not_found: 'not-found',
  rate_limit_exceeded: 'rate-limit',
  insufficient_quota: 'quota-exceeded',
  context_length_exceeded: 'invalid-request',
  unsupported_parameter: 'unsupported',
  unsupported_value: 'unsupported',
  unsupported_country_region_territory: 'permission',
  request_too_large: 'request-too-large',
  timeout: 'timeout',
  upstream_unavailable: 'upstream-unavailable',
  internal_error: 'internal',
};

/**
 * `error.type` values specific enough to decide the kind before the HTTP status. OpenAI sends
 * `invalid_request_error` for 400, 401 and 404 alike, so that one only decides when no status is
 * known (see `OPENAI_CHAT_GENERIC_ERROR_TYPE_TO_IR`).
 * @see https://platform.openai.com/docs/guides/error-codes
 */
export const OPENAI_CHAT_ERROR_TYPE_TO_IR: Readonly<Record<string, IrErrorKind>> = {
  authentication_error: 'authentication',
  permission_error: 'permission',
  request_forbidden: 'permission',
  not_found_error: 'not-found',
  rate_limit_error: 'rate-limit',
  requests: 'rate-limit',
  tokens: 'rate-limit',
  insufficient_quota: 'quota-exceeded',
  overloaded_error: 'overloaded',
  request_too_large: 'request-too-large',
};

/** `error.type` values that decide only when there is no HTTP status (errors inside a stream). */
export const OPENAI_CHAT_GENERIC_ERROR_TYPE_TO_IR: Readonly<Record<string, IrErrorKind>> = {
  invalid_request_error: 'invalid-request',
  server_error: 'upstream-error',
  api_error: 'upstream-error',
};

/** The `type` and default `code` chat gives an error. */
export interface OpenAiChatErrorTypeCode {
  type: string;
  code: string | null;
}

/**
 * IR kind -> OpenAI's `type` and default `code` (an upstream code wins over the default).
 * `not-found` gets `model_not_found` only when the message is about a model (decided by the caller).
 * @see https://platform.openai.com/docs/guides/error-codes
 */
export const IR_ERROR_KIND_TO_OPENAI_CHAT = {
  'invalid-request': { type: 'invalid_request_error', code: null },
  authentication: { type: 'invalid_request_error', code: 'invalid_api_key' },
  permission: { type: 'invalid_request_error', code: null },
  'not-found': { type: 'invalid_request_error', code: null },
  'request-too-large': { type: 'invalid_request_error', code: 'request_too_large' },
  'rate-limit': { type: 'requests', code: 'rate_limit_exceeded' },
  'quota-exceeded': { type: 'insufficient_quota', code: 'insufficient_quota' },
  overloaded: { type: 'server_error', code: null },
  timeout: { type: 'server_error', code: 'timeout' },
  'upstream-unavailable': { type: 'server_error', code: 'upstream_unavailable' },
  'upstream-error': { type: 'server_error', code: null },
  unsupported: { type: 'invalid_request_error', code: 'unsupported_value' },
  internal: { type: 'server_error', code: 'internal_error' },
} as const satisfies Record<IrErrorKind, OpenAiChatErrorTypeCode>;
