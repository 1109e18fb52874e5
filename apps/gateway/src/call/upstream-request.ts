import type { IncomingHttpHeaders } from 'node:http';
import { IrError, type IrErrorData, type StyleCodec } from '@interlingua/ir';
import {
  HOP_BY_HOP_HEADERS,
  requestSigner,
  type HttpProviderAdapter,
  type ProviderSettings,
  type RequestHolds,
  type UpstreamHead,
  type UpstreamRequest,
} from '@interlingua/provider-adapters';
import type { GenerationRequest, GenerationRun } from '../context/generation-call.js';
import type { RequestStop } from '../context/request-stop.js';
import { safeUpstreamError, safeUpstreamErrorBody } from './upstream-error-redaction.js';

/** What an upstream request carries of the caller's: its headers (those forwarded) and the request id. */
export type ForwardedRequest = Pick<GenerationRequest, 'headers' | 'requestId'>;

/**
 * The upstream HTTP request for a generation call to an HTTP provider, to the attempt's target
 * (`outcome.target`, whose trace it carries), aborted by the attempt's `signal`, with the headers
 * the adapter asks for what the request `holds` (Anthropic's MCP connector beta).
 */
export function buildUpstreamRequest(
  caller: ForwardedRequest,
  { outcome }: Pick<GenerationRun, 'outcome'>,
  adapter: HttpProviderAdapter,
  body: string | Buffer,
  stream: boolean,
  signal: RequestStop,
  holds: RequestHolds,
): UpstreamRequest {
  const target = outcome.target;
  if (!target) throw new Error('no target chosen');
  const endpoint = adapter.generation({ settings: target.settings, model: target.upstreamModel, stream });
  const headers = pickForwardedHeaders(caller.headers, adapter.forwardHeaders, target.settings.forwardHeaders);
  for (const name in endpoint.headers) headers[name] = endpoint.headers[name]!;
  headers['x-request-id'] = caller.requestId;
  Object.assign(headers, adapter.hooks?.requestHeaders?.(holds, headers));
  outcome.trace?.inject(headers);
  const request: UpstreamRequest = { url: endpoint.url, method: 'POST', headers, body, signal };
  if (target.settings.timeouts) request.timeouts = target.settings.timeouts;
  if (target.settings.dispatcher) request.dispatcher = target.settings.dispatcher;
  const { sign } = requestSigner(adapter, target.settings);
  if (sign) request.sign = sign;
  return request;
}

/**
 * The caller headers named in any of `nameLists` (hop-by-hop ones never), repeated values joined
 * with `, `: a new object the caller may add to.
 */
export function pickForwardedHeaders(
  headers: IncomingHttpHeaders,
  ...nameLists: ReadonlyArray<readonly string[] | undefined>
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const names of nameLists) {
    if (names === undefined) continue;
    for (const name of names) {
      const lower = name.toLowerCase();
      if (HOP_BY_HOP_HEADERS.has(lower)) continue;
      const value = headers[lower];
      if (value !== undefined) out[lower] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  return out;
}

/**
 * Turns an upstream error answer into an `IrError` through the upstream wire's codec. The body is
 * read with credentials redacted and its strings bounded (`safeUpstreamErrorBody`): what it says
 * reaches the caller and the logs.
 */
export function upstreamHttpError(
  codec: StyleCodec<unknown, unknown>,
  head: UpstreamHead,
  body: Buffer,
  adapter?: HttpProviderAdapter,
  settings?: ProviderSettings,
): IrError {
  const payload = safeUpstreamErrorBody(body.toString('utf8'), settings);
  const mapped: IrErrorData =
    adapter?.hooks?.mapError?.(head.status, payload, head.headers) ?? codec.error.toIr(head.status, payload);
  const data = safeUpstreamError(mapped, settings);
  const retryAfter = retryAfterSeconds(head.headers['retry-after']);
  return new IrError({
    ...data,
    status: data.status ?? head.status,
    source: 'upstream',
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
  });
}

function retryAfterSeconds(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const seconds = Number(text);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
