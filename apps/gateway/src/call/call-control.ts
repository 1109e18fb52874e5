import { IrError } from '@interlingua/ir';
import { ENDPOINT_OF_STYLE, type CallOps } from '../context/call-ops.js';
import type { GenerationContext } from '../context/generation-call.js';
import { gatewayTimeout } from './gateway-timeout.js';
import { startStreamGuard } from './stream-guard.js';
import { RequestStop } from '../context/request-stop.js';

/**
 * The gateway's own hold on a running call: the request's abort signal, which fires when the
 * client leaves OR the gateway stops the call (total timeout, maximum stream duration, shutdown)
 * with an `IrError` as its reason, the timers behind those, and each attempt's signal (its own
 * when the provider has a deadline), handed to the attempt by `beginAttempt`. It stops the call
 * through the request's (`call.abort`). At most one timer per request plus one interval per
 * stream, never one per event.
 */
export class CallControl {
  /** The request's signal, which every attempt without a deadline of its own uses. */
  private readonly requestSignal: RequestStop;
  private attempt: { timer: NodeJS.Timeout; forward: () => void } | undefined;
  private requestTimer: NodeJS.Timeout | undefined;
  private readonly stopGuard: (() => void) | undefined;
  private readonly unregister: (() => void) | undefined;
  private streamOpened = false;

  constructor(
    private readonly call: GenerationContext,
    private readonly ops: CallOps,
  ) {
    this.requestSignal = call.signal;
    const totalMs = ops.routing.timeouts.totalMs;
    this.requestTimer = setTimeout(
      () => this.stop(gatewayTimeout(`The request did not complete within routing.timeouts.totalMs (${totalMs} ms)`)),
      totalMs,
    );
    this.stopGuard = call.stream ? startStreamGuard(call, ops.streams, (reason) => this.stop(reason)) : undefined;
    this.unregister = ops.registerCall?.((reason) => this.stop(reason));
    call.control = this;
  }

  /** Ends the call with `reason`: upstream requests abort, the pipeline reports it in the caller's style. */
  stop(reason: IrError): void {
    this.call.abort(reason);
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
      this.ops.metrics?.activeStreams.inc({ route: routeLabel(this.call) });
    }
  }

  dispose(): void {
    this.finishAttempt();
    clearTimeout(this.requestTimer);
    this.stopGuard?.();
    this.unregister?.();
    if (this.streamOpened) this.ops.metrics?.activeStreams.dec({ route: routeLabel(this.call) });
    this.call.control = undefined;
  }
}

/** What `stopReason` and `callerLeft` read: the request's signal, or an attempt's. */
type StoppedSignal = Pick<RequestStop, 'aborted' | 'reason'>;

/** The gateway's reason when it stopped the call (the request's signal) or the attempt (an attempt's); undefined otherwise. */
export function stopReason(signal: StoppedSignal): IrError | undefined {
  const reason: unknown = signal.aborted ? signal.reason : undefined;
  return reason instanceof IrError ? reason : undefined;
}

/** True when the caller went away (its abort, not one of the gateway's). */
export function callerLeft(signal: StoppedSignal): boolean {
  return signal.aborted && !(signal.reason instanceof IrError);
}

function routeLabel(call: GenerationContext): string {
  return ENDPOINT_OF_STYLE[call.inbound.wire];
}
