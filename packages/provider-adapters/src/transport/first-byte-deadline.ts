import type { Dispatcher } from 'undici';
import { IrError } from '@interlingua/ir';

/** What the transport knows of a dispatcher it made: the provider it serves and its pool size. */
export interface DispatcherLabel {
  /** Provider id, when the dispatcher serves one provider. */
  name?: string;
  /** Connections per origin. */
  connections: number;
}

const labels = new WeakMap<Dispatcher, DispatcherLabel>();

export function labelDispatcher(dispatcher: Dispatcher, label: DispatcherLabel): void {
  labels.set(dispatcher, label);
}

/**
 * The first-byte timeout of one upstream request, counted from the moment it is handed to the
 * connection pool, so that waiting for a free connection counts too (undici's own headers timeout
 * starts only once the request is written). It ends the request's wait at once when it expires or
 * when the caller aborts, even while the request is still queued for a connection.
 */
export class FirstByteDeadline {
  /** Passed to undici: aborts the request once it has a connection. */
  readonly signal: AbortSignal;
  /** Rejects when the deadline passes or the caller aborts; race it with the request. */
  readonly ended: Promise<never>;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private connected = false;
  private end: (reason: unknown) => void = () => undefined;
  private readonly onCallerAbort: () => void;

  constructor(
    private readonly timeoutMs: number,
    private readonly dispatcher: Dispatcher,
    private readonly origin: string,
    private readonly callerSignal?: AbortSignal,
  ) {
    this.signal = this.controller.signal;
    this.ended = new Promise<never>((_resolve, reject) => (this.end = reject));
    this.ended.catch(() => undefined);
    this.onCallerAbort = () => this.stop(callerSignal?.reason);
    if (callerSignal?.aborted) this.onCallerAbort();
    else callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.timer = setTimeout(() => this.stop(this.expiredError()), timeoutMs);
  }

  /** The dispatcher to send through: it tells this deadline when the request got a connection. */
  tracking(): Dispatcher {
    if (typeof this.dispatcher.compose !== 'function') return this.dispatcher;
    const markConnected = (): void => {
      this.connected = true;
    };
    return this.dispatcher.compose((dispatch) => (options, handler) => dispatch(options, onConnection(handler, markConnected)));
  }

  /** The response head arrived: the deadline no longer applies (the idle timeout takes over); a caller abort still does. */
  met(): void {
    clearTimeout(this.timer);
  }

  /** The request is over: nothing more to watch. */
  dispose(): void {
    clearTimeout(this.timer);
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }

  private stop(reason: unknown): void {
    this.dispose();
    this.controller.abort(reason);
    this.end(reason);
  }

  private expiredError(): IrError {
    if (this.connected) {
      return new IrError({ kind: 'timeout', message: `The upstream provider did not answer within ${this.timeoutMs} ms (first byte timeout)`, code: 'UND_ERR_HEADERS_TIMEOUT', source: 'upstream' });
    }
    const label = labels.get(this.dispatcher);
    const who = label?.name ? `provider "${label.name}"` : new URL(this.origin).host;
    const pool = label ? `all its ${label.connections} connections were busy` : 'every connection was busy';
    const hint = label?.name ? ` (raise providers[].connections for "${label.name}", or send fewer requests at once)` : '';
    return new IrError({
      kind: 'timeout',
      message: `No connection to ${who} was free within the first-byte timeout of ${this.timeoutMs} ms: ${pool}${hint}`,
      code: 'connection_pool_exhausted',
      source: 'gateway',
    });
  }
}

/** A dispatch handler that calls `onConnected` when the request is written to a connection. */
function onConnection(handler: Dispatcher.DispatchHandler, onConnected: () => void): Dispatcher.DispatchHandler {
  return new Proxy(handler, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property === 'onRequestStart' || property === 'onConnect') {
        return (...args: unknown[]) => {
          onConnected();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
