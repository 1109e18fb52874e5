import type { IncomingHttpHeaders } from 'node:http';
import { IrError, type IrErrorData, type IrErrorKind, type StyleCodec } from '@interlingua/ir';
import { codecFor } from '@interlingua/provider-adapters';
import type { AnswerSink } from './response-sink.js';
import { ANTHROPIC_MESSAGES, GEMINI, OPENAI_CHAT, OPENAI_RESPONSES } from './request-styles.js';

/** The style whose error shape a path implies. */
export function errorCodecForPath(path: string, headers: IncomingHttpHeaders): StyleCodec<unknown, unknown> {
  if (path === '/v1beta' || path.startsWith('/v1beta/')) return codecFor(GEMINI);
  if (path.startsWith('/v1/messages')) return codecFor(ANTHROPIC_MESSAGES);
  if (path.startsWith('/v1/models') && headers['anthropic-version'] !== undefined) return codecFor(ANTHROPIC_MESSAGES);
  if (path.startsWith('/v1/responses')) return codecFor(OPENAI_RESPONSES);
  return codecFor(OPENAI_CHAT);
}

/**
 * Writes an error in a style's shape, with `retry-after` when known and the `extra` headers (the
 * route headers of a request that reached routing). Does nothing once committed.
 */
export function sendStyleError(
  sink: AnswerSink,
  codec: StyleCodec<unknown, unknown>,
  error: IrError,
  extra: Record<string, string> = {},
): void {
  if (sink.committed) {
    sink.end();
    return;
  }
  const { status, body } = codec.error.fromIr(error.data);
  const headers: Record<string, string> = { ...extra };
  if (error.data.retryAfterSeconds !== undefined)
    headers['retry-after'] = String(Math.ceil(error.data.retryAfterSeconds));
  if (error.data.kind === 'quota-exceeded') headers['x-should-retry'] = 'false';
  sink.sendJson(status, body, headers);
}

/** Any thrown value as an `IrError`; unexpected ones are the gateway's own internal errors. */
export function asIrError(error: unknown): IrError {
  if (error instanceof IrError) return error;
  return gatewayError('internal', `Internal gateway error: ${errorText(error)}`);
}

/** What a thrown value says: an error's message, anything else as text. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An error the gateway raises itself (`source: 'gateway'`), with its code, status, param or retry wait when given. */
export function gatewayError(
  kind: IrErrorKind,
  message: string,
  fields: Pick<IrErrorData, 'code' | 'status' | 'param' | 'retryAfterSeconds'> = {},
): IrError {
  return new IrError({ kind, message, ...fields, source: 'gateway' });
}

/** An upstream answer the gateway cannot use (`upstream-error`, `source: 'upstream'`). */
export function upstreamError(message: string): IrError {
  return new IrError({ kind: 'upstream-error', message, source: 'upstream' });
}
