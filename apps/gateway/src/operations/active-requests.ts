import type { IrError } from '@interlingua/ir';
import type { CallStopper } from '../context/call-ops.js';

/**
 * The requests an instance is serving, for a graceful shutdown: how many are open, a way to
 * wait until none is, and the stoppers of running generation calls, which end their streams
 * with an in-style error when the shutdown deadline comes.
 */
export class ActiveRequests {
  private open = 0;
  private readonly stoppers = new Set<CallStopper>();
  private waiters: Array<() => void> = [];

  get count(): number {
    return this.open;
  }

  started(): void {
    this.open++;
  }

  ended(): void {
    this.open = Math.max(0, this.open - 1);
    if (this.open > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Registers a running call's stopper; returns its unregistration. */
  registerCall(stop: CallStopper): () => void {
    this.stoppers.add(stop);
    return () => this.stoppers.delete(stop);
  }

  /** Resolves when no request is open. */
  whenIdle(): Promise<void> {
    if (this.open === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Stops every running call with `reason`. */
  stopAll(reason: IrError): void {
    for (const stop of [...this.stoppers]) stop(reason);
  }
}
