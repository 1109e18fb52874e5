import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ResponseSink } from './response-sink.js';
import { errorCodecForPath, sendStyleError, gatewayError } from './style-errors.js';

/** How long a client may take to send a request (`server.timeouts`); 0 switches a bound off. */
export interface RequestTimeouts {
  /** From the request's first byte to the end of its headers. */
  headersMs: number;
  /** Between two bytes of the request body. */
  bodyIdleMs: number;
  /** From the request's first byte to the end of its body. */
  requestMs: number;
  /** An idle keep-alive connection between two requests. */
  keepAliveMs: number;
}

/** What a refused slow request reports (for the log). */
export interface SlowRequest {
  path: string;
  reason: 'body-idle' | 'request';
}

/**
 * How often Node sweeps connections for the headers and request deadlines (its default is 30 s,
 * which would let a 10 s bound run to 40 s): a quarter of the shorter bound, between 50 ms and
 * 30 s. It is fixed when the server is made.
 */
export function connectionsCheckingInterval(timeouts: RequestTimeouts): number {
  const bounds = [timeouts.headersMs, timeouts.requestMs].filter((ms) => ms > 0);
  if (bounds.length === 0) return 30_000;
  return Math.min(30_000, Math.max(50, Math.floor(Math.min(...bounds) / 4)));
}

/** Sets Node's own bounds (headers, whole request, keep-alive); called again on a config reload. */
export function applyServerTimeouts(server: Server, timeouts: RequestTimeouts): void {
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
}

/**
 * Bounds the time between two bytes of a request body, which Node does not: while a body
 * arrives, the socket's inactivity timer (refreshed by every byte received) runs at `bodyIdleMs`
 * and is cleared at the body's end, so the answer that follows (a long stream included) is never
 * cut by it. A client that goes quiet gets a 408 in the style its path implies, with
 * `Connection: close`, and its connection is freed. The same answer serves Node's whole-request
 * deadline when it passes while the body arrives (`answerRequestTimeout`).
 */
export class RequestBodyTimer {
  /** The answer of each socket whose request body is still arriving. */
  private readonly arriving = new WeakMap<Duplex, ServerResponse>();

  constructor(
    private readonly timeouts: () => RequestTimeouts,
    private readonly onRefused: (slow: SlowRequest) => void,
  ) {}

  /** The server's `request` listener: arms the idle timer when the request has a body. */
  readonly watch = (request: IncomingMessage, response: ServerResponse): void => {
    const idleMs = this.timeouts().bodyIdleMs;
    const headers = request.headers;
    const hasBody =
      headers['transfer-encoding'] !== undefined ||
      (headers['content-length'] !== undefined && headers['content-length'] !== '0');
    if (!hasBody) return;
    const socket = request.socket;
    this.arriving.set(socket, response);
    if (idleMs > 0) {
      socket.setTimeout(idleMs);
      request.once('timeout', () => this.refuse(request, response, 'body-idle'));
    }
    request.once('end', () => {
      this.arriving.delete(socket);
      // After an early answer Node has already put the keep-alive timer on the socket.
      if (idleMs > 0 && !response.writableFinished) socket.setTimeout(0);
    });
  };

  /**
   * Answers Node's request timeout (`ERR_HTTP_REQUEST_TIMEOUT`) for a socket whose body is still
   * arriving; false when the socket has no such request (the headers did not arrive: the
   * caller answers as for any client error).
   */
  answerRequestTimeout(socket: Duplex): boolean {
    const response = this.arriving.get(socket);
    if (!response) return false;
    this.refuse(response.req, response, 'request');
    return true;
  }

  private refuse(request: IncomingMessage, response: ServerResponse, reason: SlowRequest['reason']): void {
    this.arriving.delete(request.socket);
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    this.onRefused({ path, reason });
    if (response.headersSent) {
      request.socket.destroy();
      return;
    }
    const { bodyIdleMs, requestMs } = this.timeouts();
    const message =
      reason === 'body-idle'
        ? `No byte of the request body arrived for ${bodyIdleMs} ms (server.timeouts.bodyIdleMs); send the body without pauses`
        : `The request did not arrive in full within ${requestMs} ms (server.timeouts.requestMs)`;
    const error = gatewayError('timeout', message, { status: 408, code: 'request_timeout' });
    sendStyleError(new ResponseSink(response), errorCodecForPath(path, request.headers), error);
  }
}
