import { IrError, type IrErrorData } from '@interlingua/ir';

const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_CLOSED',
]);

/**
 * Maps a transport failure (undici error codes, Node socket errors, aborts) to an IR error.
 * Errors that already are `IrError`s pass through.
 */
export function mapTransportError(
  error: unknown,
  phase: 'before-response' | 'during-body' = 'before-response',
): IrError {
  if (error instanceof IrError) return error;
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const data = (kind: IrErrorData['kind'], text: string): IrError =>
    new IrError({ kind, message: text, code: code ?? null, source: 'upstream' });

  if (code === 'UND_ERR_CONNECT_TIMEOUT') return data('timeout', 'Timed out connecting to the upstream provider');
  if (code === 'UND_ERR_HEADERS_TIMEOUT')
    return data('timeout', 'The upstream provider did not answer in time (first byte timeout)');
  if (code === 'UND_ERR_BODY_TIMEOUT')
    return data('timeout', 'The upstream provider stopped sending data (idle timeout)');
  if (code === 'UND_ERR_ABORTED' || isAbort(error))
    return data('upstream-unavailable', 'The upstream request was aborted');
  if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE' || code === 'ILG_BODY_TOO_LARGE')
    return data('upstream-error', 'The upstream response was larger than the gateway accepts');
  if (code !== undefined && CONNECT_CODES.has(code)) {
    const where = phase === 'before-response' ? 'reaching' : 'reading from';
    return data('upstream-unavailable', `Failed ${where} the upstream provider: ${code}`);
  }
  return data('upstream-unavailable', `Upstream request failed: ${message}`);
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const own = (error as { code?: unknown }).code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: unknown }).cause;
  return cause === undefined || cause === error ? undefined : errorCode(cause);
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
