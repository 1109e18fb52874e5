import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyStillArriving, endAfterBoundedDrain } from './unread-body.js';

/** One settled promise for every write that did not have to wait. */
const RESOLVED = Promise.resolve();

export type HeaderBag = Record<string, string | number | string[]>;

/**
 * Where one answer goes, whatever carries it: an HTTP response (`ResponseSink`) or a Responses
 * WebSocket turn (`websocket/socket-sink.ts`). Headers are set once at the commit point, then
 * drain-aware writes; the sink knows whether the caller has gone away and says how the answer
 * ended.
 */
export interface AnswerSink {
  /** True once the status line and headers went out: from here on errors go in-band. */
  readonly committed: boolean;
  /** True once the answer has been ended (by the gateway or the caller leaving). */
  readonly ended: boolean;
  /** True when the caller left before the answer ended. */
  readonly clientGone: boolean;
  /** Chunks written so far: keep-alive checks compare it between two ticks. */
  writeCount: number;
  /** Sees every chunk written (e.g. to count the text a stream delivered). */
  onWrite: ((chunk: string | Buffer) => void) | undefined;
  setHeader(name: string, value: string | number | string[]): void;
  /** Writes a whole non-streaming answer. */
  send(status: number, contentType: string, body: string | Buffer, extra?: HeaderBag): void;
  sendJson(status: number, body: unknown, extra?: HeaderBag): void;
  /** Commits a streamed answer: its status and headers. */
  startStream(status: number, contentType: string, extra?: HeaderBag): void;
  /** Writes a chunk; resolves once the caller can take more (or is gone). */
  write(chunk: string | Buffer): Promise<void>;
  /** Writes a chunk like `write`, but gives a promise only when the caller must be waited for. */
  offer(chunk: string | Buffer): Promise<void> | undefined;
  end(chunk?: string): void;
  /**
   * Called once, just before the answer's last bytes leave (a whole answer's `send`, a stream's
   * `end`), with its status; the bytes wait for the promise it gives (the ledger row's journal
   * write). Sinks that cannot hold their last bytes leave it uncalled.
   */
  beforeLastBytes?: ((status: number) => Promise<void> | undefined) | undefined;
  /**
   * Calls `listener` once, when the caller is done with the answer: with the answer's status
   * after its last byte, or 499 when the caller left before the answer ended.
   */
  whenClosed(listener: (status: number) => void): void;
}

/**
 * The caller's side of a request: headers set once at the commit point (the first byte), then
 * drain-aware writes. Knows whether the client has gone away.
 */
export class ResponseSink implements AnswerSink {
  /**
   * Starts with `nosniff`, on every API answer: browsers take the `Content-Type` as given and
   * never guess another (an answer's bytes are often the upstream's). A literal: no per-answer cost.
   */
  private readonly headers: HeaderBag = { 'x-content-type-options': 'nosniff' };
  /** Chunks written so far: keep-alive checks compare it between two ticks. */
  writeCount = 0;
  /** Sees every chunk written (e.g. to count the text a stream delivered). */
  onWrite: ((chunk: string | Buffer) => void) | undefined;
  beforeLastBytes: ((status: number) => Promise<void> | undefined) | undefined;
  /** True while the last bytes wait for `beforeLastBytes`: the answer counts as given and ended. */
  private holding = false;

  constructor(private readonly response: ServerResponse) {}

  /** True once the status line and headers went out (or wait to): from here on errors go in-band. */
  get committed(): boolean {
    return this.response.headersSent || this.holding;
  }

  /** True once the answer has been ended (by the gateway or the client leaving). */
  get ended(): boolean {
    return this.response.writableEnded || this.response.destroyed || this.holding;
  }

  /** True when the client closed the connection before the answer ended. */
  get clientGone(): boolean {
    return this.response.destroyed && !this.response.writableFinished;
  }

  setHeader(name: string, value: string | number | string[]): void {
    this.headers[name] = value;
  }

  /**
   * Writes a whole non-streaming answer. Given while the request body is still arriving (an
   * early error), it closes the connection only after a bounded drain, so the client reads it.
   */
  send(status: number, contentType: string, body: string | Buffer, extra?: HeaderBag): void {
    if (this.committed) return;
    const held = this.holdLastBytes(status);
    if (!held) return this.sendNow(status, contentType, body, extra);
    const go = (): void => this.sendNow(status, contentType, body, extra);
    void held.then(go, go);
  }

  private sendNow(status: number, contentType: string, body: string | Buffer, extra?: HeaderBag): void {
    this.holding = false;
    if (this.response.destroyed) return;
    const headers = this.headersWith(extra);
    headers['content-type'] = contentType;
    headers['content-length'] = Buffer.byteLength(body);
    const request = this.response.req as IncomingMessage | undefined;
    if (!bodyStillArriving(request)) {
      this.response.writeHead(status, headers);
      this.response.end(body);
      return;
    }
    headers.connection = 'close';
    this.response.writeHead(status, headers);
    this.response.write(body);
    endAfterBoundedDrain(request, this.response);
  }

  sendJson(status: number, body: unknown, extra?: HeaderBag): void {
    this.send(status, 'application/json', JSON.stringify(body), extra);
  }

  /**
   * Sends the head of a streamed answer (committed from here on). A write in the same tick
   * carries it in the same system call; when none comes (the first upstream event encoded to
   * nothing), it goes out alone on the next tick.
   */
  startStream(status: number, contentType: string, extra?: HeaderBag): void {
    if (this.committed) return;
    const headers = this.headersWith(extra);
    headers['content-type'] = contentType;
    headers['cache-control'] = 'no-cache';
    headers['x-accel-buffering'] = 'no';
    this.response.writeHead(status, headers);
    process.nextTick(flushHeadAlone, this.response, this.writeCount, this);
  }

  /** Writes a chunk; resolves once the socket can take more (or the client is gone). */
  write(chunk: string | Buffer): Promise<void> {
    return this.offer(chunk) ?? RESOLVED;
  }

  /**
   * Writes a chunk like `write`, but gives nothing when the socket can take more at once: a relay
   * passing many chunks makes no promise for them, only when it must wait.
   */
  offer(chunk: string | Buffer): Promise<void> | undefined {
    if (this.response.destroyed || this.holding || chunk.length === 0) return undefined;
    this.writeCount++;
    this.onWrite?.(chunk);
    if (this.response.write(chunk)) return undefined;
    return new Promise((resolve) => {
      const done = (): void => {
        this.response.off('drain', done);
        this.response.off('close', done);
        resolve();
      };
      this.response.once('drain', done);
      this.response.once('close', done);
    });
  }

  /**
   * The headers set so far with `extra` added, in place: the head goes out once, so the bag is
   * not copied (an object spread per answer showed in profiles).
   */
  private headersWith(extra: HeaderBag | undefined): HeaderBag {
    const headers = this.headers;
    if (extra) for (const name in extra) headers[name] = extra[name]!;
    return headers;
  }

  end(chunk?: string): void {
    if (this.response.writableEnded || this.holding) return;
    const held = this.holdLastBytes(this.response.statusCode);
    if (!held) return this.endNow(chunk);
    const go = (): void => this.endNow(chunk);
    void held.then(go, go);
  }

  private endNow(chunk: string | undefined): void {
    this.holding = false;
    if (this.response.destroyed) return;
    if (chunk) this.response.end(chunk);
    else this.response.end();
  }

  /** What the last bytes wait for, if anything; from here until they leave the answer counts as ended. */
  private holdLastBytes(status: number): Promise<void> | undefined {
    const hook = this.beforeLastBytes;
    if (!hook || this.response.destroyed) return undefined;
    this.beforeLastBytes = undefined;
    const held = hook(status);
    if (held) this.holding = true;
    return held;
  }

  whenClosed(listener: (status: number) => void): void {
    const response = this.response;
    response.once('close', () =>
      listener(response.headersSent && response.writableFinished ? response.statusCode : 499),
    );
  }
}

/** Sends a committed stream's head by itself when nothing was written in the tick that committed it. */
function flushHeadAlone(response: ServerResponse, writesAtCommit: number, sink: ResponseSink): void {
  if (sink.writeCount === writesAtCommit && !response.writableEnded && !response.destroyed) response.flushHeaders();
}
