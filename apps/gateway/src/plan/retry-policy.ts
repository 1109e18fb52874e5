import type { IrError, IrErrorKind } from '@interlingua/ir';
import type { RoutingConfig } from '../config/operations-schema.js';

/** Upstream failures after which the next target may be tried (before the commit point only). */
const FALLBACK_KINDS = new Set<IrErrorKind>([
  'rate-limit',
  'quota-exceeded',
  'overloaded',
  'timeout',
  'upstream-unavailable',
  'upstream-error',
]);

/** Upstream failures worth trying the same target again for: not `quota-exceeded`, never a 4xx about the request. */
const RETRY_KINDS = new Set<IrErrorKind>([
  'rate-limit',
  'overloaded',
  'timeout',
  'upstream-unavailable',
  'upstream-error',
]);

/** What the pipeline may do after an attempt failed with `error`. */
export type FailureVerdict = 'final' | 'fallback-only' | 'retry';

export function classifyFailure(error: IrError): FailureVerdict {
  if (error.data.source !== 'upstream' || !FALLBACK_KINDS.has(error.data.kind)) return 'final';
  return RETRY_KINDS.has(error.data.kind) ? 'retry' : 'fallback-only';
}

/**
 * The wait before pass `round` (1 = the first retry) over the targets: exponential backoff
 * with "equal jitter" (half fixed, half random), at least the largest `retry-after` seen.
 */
export function backoffMs(
  round: number,
  config: RoutingConfig,
  retryAfterSeconds: number,
  random: () => number = Math.random,
): number {
  const { initialMs, maxMs, multiplier } = config.backoff;
  const base = Math.min(maxMs, initialMs * multiplier ** Math.max(0, round - 1));
  const jittered = base / 2 + (random() * base) / 2;
  return Math.max(jittered, retryAfterSeconds * 1000);
}
