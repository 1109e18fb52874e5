import { IrError } from '@interlingua/ir';
import type { CallOps } from '../context/call-ops.js';
import { gatewayTimeout } from './gateway-timeout.js';
import { RequestStop } from '../context/request-stop.js';

/**
 * The gateway's own hold on a running call: the request's abort signal, which fires when the
 * client leaves OR the gateway stops the call (total timeout, maximum stream duration, shutdown)
 * with an `IrError` as its reason, the timers behind those, and each attempt's signal (its own
 * when the provider has a deadline), handed to the attempt by `beginAttempt`. It stops the call
 * through `abort`, which aborts the request's signal. At most one timer per request, never one
 * per event (the stream guard, `startStreamGuard`, adds one interval per stream).
 */
export class CallControl {
  private attempt: { timer: NodeJS.Timeout; forward: () => void } | undefined;
  private requestTimer: NodeJS.Timeout | undefined;
  private readonly unregister: (() => void) | undefined;
  private streamOpened = false;

  /**
   * @param requestSignal The request's signal, which every attempt without a deadline of its own uses.
   * @param abort Aborts the request's signal with the gateway's reason.
   * @param route The route label of the active-streams gauge.
   */
  constructor(
    private readonly requestSignal: RequestStop,
    private readonly abort: (reason: IrError) => void,
    private readonly ops: CallOps,
    private readonly route: string,
  ) {
    const totalMs = ops.routing.timeouts.totalMs;
    this.requestTimer = setTimeout(
      () => this.stop(gatewayTimeout(`The request did not complete within routing.timeouts.totalMs (${totalMs} ms)`)),
      totalMs,
    );
    this.unregister = ops.registerCall?.((reason) => this.stop(reason));
  }

  /** Ends the call with `reason`: upstream requests abort, the pipeline reports it in the caller's style. */
  stop(reason: IrError): void {
    this.abort(reason);
  }

  /**
   * Starts one attempt and gives the signal it runs under: with the provider's `timeouts.totalMs`,
   * one of its own that also fires at that deadline; otherwise the request's.
   */
  beginAttempt(totalMs: number | undefined, provider: string): RequestStop {
    this.finishAttempt();
    if (totalMs === undefined || this.requestSignal.aborted) return this.requestSignal;
    const attemptSignal = new RequestStop();
    const forward = (): void => attemptSignal.abort(this.requestSignal.reason);
    this.requestSignal.addEventListener('abort', forward);
    const timer = setTimeout(() => {
      const error = new IrError({
        kind: 'timeout',
        message: `Provider "${provider}" did not answer within its timeouts.totalMs (${totalMs} ms)`,
        source: 'upstream',
      });
      attemptSignal.abort(error);
    }, totalMs);
    this.attempt = { timer, forward };
    return attemptSignal;
  }

  /** Ends the attempt: its deadline goes. */
  finishAttempt(): void {
    if (!this.attempt) return;
    clearTimeout(this.attempt.timer);
    this.requestSignal.removeEventListener('abort', this.attempt.forward);
    this.attempt = undefined;
  }

  /** The first byte went out: for a stream, the pre-commit deadlines end here. */
  committed(streaming: boolean): void {
    if (!streaming) return;
    // The attempt's signal stays in use (the stream is still reading), only its deadline goes.
    if (this.attempt) clearTimeout(this.attempt.timer);
    clearTimeout(this.requestTimer);
    this.requestTimer = undefined;
    if (!this.streamOpened) {
      this.streamOpened = true;
      this.ops.metrics?.activeStreams.inc({ route: this.route });
    }
  }

  dispose(): void {
    this.finishAttempt();
    clearTimeout(this.requestTimer);
    this.unregister?.();
    if (this.streamOpened) this.ops.metrics?.activeStreams.dec({ route: this.route });
  }
}
