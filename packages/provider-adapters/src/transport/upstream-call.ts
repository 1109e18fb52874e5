import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import { firstByteExpiredError } from './first-byte-deadline.js';

/** What a body consumer tells the call it reads from. */
export interface BodyFlow {
  /** The consumer can take more: read the upstream again after a `write` that returned `false`. */
  resume(): void;
  /** The consumer has taken the whole body: the call succeeds. */
  done(): void;
  /** The consumer failed: the upstream request is aborted and the call fails with `error`. */
  fail(error: unknown): void;
}

/** Where a call writes the body of the answer it received. */
export interface BodyConsumer {
  /** One chunk of the body; `false` pauses the upstream until the consumer calls `flow.resume()`. */
  write(chunk: Buffer): boolean;
  /** The body has ended; the consumer calls `flow.done()` (or `flow.fail()`) once it is through. */
  end(): void;
  /** The call failed after the head (upstream error, timeout, abort): drop what is held. */
  destroy(error: unknown): void;
}

/**
 * What a call needs of its caller's abort signal. An `AbortSignal` is one; a caller on a hot path
 * may pass a lighter object with the same members (Node's `AbortSignal` is an `EventTarget`, which
 * costs microseconds to make and to listen to). Listeners are objects with `handleEvent`.
 */
export interface StopSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: StopListener, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: StopListener): void;
}

/** An 'abort' listener object, as `EventTarget` takes them. */
export interface StopListener {
  handleEvent(): void;
}

export interface UpstreamCallHead {
  status: number;
  headers: IncomingHttpHeaders;
}

export interface UpstreamCallOptions {
  /** Counted from the dispatch, so that waiting for a free pooled connection counts too. */
  firstByteMs: number;
  dispatcher: Dispatcher;
  origin: string;
  callerSignal: StopSignal | undefined;
  /** Called once with the response head; returns where its body goes. */
  onHead(head: UpstreamCallHead, flow: BodyFlow): BodyConsumer;
}

/**
 * One upstream request as an undici dispatch handler: the first-byte deadline (from the dispatch,
 * so a request queued for a pooled connection is timed too, and told apart from one the upstream
 * leaves unanswered), the caller's abort (which ends the wait at once, even while the request is
 * still queued), and the body handed to a consumer with backpressure. Nothing is allocated per
 * body chunk. `settled` resolves once the consumer has taken the whole body.
 */
export class UpstreamCall implements Dispatcher.DispatchHandler, BodyFlow {
  readonly settled: Promise<void>;
  /** The response head arrived (errors after it happened while reading the body). */
  headReceived = false;
  private resolve!: () => void;
  private reject!: (reason: unknown) => void;
  private isSettled = false;
  private connected = false;
  private controller: Dispatcher.DispatchController | undefined;
  /** Why the call ended before the request got a connection: it is aborted as soon as it gets one. */
  private pendingAbort: { reason: unknown } | undefined;
  private consumer: BodyConsumer | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: UpstreamCallOptions) {
    this.settled = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.timer = setTimeout(expire, options.firstByteMs, this);
    const signal = options.callerSignal;
    if (signal?.aborted) this.stop(signal.reason);
    else signal?.addEventListener('abort', this, { once: true });
  }

  /** The caller's signal aborted. */
  handleEvent(): void {
    this.stop(this.options.callerSignal?.reason);
  }

  expire(): void {
    const { firstByteMs, dispatcher, origin } = this.options;
    this.stop(firstByteExpiredError({ timeoutMs: firstByteMs, dispatcher, origin, connected: this.connected }));
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    this.connected = true;
    if (this.pendingAbort) controller.abort(this.pendingAbort.reason as Error);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    if (statusCode < 200 || this.headReceived) return;
    this.headReceived = true;
    clearTimeout(this.timer);
    try {
      this.consumer = this.options.onHead({ status: statusCode, headers }, this);
    } catch (error) {
      this.fail(error);
    }
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.consumer && !this.consumer.write(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    if (this.consumer) this.consumer.end();
    else this.done();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    const consumer = this.consumer;
    this.consumer = undefined;
    this.settle(error);
    consumer?.destroy(error);
  }

  resume(): void {
    if (!this.isSettled) this.controller?.resume();
  }

  done(): void {
    this.settle(undefined);
  }

  fail(error: unknown): void {
    this.stop(error);
  }

  /** Ends the call with `reason` and aborts the request (at once, or as soon as it gets a connection). */
  private stop(reason: unknown): void {
    if (this.isSettled) return;
    const consumer = this.consumer;
    this.consumer = undefined;
    this.settle(reason);
    if (this.controller) this.controller.abort(reason as Error);
    else this.pendingAbort = { reason };
    consumer?.destroy(reason);
  }

  private settle(error: unknown): void {
    if (this.isSettled) return;
    this.isSettled = true;
    clearTimeout(this.timer);
    this.options.callerSignal?.removeEventListener('abort', this);
    if (error === undefined) this.resolve();
    else this.reject(error);
  }
}

function expire(call: UpstreamCall): void {
  call.expire();
}
