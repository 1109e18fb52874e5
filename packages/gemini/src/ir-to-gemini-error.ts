import type { IrErrorData } from '@interlingua/ir';
import { errorKindForSentStatus, errorStatus } from '@interlingua/ir';
import type { GeminiErrorBody } from './gemini-error-schema.js';
import { geminiStrictErrorBodySchema } from './gemini-error-schema.js';
import { IR_ERROR_KIND_TO_GOOGLE_RPC } from './map/gemini-rpc-status.js';

/**
 * IR error -> Gemini `{status, body}`. An upstream Gemini body is answered as it came (details
 * included). Otherwise the google.rpc status comes from the kind table (for the kind that goes
 * with the HTTP status sent), the HTTP status from the error (529 becomes 503: Gemini clients know no 529), a retry hint becomes a
 * `google.rpc.RetryInfo` detail and the error code an `ErrorInfo` reason.
 */
export function irErrorToGemini(error: IrErrorData): { status: number; body: GeminiErrorBody } {
  const upstream = error.source === 'upstream' ? geminiStrictErrorBodySchema.safeParse(error.raw) : undefined;
  if (upstream?.success) return { status: upstream.data.error.code, body: upstream.data };
  let status = errorStatus(error);
  if (status === 529) status = 503;
  if (status < 400 || status > 599) status = IR_ERROR_KIND_TO_GOOGLE_RPC[error.kind].http;
  // The google.rpc status agrees with the HTTP status sent (a 400 is never NOT_FOUND).
  const target = IR_ERROR_KIND_TO_GOOGLE_RPC[errorKindForSentStatus(error, status)];
  const details: Array<{ '@type': string; [key: string]: unknown }> = [];
  if (error.code && error.code !== target.status) {
    details.push({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: error.code, domain: 'interlingua' });
  }
  if (error.retryAfterSeconds !== undefined) {
    details.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${error.retryAfterSeconds}s` });
  }
  const body: GeminiErrorBody = { error: { code: status, message: error.message, status: target.status } };
  if (details.length > 0) body.error.details = details;
  return { status, body };
}
