import { IrError } from '@interlingua/ir';
import type { StopListener as ListenerObject, StopSignal } from '@interlingua/provider-adapters';

type StopListener = ListenerObject | (() => void);

/**
 * A request's stop signal: the part of `AbortSignal` the gateway and the upstream transport use
 * (`aborted`, `reason`, 'abort' listeners called once), without making one. Node's `AbortSignal`
 * is an `EventTarget`: about 4 µs to make and more to listen to, on every request. For an API
 * that wants a real `AbortSignal` (an adapter, a timer, a fetch), `asAbortSignal()` makes one that
 * follows this signal.
 */
export class RequestStop implements StopSignal {
  aborted = false;
  reason: unknown = undefined;
  private listeners: StopListener[] | undefined;
  private controller: AbortController | undefined;

  /**
   * Aborts with `reason`; without one, with the `AbortError` an `AbortController` gives. Listeners
   * run once, in the order they were added. A second call changes nothing.
   */
  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
    const listeners = this.listeners;
    this.listeners = undefined;
    if (!listeners) return;
    for (const listener of listeners) {
      if (typeof listener === 'function') listener();
      else listener.handleEvent();
    }
  }

  /** Why it stopped, in one question: the gateway's reason (an `IrError`), 'caller-left' (the caller's abort), or undefined while it runs. */
  stopped(): IrError | 'caller-left' | undefined {
    if (!this.aborted) return undefined;
    return this.reason instanceof IrError ? this.reason : 'caller-left';
  }

  /** The gateway's reason when it stopped the request or the attempt (an `IrError`); undefined otherwise. */
  stopReason(): IrError | undefined {
    return this.aborted && this.reason instanceof IrError ? this.reason : undefined;
  }

  /** True when the caller went away (its abort, not one of the gateway's). */
  callerLeft(): boolean {
    return this.aborted && !(this.reason instanceof IrError);
  }

  /** Calls `listener` once when the signal aborts (never when it has already aborted, as for an `AbortSignal`). */
  addEventListener(_type: 'abort', listener: StopListener): void {
    if (this.aborted) return;
    (this.listeners ??= []).push(listener);
  }

  removeEventListener(_type: 'abort', listener: StopListener): void {
    const listeners = this.listeners;
    if (!listeners) return;
    const index = listeners.indexOf(listener);
    if (index >= 0) listeners.splice(index, 1);
  }

  /** A real `AbortSignal` that aborts with this one (with the same reason), made on first use. */
  asAbortSignal(): AbortSignal {
    if (!this.controller) {
      const controller = new AbortController();
      this.controller = controller;
      if (this.aborted) controller.abort(this.reason);
      else this.addEventListener('abort', () => controller.abort(this.reason));
    }
    return this.controller.signal;
  }
}
