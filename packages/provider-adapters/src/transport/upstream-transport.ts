import { Writable } from 'node:stream';
import { Agent, type Dispatcher, EnvHttpProxyAgent } from 'undici';
import { FirstByteDeadline, labelDispatcher } from './first-byte-deadline.js';
import { mapTransportError } from './upstream-error-map.js';

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
  signal?: AbortSignal;
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

export const DEFAULT_TIMEOUTS: Required<UpstreamTimeouts> = { connectMs: 10_000, firstByteMs: 120_000, idleMs: 120_000 };

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
  const envProxy = process.env.HTTPS_PROXY || process.env.https_proxy || process.env.HTTP_PROXY || process.env.http_proxy;
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
 * `onHead` returns for the response head (undici `stream()`: no intermediate readable). Resolves
 * when the body has been fully written; rejects with an `IrError` on connection failures,
 * timeouts and aborts. Backpressure from the writable pauses the upstream socket.
 */
export async function streamUpstream(request: UpstreamRequest, onHead: (head: UpstreamHead) => Writable): Promise<void> {
  const url = new URL(request.url);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...request.timeouts };
  let headReceived = false;
  let deadline: FirstByteDeadline | undefined;
  try {
    const method = request.method ?? 'POST';
    const headers = request.sign ? await signedHeaders(request, method, request.sign) : request.headers;
    deadline = new FirstByteDeadline(timeouts.firstByteMs, request.dispatcher ?? defaultDispatcher(), url.origin, request.signal);
    const met = deadline;
    const sent = met.tracking().stream(
      {
        origin: url.origin,
        path: url.pathname + url.search,
        method,
        headers,
        body: request.body ?? null,
        signal: met.signal,
        headersTimeout: timeouts.firstByteMs,
        bodyTimeout: timeouts.idleMs,
      },
      ({ statusCode, headers }) => {
        headReceived = true;
        met.met();
        return onHead({ status: statusCode, headers: headers as UpstreamHeaders });
      },
    );
    // A request still queued for a connection settles only once it gets one: do not wait for that.
    sent.catch(() => undefined);
    await Promise.race([sent, met.ended]);
  } catch (error) {
    throw mapTransportError(error, headReceived ? 'during-body' : 'before-response');
  } finally {
    deadline?.dispose();
  }
}

async function signedHeaders(request: UpstreamRequest, method: string, sign: NonNullable<UpstreamRequest['sign']>): Promise<Record<string, string>> {
  const signable: SignableRequest = { url: request.url, method, headers: request.headers };
  if (request.body !== undefined) signable.body = request.body;
  return { ...request.headers, ...(await sign(signable)) };
}

/** Where `streamUpstreamInto` writes a successful body; each push is awaited (backpressure). */
export interface AsyncBodySink {
  push(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
}

/** An error answer (status >= 400) read instead of being streamed. */
export interface UpstreamErrorAnswer {
  head: UpstreamHead;
  body: Buffer;
}

/**
 * Streams a successful answer's body into `sink` as it arrives, waiting for each push before
 * reading more; an error answer is read whole (at most `maxErrorBytes`) and returned instead.
 * Rejects like `streamUpstream` (and with whatever the sink rejects with).
 */
export async function streamUpstreamInto(request: UpstreamRequest, sink: AsyncBodySink, maxErrorBytes = 64 * 1024): Promise<UpstreamErrorAnswer | undefined> {
  let errorHead: UpstreamHead | undefined;
  const errorBody = createBoundedCollector(maxErrorBytes);
  await streamUpstream(request, (head) => {
    if (head.status >= 400) {
      errorHead = head;
      return errorBody.writable;
    }
    return new Writable({
      write: (chunk: Buffer, _encoding, callback) => void sink.push(chunk).then(() => callback(), callback),
      final: (callback) => void sink.end().then(() => callback(), callback),
    });
  });
  return errorHead ? { head: errorHead, body: errorBody.result() } : undefined;
}

export interface BufferedUpstreamResponse extends UpstreamHead {
  body: Buffer;
}

/** Sends a request and reads the whole body, refusing more than `maxBytes`. */
export async function fetchUpstream(request: UpstreamRequest, maxBytes: number): Promise<BufferedUpstreamResponse> {
  let head: UpstreamHead | undefined;
  const collector = createBoundedCollector(maxBytes);
  await streamUpstream(request, (h) => {
    head = h;
    return collector.writable;
  });
  if (!head) throw mapTransportError(new Error('no response'));
  return { ...head, body: collector.result() };
}

/** A writable that keeps at most `maxBytes` and fails past them. */
export function createBoundedCollector(maxBytes: number): { writable: Writable; result(): Buffer } {
  const chunks: Buffer[] = [];
  let size = 0;
  const writable = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(Object.assign(new Error(`upstream body over ${maxBytes} bytes`), { code: 'ILG_BODY_TOO_LARGE' }));
        return;
      }
      chunks.push(chunk);
      callback();
    },
  });
  return { writable, result: () => Buffer.concat(chunks, size) };
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
