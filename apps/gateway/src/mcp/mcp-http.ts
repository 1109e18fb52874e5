import type { IncomingMessage } from 'node:http';
import type { AnswerSink } from '../http/response-sink.js';

const BOTH = 'application/json, text/event-stream';

/** Whether the caller takes Server-Sent Events answers (else every answer is one JSON body). */
export function acceptsEventStream(request: IncomingMessage): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

/**
 * The Web request the SDK's transport reads, its body already parsed (passed beside it). The
 * caller's `Accept` and `Content-Type` are read leniently: a missing or partial `Accept` is
 * answered with JSON (never 406), a missing `Content-Type` is taken as JSON.
 */
export function transportRequest(request: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set('accept', BOTH);
  if (!headers.get('content-type')?.includes('application/json')) headers.set('content-type', 'application/json');
  return new Request(url, { method: request.method ?? 'POST', headers });
}

/**
 * Writes the transport's answer through the request's sink (the ledger rows go out before its
 * last bytes), with `headers` beside the answer's own.
 */
export async function sendAnswer(
  sink: AnswerSink,
  answer: Response,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): Promise<void> {
  const extra: Record<string, string> = { ...headers };
  answer.headers.forEach((value, name) => {
    if (name !== 'content-type' && name !== 'content-length') extra[name] = value;
  });
  sink.startStream(answer.status, answer.headers.get('content-type') ?? 'application/json', extra);
  const body = answer.body;
  if (body) {
    const reader = body.getReader();
    const cancel = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', cancel, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await sink.write(Buffer.from(value));
      }
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  }
  sink.end();
}

/** A JSON-RPC error answered before any MCP server runs (bad JSON, too large, unknown server, wrong method). */
export function sendJsonRpcError(
  sink: AnswerSink,
  status: number,
  code: number,
  message: string,
  extra?: Record<string, string>,
): void {
  sink.sendJson(status, { jsonrpc: '2.0', id: null, error: { code, message } }, extra);
}
