import { Writable } from 'node:stream';
import { Agent, type Dispatcher, EnvHttpProxyAgent } from 'undici';
import {
  type AsyncBodySink,
  bodyTooLarge,
  BoundedBodyCollector,
  BoundedChunks,
  SinkConsumer,
  WritableConsumer,
} from './body-consumers.js';
import { labelDispatcher } from './first-byte-deadline.js';
import { type BodyConsumer, type BodyFlow, type StopSignal, UpstreamCall } from './upstream-call.js';
import { mapTransportError } from './upstream-error-map.js';
import { upstreamTarget } from './upstream-target.js';

export type { StopListener, StopSignal } from './upstream-call.js';

export type { AsyncBodySink } from './body-consumers.js';

export interface UpstreamTimeouts {
  /** Time to establish the TCP/TLS connection. */
  connectMs?: number;
  /** Time from sending the request to the response headers. */
  firstByteMs?: number;
  /** Longest silence between two body chunks. */
  idleMs?: number;
}

/** An upstream request as it is about to be sent, for signing. */
export interface SignableRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export interface UpstreamRequest {
  url: string;
  method?: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Aborts the request: an `AbortSignal`, or any `StopSignal`. */
  signal?: StopSignal;
  timeouts?: UpstreamTimeouts;
  /** A dispatcher for this provider (custom TLS, proxy); defaults to the shared one. */
  dispatcher?: Dispatcher;
  /**
   * Headers computed over the final request right before it is sent (request signing, fresh
   * OAuth tokens), merged over `headers`. Called on every send, so a retried request is signed anew.
   */
  sign?: (request: SignableRequest) => Promise<Record<string, string>>;
}

export type UpstreamHeaders = Record<string, string | string[] | undefined>;

export interface UpstreamHead {
  status: number;
  headers: UpstreamHeaders;
}

/** Connections per origin of a dispatcher made without `connections`. */
export const DEFAULT_CONNECTIONS = 1024;

export const DEFAULT_TIMEOUTS: Required<UpstreamTimeouts> = {
  connectMs: 10_000,
  firstByteMs: 120_000,
  idleMs: 120_000,
};

let sharedDispatcher: Dispatcher | undefined;

/**
 * The dispatcher shared by every provider without options of its own: keep-alive connection
 * pools per origin, and the egress proxy from `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY` when set.
 */
export function defaultDispatcher(): Dispatcher {
  sharedDispatcher ??= createDispatcher({});
  return sharedDispatcher;
}

export interface DispatcherOptions {
  connectTimeoutMs?: number;
  /** PEM certificate authorities to trust (custom CA). */
  ca?: string | string[];
  rejectUnauthorized?: boolean;
  /**
   * An egress proxy (`http://host:port`) for every upstream, instead of the one from
   * `HTTPS_PROXY` / `HTTP_PROXY`. `NO_PROXY` still applies.
   */
  proxyUrl?: string;
  /**
   * Most connections open at once to one origin (default 1024, sized for many long streams).
   * Requests past it wait for a free one, and that wait counts against the first-byte timeout.
   */
  connections?: number;
  /** The provider id this dispatcher serves, named in errors. */
  name?: string;
}

/**
 * A dispatcher with its own connection pools: custom TLS trust, connect timeout, and the egress
 * proxy from `options.proxyUrl` or `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY` (read now, at
 * creation). Through a proxy, upstream requests travel in a `CONNECT` tunnel, and the TLS
 * options apply to the upstream's certificate inside it.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const timeout = options.connectTimeoutMs ?? DEFAULT_TIMEOUTS.connectMs;
  const tls = {
    ...(options.ca ? { ca: options.ca } : {}),
    ...(options.rejectUnauthorized === false ? { rejectUnauthorized: false } : {}),
  };
  const connections = options.connections ?? DEFAULT_CONNECTIONS;
  const poolOptions = {
    connections,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 600_000,
    connect: { timeout, ...tls },
  };
  const envProxy =
    process.env.HTTPS_PROXY || process.env.https_proxy || process.env.HTTP_PROXY || process.env.http_proxy;
  // undici's proxy agent opens the upstream TLS session inside the tunnel with `requestTls`, not `connect`.
  const dispatcher =
    !options.proxyUrl && !envProxy
      ? new Agent(poolOptions)
      : new EnvHttpProxyAgent({
          ...poolOptions,
          requestTls: { timeout, ...tls },
          ...(options.proxyUrl ? { httpProxy: options.proxyUrl, httpsProxy: options.proxyUrl } : {}),
        });
  labelDispatcher(dispatcher, { connections, ...(options.name ? { name: options.name } : {}) });
  return dispatcher;
}

/**
 * Sends a request upstream and writes the response body, as it arrives, into the writable that
 * `onHead` returns for the response head (no intermediate readable). Resolves when the body has
 * been fully written; rejects with an `IrError` on connection failures, timeouts and aborts.
 * Backpressure from the writable pauses the upstream socket.
 */
export function streamUpstream(request: UpstreamRequest, onHead: (head: UpstreamHead) => Writable): Promise<void> {
  return sendUpstream(request, (head, flow) => new WritableConsumer(onHead(head), flow));
}

/**
 * Sends a request upstream and hands the response body to the consumer `onHead` returns for the
 * head. The first-byte timeout counts from the hand-over to the connection pool (waiting for a
 * free connection counts too); a caller abort ends the wait at once, even while still queued.
 */
async function sendUpstream(
  request: UpstreamRequest,
  onHead: (head: UpstreamHead, flow: BodyFlow) => BodyConsumer,
): Promise<void> {
  const { origin, path } = upstreamTarget(request.url);
  const timeouts = request.timeouts ? { ...DEFAULT_TIMEOUTS, ...request.timeouts } : DEFAULT_TIMEOUTS;
  let call: UpstreamCall | undefined;
  try {
    const method = request.method ?? 'POST';
    const headers = request.sign ? await signedHeaders(request, method, request.sign) : request.headers;
    const dispatcher = request.dispatcher ?? defaultDispatcher();
    call = new UpstreamCall({
      firstByteMs: timeouts.firstByteMs,
      dispatcher,
      origin,
      callerSignal: request.signal,
      onHead,
    });
    dispatcher.dispatch(
      {
        origin,
        path,
        method,
        headers,
        body: request.body ?? null,
        headersTimeout: timeouts.firstByteMs,
        bodyTimeout: timeouts.idleMs,
      },
      call,
    );
    await call.settled;
  } catch (error) {
    throw mapTransportError(error, call?.headReceived ? 'during-body' : 'before-response');
  }
}

async function signedHeaders(
  request: UpstreamRequest,
  method: string,
  sign: NonNullable<UpstreamRequest['sign']>,
): Promise<Record<string, string>> {
  const signable: SignableRequest = { url: request.url, method, headers: request.headers };
  if (request.body !== undefined) signable.body = request.body;
  return { ...request.headers, ...(await sign(signable)) };
}

/** An error answer (status >= 400) read instead of being streamed. */
export interface UpstreamErrorAnswer {
  head: UpstreamHead;
  body: Buffer;
}

/**
 * Streams a successful answer's body into `sink` as it arrives, waiting for each push before
 * handing it the next chunk (the upstream pauses while chunks wait); an error answer is read
 * whole (at most `maxErrorBytes`) and returned instead. Rejects like `streamUpstream` (and with
 * whatever the sink rejects with).
 */
export async function streamUpstreamInto(
  request: UpstreamRequest,
  sink: AsyncBodySink,
  maxErrorBytes = 64 * 1024,
): Promise<UpstreamErrorAnswer | undefined> {
  let errorHead: UpstreamHead | undefined;
  let errorBody: BoundedBodyCollector | undefined;
  await sendUpstream(request, (head, flow) => {
    if (head.status < 400) return new SinkConsumer(sink, flow);
    errorHead = head;
    errorBody = new BoundedBodyCollector(maxErrorBytes, flow);
    return errorBody;
  });
  return errorHead && errorBody ? { head: errorHead, body: errorBody.result() } : undefined;
}

export interface BufferedUpstreamResponse extends UpstreamHead {
  body: Buffer;
}

/** Sends a request and reads the whole body, refusing more than `maxBytes`. */
export async function fetchUpstream(request: UpstreamRequest, maxBytes: number): Promise<BufferedUpstreamResponse> {
  let head: UpstreamHead | undefined;
  let collector: BoundedBodyCollector | undefined;
  await sendUpstream(request, (h, flow) => {
    head = h;
    collector = new BoundedBodyCollector(maxBytes, flow);
    return collector;
  });
  if (!head || !collector) throw mapTransportError(new Error('no response'));
  return { status: head.status, headers: head.headers, body: collector.result() };
}

/** A writable that keeps at most `maxBytes` and fails past them. */
export function createBoundedCollector(maxBytes: number): { writable: Writable; result(): Buffer } {
  const chunks = new BoundedChunks(maxBytes);
  const writable = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      callback(chunks.add(chunk) ? null : bodyTooLarge(maxBytes));
    },
  });
  return { writable, result: () => chunks.result() };
}

/** Closes the shared connection pools (tests, shutdown). */
export async function closeDefaultDispatcher(): Promise<void> {
  const dispatcher = sharedDispatcher;
  sharedDispatcher = undefined;
  await dispatcher?.close();
}

/** Headers that describe one connection and never travel through a proxy. */
export const HOP_BY_HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'trailers',
  'transfer-encoding',
  'upgrade',
]);
