import { createSseParser } from '@interlingua/ir-utils';
import type { SseMessage } from '@interlingua/ir';
import type { AnswerSink, HeaderBag } from '../http/response-sink.js';
import { errorEventFromHttp, seeEvent, withWarnings } from './server-events.js';

/** Sends one server event (JSON text) to the client; gives a promise only when the client must be waited for. */
export type SendEvent = (event: string) => Promise<void> | undefined;

const RESOLVED = Promise.resolve();

/**
 * The sink of one `response.create` on a Responses WebSocket connection. The generation path
 * writes what it would write to an HTTP caller (the Responses SSE stream, or a whole error
 * answer); each SSE event goes out as one WebSocket text frame (its JSON data), keep-alive
 * comments stay on the gateway's side, and an error answer becomes the `error` event with the
 * status HTTP would have answered. The route's warnings (`x-interlingua-warnings` over HTTP) go
 * in the response object of `response.created` and of the event that ends the response, as the
 * optional field `interlingua_warnings` (the header's text). Writes wait while the socket has
 * more than its bound queued (see `ResponsesSocket`).
 */
export class SocketSink implements AnswerSink {
  writeCount = 0;
  onWrite: ((chunk: string | Buffer) => void) | undefined;
  /** The event that ended the response (`response.completed`, `response.failed`, `error`, ...), once it went out. */
  terminal: Record<string, unknown> | undefined;
  private status = 0;
  private readonly headers: HeaderBag = {};
  private readonly parser = createSseParser();
  /** `x-interlingua-warnings` of the answer, for the response object's events. */
  private warnings: string | undefined;
  private finished = false;
  private left = false;
  private closed: ((status: number) => void)[] = [];

  constructor(private readonly emit: SendEvent) {}

  get committed(): boolean {
    return this.status !== 0;
  }

  get ended(): boolean {
    return this.finished || this.left;
  }

  get clientGone(): boolean {
    return this.left && !this.finished;
  }

  setHeader(name: string, value: string | number | string[]): void {
    this.headers[name] = value;
  }

  /** A whole answer: over the socket only an error is one (a turn is always streamed), sent as the `error` event. */
  send(status: number, _contentType: string, body: string | Buffer, extra?: HeaderBag): void {
    if (this.committed || this.ended) return;
    this.status = status;
    const retryAfter = extra?.['retry-after'] ?? this.headers['retry-after'];
    const event = errorEventFromHttp(
      status < 400 ? 502 : status,
      typeof body === 'string' ? body : body.toString('utf8'),
      retryAfter === undefined ? null : String(retryAfter),
    );
    this.terminal = JSON.parse(event) as Record<string, unknown>;
    void this.emit(event);
    this.finish();
  }

  sendJson(status: number, body: unknown, extra?: HeaderBag): void {
    this.send(status, 'application/json', JSON.stringify(body), extra);
  }

  startStream(status: number, _contentType: string, extra?: HeaderBag): void {
    if (this.committed || this.ended) return;
    this.status = status;
    const warnings = extra?.['x-interlingua-warnings'];
    if (typeof warnings === 'string') this.warnings = warnings;
  }

  write(chunk: string | Buffer): Promise<void> {
    return this.offer(chunk) ?? RESOLVED;
  }

  offer(chunk: string | Buffer): Promise<void> | undefined {
    if (this.ended || chunk.length === 0) return undefined;
    this.writeCount++;
    this.onWrite?.(chunk);
    return this.forward(this.parser.push(chunk));
  }

  end(chunk?: string): void {
    if (this.ended) return;
    if (chunk) this.offer(chunk);
    void this.forward(this.parser.end());
    this.status ||= 200;
    this.finish();
  }

  whenClosed(listener: (status: number) => void): void {
    this.closed.push(listener);
  }

  /** The client closed the socket: the answer ends here, as a caller leaving (499). */
  leave(): void {
    if (this.ended) return;
    this.left = true;
    this.close(499);
  }

  private forward(messages: readonly SseMessage[]): Promise<void> | undefined {
    let wait: Promise<void> | undefined;
    for (const message of messages) {
      if (message.data === '[DONE]' || message.data.length === 0) continue;
      const seen = seeEvent(message.event, message.data);
      if (seen.terminal) this.terminal = seen.terminal;
      const data =
        this.warnings !== undefined && (seen.terminal || seen.type === 'response.created')
          ? withWarnings(message.data, this.warnings)
          : message.data;
      wait = this.emit(data) ?? wait;
    }
    return wait;
  }

  private finish(): void {
    this.finished = true;
    this.close(this.status);
  }

  private close(status: number): void {
    const listeners = this.closed;
    this.closed = [];
    for (const listener of listeners) listener(status);
  }
}
