import type { IrErrorKind } from '@interlingua/ir';

/**
 * The Bedrock Runtime error types (the `x-amzn-errortype` header, `__type` in some bodies, and the
 * exception events of ConverseStream in lowerCamelCase), with their IR kind and HTTP status.
 * Signature and credential errors come from the AWS front door before Bedrock sees the request.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html#API_runtime_Converse_Errors
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/troubleshooting-api-error-codes.html
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/CommonErrors.html
 */
export const BEDROCK_ERROR_TYPES = {
  AccessDeniedException: { kind: 'permission', status: 403 },
  ValidationException: { kind: 'invalid-request', status: 400 },
  ResourceNotFoundException: { kind: 'not-found', status: 404 },
  ThrottlingException: { kind: 'rate-limit', status: 429 },
  ServiceQuotaExceededException: { kind: 'quota-exceeded', status: 400 },
  ModelNotReadyException: { kind: 'overloaded', status: 429 },
  ServiceUnavailableException: { kind: 'overloaded', status: 503 },
  ModelTimeoutException: { kind: 'timeout', status: 408 },
  ModelErrorException: { kind: 'upstream-error', status: 424 },
  ModelStreamErrorException: { kind: 'upstream-error', status: 424 },
  InternalServerException: { kind: 'upstream-error', status: 500 },
  InternalFailure: { kind: 'upstream-error', status: 500 },
  InvalidSignatureException: { kind: 'authentication', status: 403 },
  IncompleteSignature: { kind: 'authentication', status: 400 },
  UnrecognizedClientException: { kind: 'authentication', status: 403 },
  InvalidClientTokenId: { kind: 'authentication', status: 403 },
  ExpiredTokenException: { kind: 'authentication', status: 403 },
  MissingAuthenticationTokenException: { kind: 'authentication', status: 403 },
  RequestExpired: { kind: 'authentication', status: 400 },
} as const satisfies Record<string, { kind: IrErrorKind; status: number }>;

export type BedrockErrorType = keyof typeof BEDROCK_ERROR_TYPES;

/**
 * IR kind -> the error type our encoder names (stream exception events, test upstreams).
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStreamOutput.html
 */
export const IR_ERROR_KIND_TO_BEDROCK = {
  'invalid-request': 'ValidationException',
  authentication: 'UnrecognizedClientException',
  permission: 'AccessDeniedException',
  'not-found': 'ResourceNotFoundException',
  'request-too-large': 'ValidationException',
  'rate-limit': 'ThrottlingException',
  'quota-exceeded': 'ServiceQuotaExceededException',
  overloaded: 'ServiceUnavailableException',
  timeout: 'ModelTimeoutException',
  'upstream-unavailable': 'ServiceUnavailableException',
  'upstream-error': 'InternalServerException',
  unsupported: 'ValidationException',
  internal: 'InternalServerException',
} as const satisfies Record<IrErrorKind, BedrockErrorType>;

/**
 * The error type named by a header (`ValidationException:http://internal.amazon.com/coral/...`),
 * a `__type` (`com.amazon.coral.service#UnrecognizedClientException`) or a stream exception
 * event (`throttlingException`), when it is one Bedrock documents.
 */
export function bedrockErrorType(value: string | undefined): BedrockErrorType | undefined {
  if (!value) return undefined;
  const name = (value.split(':')[0] ?? '').split('#').at(-1) ?? '';
  const type = name.charAt(0).toUpperCase() + name.slice(1);
  return Object.hasOwn(BEDROCK_ERROR_TYPES, type) ? (type as BedrockErrorType) : undefined;
}
