import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a loopback upstream received. */
export interface ReceivedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON (throws when it is not JSON). */
  json(): unknown;
}

export type UpstreamHandler = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

export interface LoopbackUpstream {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  requests: ReceivedRequest[];
  /** How many requests the client abandoned before their response ended. */
  readonly abortedCount: number;
  /** Resolves when the next request is abandoned by the client. */
  nextAbort(): Promise<void>;
  /** TCP connections from clients that are open right now (keep-alive ones included). */
  readonly openConnections: number;
  /** Resolves once no client connection is open (at once when none is). */
  allConnectionsClosed(): Promise<void>;
  setHandler(handler: UpstreamHandler): void;
  close(): Promise<void>;
}

/** Starts an HTTP server on 127.0.0.1 on an ephemeral port that answers with `handler`. */
export async function startLoopbackUpstream(handler: UpstreamHandler): Promise<LoopbackUpstream> {
  const requests: ReceivedRequest[] = [];
  let current = handler;
  let abortedCount = 0;
  let abortWaiters: Array<() => void> = [];
  let openConnections = 0;
  let closedWaiters: Array<() => void> = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const received: ReceivedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body,
        json: () => JSON.parse(body.toString('utf8')) as unknown,
      };
      requests.push(received);
      res.on('close', () => {
        if (res.writableFinished) return;
        abortedCount++;
        const waiters = abortWaiters;
        abortWaiters = [];
        for (const wake of waiters) wake();
      });
      Promise.resolve(current(received, res)).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
        else res.destroy();
      });
    });
  });
  server.on('connection', (socket) => {
    openConnections++;
    socket.once('close', () => {
      openConnections--;
      if (openConnections > 0) return;
      const waiters = closedWaiters;
      closedWaiters = [];
      for (const wake of waiters) wake();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get abortedCount() {
      return abortedCount;
    },
    nextAbort: () => new Promise<void>((resolve) => abortWaiters.push(resolve)),
    get openConnections() {
      return openConnections;
    },
    allConnectionsClosed: () =>
      openConnections === 0 ? Promise.resolve() : new Promise<void>((resolve) => closedWaiters.push(resolve)),
    setHandler(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

export interface SseSendOptions {
  /** Split the body into pieces of this many bytes (default: one piece per event). */
  chunkBytes?: number;
  /** Pause between pieces. */
  delayMs?: number;
  /** Stop after this many pieces and destroy the socket (a reset mid-stream). */
  resetAfterPieces?: number;
  headers?: Record<string, string>;
}

/** Sends an SSE body piece by piece, honouring backpressure. */
export async function sendSse(response: ServerResponse, body: string, options: SseSendOptions = {}): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...options.headers });
  const pieces = splitBody(body, options.chunkBytes);
  for (const [i, piece] of pieces.entries()) {
    if (response.destroyed) return;
    if (options.resetAfterPieces !== undefined && i >= options.resetAfterPieces) {
      // Let what was written reach the client before the connection is cut.
      await new Promise((resolve) => setTimeout(resolve, 50));
      response.socket?.destroy();
      return;
    }
    if (!response.write(piece)) await new Promise((resolve) => response.once('drain', resolve));
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  }
  response.end();
}

function splitBody(body: string, chunkBytes: number | undefined): Buffer[] {
  const bytes = Buffer.from(body, 'utf8');
  if (chunkBytes === undefined) {
    // Events end with a blank line, LF or CRLF (Gemini streams use CRLF).
    return body
      .split(/(?<=\r?\n\r?\n)/)
      .filter((piece) => piece.length > 0)
      .map((piece) => Buffer.from(piece, 'utf8'));
  }
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkBytes) pieces.push(bytes.subarray(i, i + chunkBytes));
  return pieces;
}
