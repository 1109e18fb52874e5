import { Writable } from 'node:stream';
import type { IrError } from '@interlingua/ir';
import { type IrUsage, type StyleCodec } from '@interlingua/ir';
import { serializeSseMessages } from '@interlingua/ir-utils';
import {
  createBoundedCollector,
  fetchUpstream,
  mapTransportError,
  requestSigner,
  streamUpstream,
  type BufferedUpstreamResponse,
  type UpstreamEndpoint,
  type UpstreamHead,
  type UpstreamRequest,
} from '@interlingua/provider-adapters';
import { outcomeHeaders } from '../commit/commit-stream.js';
import type { ServiceCall, ServiceTarget } from './service-call.js';
import { AnswerTail, lastUsageObject } from '../accounting/service-usage.js';
import { SSE_CONTENT_TYPE } from '../http/answer-content-type.js';
import { pickForwardedHeaders, upstreamHttpError } from '../call/upstream-request.js';
import { upstreamError } from '../http/style-errors.js';

const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** The upstream HTTP request of a service call: the endpoint, the body and its type, forwarded headers, the target's transport settings. */
export function serviceUpstreamRequest(
  call: ServiceCall,
  serving: ServiceTarget,
  endpoint: UpstreamEndpoint,
  body: string | Buffer,
  contentType: string,
): UpstreamRequest {
  const { target, adapter } = serving;
  const forwarded = pickForwardedHeaders(call.headers, adapter.forwardHeaders, target.settings.forwardHeaders);
  const headers: Record<string, string> = {
    ...forwarded,
    ...endpoint.headers,
    'content-type': contentType,
    'x-request-id': call.requestId,
  };
  call.outcome.trace?.inject(headers);
  return {
    url: endpoint.url,
    method: 'POST',
    headers,
    body,
    signal: call.signal,
    ...(target.settings.timeouts ? { timeouts: target.settings.timeouts } : {}),
    ...(target.settings.dispatcher ? { dispatcher: target.settings.dispatcher } : {}),
    ...requestSigner(adapter, target.settings),
  };
}

/** Sends the request and reads the whole answer (bounded); an upstream error status becomes an `IrError` through `errorCodec`. */
export async function fetchServiceAnswer(
  call: ServiceCall,
  serving: ServiceTarget,
  request: UpstreamRequest,
  errorCodec: StyleCodec<unknown, unknown>,
): Promise<BufferedUpstreamResponse> {
  const answer = await fetchUpstream(request, call.maxUpstreamBodyBytes);
  if (answer.status >= 400)
    throw upstreamHttpError(errorCodec, answer, answer.body, serving.adapter, serving.target.settings);
  return answer;
}

export interface RelayOptions {
  errorCodec: StyleCodec<unknown, unknown>;
  /** The `Content-Type` to answer with, from the upstream's head. */
  contentType(head: UpstreamHead): string;
  /** Bytes that report a failure after the commit point in the body's own framing (SSE); without it the connection is cut. */
  inBandError?(error: IrError): string;
  /** Reads the usage a JSON or SSE answer reports (its last `usage` object, from the answer's end); none is read without it. */
  readUsage?(usage: unknown): IrUsage | undefined;
}

/**
 * Sends the request and pipes the answer's body to the caller as it arrives, with backpressure
 * (a slow caller pauses the upstream socket). The commit point is the first body byte: an error
 * status, a failure or an empty body before it is thrown (and may fall back); after it, a
 * failure is reported in-band when the framing allows, else by cutting the connection.
 */
export async function relayServiceAnswer(
  call: ServiceCall,
  serving: ServiceTarget,
  request: UpstreamRequest,
  options: RelayOptions,
): Promise<void> {
  let errorHead: UpstreamHead | undefined;
  const errorBody = createBoundedCollector(MAX_ERROR_BODY_BYTES);
  const tail = options.readUsage ? new AnswerTail() : undefined;
  try {
    await streamUpstream(request, (head) => {
      if (head.status >= 400) {
        errorHead = head;
        return errorBody.writable;
      }
      return relayWritable(call, options.contentType(head), tail);
    });
  } catch (error) {
    const irError = mapTransportError(error, 'during-body');
    if (!call.sink.committed || call.signal.aborted) throw irError;
    if (options.inBandError) {
      await call.sink.write(options.inBandError(irError));
      call.sink.end();
    } else call.destroy();
    return;
  }
  if (errorHead)
    throw upstreamHttpError(
      options.errorCodec,
      errorHead,
      errorBody.result(),
      serving.adapter,
      serving.target.settings,
    );
  if (!call.sink.committed) throw upstreamError('The upstream provider answered with an empty body');
  if (tail && options.readUsage) call.outcome.used(options.readUsage(lastUsageObject(tail.bytes())));
  call.sink.end();
}

/**
 * Relays an SSE answer (streamed transcripts, partial images); a failure after the commit point
 * is one in-band error event of `errorCodec`'s style. `readUsage` reads the usage of the final event.
 */
export function relaySseAnswer(
  call: ServiceCall,
  serving: ServiceTarget,
  request: UpstreamRequest,
  errorCodec: StyleCodec<unknown, unknown>,
  readUsage?: RelayOptions['readUsage'],
): Promise<void> {
  return relayServiceAnswer(call, serving, request, {
    errorCodec,
    ...(readUsage ? { readUsage } : {}),
    contentType: () => SSE_CONTENT_TYPE,
    inBandError: (error) =>
      serializeSseMessages(errorCodec.stream.createEncoder().push({ type: 'error', error: error.data })),
  });
}

function relayWritable(call: ServiceCall, contentType: string, tail: AnswerTail | undefined): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      tail?.push(chunk);
      if (!call.sink.committed) {
        call.outcome.firstByte();
        call.sink.startStream(200, contentType, outcomeHeaders(call.outcome));
      }
      call.sink.write(chunk).then(() => callback(), callback);
    },
  });
}
