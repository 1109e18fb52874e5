/** What went wrong, independent of any wire format. */
export type IrErrorKind =
  | 'invalid-request'
  | 'authentication'
  | 'permission'
  | 'not-found'
  | 'request-too-large'
  | 'rate-limit'
  | 'quota-exceeded'
  | 'overloaded'
  | 'timeout'
  | 'upstream-unavailable'
  | 'upstream-error'
  | 'unsupported'
  | 'internal';

/** HTTP status that each kind maps to when no upstream status is known. */
export const ERROR_KIND_STATUS = {
  'invalid-request': 400,
  authentication: 401,
  permission: 403,
  'not-found': 404,
  'request-too-large': 413,
  'rate-limit': 429,
  'quota-exceeded': 429,
  overloaded: 529,
  timeout: 504,
  'upstream-unavailable': 502,
  'upstream-error': 502,
  unsupported: 400,
  internal: 500,
} as const satisfies Record<IrErrorKind, number>;

export interface IrErrorData {
  kind: IrErrorKind;
  message: string;
  /** HTTP status to answer with; defaults to `ERROR_KIND_STATUS[kind]`. */
  status?: number;
  /** Machine-readable code from the provider or the gateway (`model_not_found`). */
  code?: string | null;
  /** The request field at fault. */
  param?: string | null;
  /** Seconds the caller should wait before retrying. */
  retryAfterSeconds?: number;
  /** Who raised it: the gateway itself, or an upstream provider. */
  source?: 'gateway' | 'upstream';
  /** The error body as the upstream sent it. */
  raw?: unknown;
}

export function errorStatus(error: IrErrorData): number {
  return error.status ?? ERROR_KIND_STATUS[error.kind];
}

/** Kind for an HTTP status when a provider's body says nothing more specific. */
export function errorKindForStatus(status: number): IrErrorKind {
  if (status === 400 || status === 422) return 'invalid-request';
  if (status === 401) return 'authentication';
  if (status === 403) return 'permission';
  if (status === 404) return 'not-found';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 413) return 'request-too-large';
  if (status === 429) return 'rate-limit';
  if (status === 503 || status === 529) return 'overloaded';
  if (status >= 500) return 'upstream-error';
  return 'invalid-request';
}

/**
 * The kind whose wire type goes with the HTTP status actually sent: the error's own kind when its
 * usual status agrees (the same status, both server errors, or the status's own kind), otherwise
 * the kind of that status, so that a body never names "not found" under a 400.
 */
export function errorKindForSentStatus(error: IrErrorData, status: number): IrErrorKind {
  const usual = ERROR_KIND_STATUS[error.kind];
  if (status < 400 || usual === status || (usual >= 500 && status >= 500)) return error.kind;
  if (error.kind === 'quota-exceeded' && status === 402) return error.kind;
  return errorKindForStatus(status);
}

/** The one error class of the project: carries an `IrErrorData`. */
export class IrError extends Error {
  readonly data: IrErrorData;

  constructor(data: IrErrorData) {
    super(data.message);
    this.name = 'IrError';
    this.data = data;
  }

  get status(): number {
    return errorStatus(this.data);
  }
}

export function invalidRequest(message: string, param?: string): IrError {
  return new IrError({ kind: 'invalid-request', message, param: param ?? null, source: 'gateway' });
}

export function unsupported(message: string, param?: string): IrError {
  return new IrError({ kind: 'unsupported', message, param: param ?? null, source: 'gateway' });
}
