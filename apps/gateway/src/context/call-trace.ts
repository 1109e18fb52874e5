import type { IrErrorData } from '@interlingua/ir';
import type { RouteTarget } from './route-target.js';

/**
 * The trace of one request as the running call reports into it: one span per upstream attempt
 * under the request's span. Present only when tracing is on (`outcome.trace`); the call's code
 * pays one property check per attempt when it is off.
 */
export interface CallTrace {
  /** An attempt at `target` begins (its span starts, child of the request's span). */
  attemptStarted(target: RouteTarget): void;
  /** The attempt under way failed with `error` before answering. */
  attemptFailed(error: IrErrorData): void;
  /** The attempt under way is over (after the last byte of its answer, or its failure). */
  attemptEnded(): void;
  /** Adds the W3C `traceparent` (and `tracestate`) of the attempt under way to upstream request headers. */
  inject(headers: Record<string, string>): void;
}
