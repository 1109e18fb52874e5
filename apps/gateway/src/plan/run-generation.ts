import { setTimeout as sleep } from 'node:timers/promises';
import { IrError, type IrErrorData, type StyleCodec } from '@interlingua/ir';
import { asIrError, gatewayError } from '../http/style-errors.js';
import { codecFor, wireId } from '@interlingua/provider-adapters';
import type { ResolvedRoute, RouteTarget } from './model-router.js';
import type { AnswerSink } from '../http/response-sink.js';
import type { StreamFramer } from '../http/stream-framer.js';
import { startStreamGuard } from '../call/stream-guard.js';
import { commitStream } from '../commit/commit-stream.js';
import { CallControl } from '../call/call-control.js';
import type { CallOps } from '../context/call-ops.js';
import { STYLE_RECORDS } from '../http/request-styles.js';
import { noteStreamFailure } from '../call/stream-failure.js';
import { defaultCallOps } from './default-call-ops.js';
import { runFastPath } from '../call/fast-path.js';
import type { CallOutcome, GenerationRequest, GenerationRun } from '../context/generation-call.js';
import type { RequestStop } from '../context/request-stop.js';
import { runLocalPath } from '../call/local-path.js';
import { trackStreamedText } from '../accounting/streamed-usage.js';
import { estimateCallInputTokens } from '../accounting/input-token-estimate.js';
import { backoffMs, classifyFailure } from './retry-policy.js';
import { targetId } from './target-cooldowns.js';
import { addsCacheBreakpoints } from '../call/route-cache-breakpoints.js';
import { affinityOrder, cacheAffinityKey } from './cache-affinity.js';
import { runTranslatedPath } from '../call/translated-path.js';

/**
 * Runs a generation call against its route's targets. Before the commit point, a target failing
 * with an upstream failure hands over to the next; when every target failed with a retryable
 * one (429, 5xx, overload, timeout, connection), the targets are tried again after an
 * exponential backoff with jitter (at least the upstream's `retry-after`, up to
 * `routing.maxRetryAfterSeconds`; a longer one goes back to the caller). `quota-exceeded` falls
 * over but is never retried; a 4xx about the request ends the call; errors the gateway raised
 * itself are never failed over. After the commit point, errors go in-band.
 */
export async function runGeneration(request: GenerationRequest, run: GenerationRun): Promise<void> {
  const ops = request.ops ?? defaultCallOps();
  const { sink, signal, outcome } = run;
  const { framer } = request;
  const control = new CallControl(
    signal,
    (reason) => run.abort(reason),
    ops,
    STYLE_RECORDS[request.inbound.wire].endpoint,
  );
  run.control = control;
  let stopGuard: (() => void) | undefined;
  if (request.stream) {
    const commit = (): void => commitStream(sink, framer, outcome, control);
    stopGuard = startStreamGuard({ sink, framer, signal, commit }, ops.streams, (reason) => control.stop(reason));
    const { inbound, json, preparedIr } = request;
    trackStreamedText(inbound.wire, sink, outcome, () =>
      estimateCallInputTokens(run.decoded?.ir ?? preparedIr?.ir, inbound.codec, json),
    );
  }
  try {
    await attemptTargets(request, run, ops, control);
  } catch (error) {
    const stopped = signal.stopped();
    if (stopped === 'caller-left') {
      sink.end();
      return;
    }
    const irError = stopped ?? asIrError(error);
    if (!sink.committed) throw irError;
    noteStreamFailure(outcome, ops.metrics, irError.data);
    if (!sink.ended) await failCommitted(request.inbound.codec, request.model, framer, sink, irError.data);
    sink.end();
  } finally {
    stopGuard?.();
    control.dispose();
    run.control = undefined;
  }
}

/** State of one pass-and-retry loop over a route's targets. */
interface Attempts {
  /** Targets not to try again (quota exhausted, or asked for a wait longer than the cap). */
  done: Set<RouteTarget>;
  lastError?: IrError;
  /** A 429 asking for a longer wait than the gateway will make: what the caller gets if nothing works. */
  tooLongWait?: IrError;
  /** Largest `retry-after` (seconds) seen in the current pass. */
  retryAfter: number;
}

async function attemptTargets(
  request: GenerationRequest,
  run: GenerationRun,
  ops: CallOps,
  control: CallControl,
): Promise<void> {
  const targets = healthyFirst(affinityTargets(request.route, request.json), ops);
  const state: Attempts = { done: new Set(), retryAfter: 0 };
  for (let round = 0; round <= ops.routing.retries; round++) {
    if (round > 0) {
      if (targets.every((target) => state.done.has(target))) break;
      await sleep(backoffMs(round, ops.routing, state.retryAfter), undefined, {
        signal: run.signal.asAbortSignal(),
        ref: false,
      });
      state.retryAfter = 0;
    }
    for (const target of targets) {
      if (state.done.has(target)) continue;
      if (await attempt(request, run, ops, control, target, state)) return;
    }
  }
  throw (
    state.tooLongWait ??
    state.lastError ??
    gatewayError('upstream-unavailable', `No provider is configured for model "${request.model}"`)
  );
}

/** One attempt at one target; true when it answered. Throws what must end the call. */
async function attempt(
  request: GenerationRequest,
  run: GenerationRun,
  ops: CallOps,
  control: CallControl,
  target: RouteTarget,
  state: Attempts,
): Promise<boolean> {
  const { outcome } = run;
  const signal = control.beginAttempt(providerTotalMs(target), target.settings.id);
  outcome.trace?.attemptStarted(target);
  try {
    await runTarget(request, run, target, signal);
    return true;
  } catch (error) {
    const stopped = signal.stopped();
    const irError = stopped instanceof IrError ? stopped : asIrError(error);
    outcome.trace?.attemptFailed(irError.data);
    if (run.sink.committed || stopped === 'caller-left' || irError.data.source === 'gateway') throw irError;
    const verdict = classifyFailure(irError);
    noteFailure(outcome, ops, target, irError.data, verdict !== 'final');
    if (verdict === 'final') throw irError;
    state.lastError = irError;
    const wait = irError.data.retryAfterSeconds ?? 0;
    if (verdict === 'fallback-only') state.done.add(target);
    else if (wait > ops.routing.maxRetryAfterSeconds) {
      state.done.add(target);
      state.tooLongWait ??= irError;
      ops.cooldowns.coolFor(targetId(target), wait * 1000);
    } else state.retryAfter = Math.max(state.retryAfter, wait);
    return false;
  } finally {
    control.finishAttempt();
    outcome.trace?.attemptEnded();
  }
}

/** Chooses the way to `target` once, counts the attempt with it, and runs it under `signal` (the attempt's own, or the request's). */
async function runTarget(
  request: GenerationRequest,
  run: GenerationRun,
  target: RouteTarget,
  signal: RequestStop,
): Promise<void> {
  const adapter = target.adapter;
  if (adapter.kind === 'local') {
    run.outcome.attempted(target, 'local');
    return runLocalPath(request, run, adapter, signal);
  }
  const wire = adapter.wire(target.settings, target.upstreamModel);
  const { way, inbound } = request;
  // The target's own questions: does it speak the caller's style, would the route mark its cache
  // (not when the caller marked it). Asked in this order, a target of another style never scans the body.
  const marksCache = addsCacheBreakpoints(request.route, wire);
  const fast = wire === inbound.wire && way.relayable && (!marksCache || way.callerMarksCache);
  run.outcome.attempted(target, fast ? 'fast' : `translated:${inbound.wire}>${wireId(wire)}`);
  if (fast) return runFastPath(request, run, adapter, codecFor(wire), signal);
  return runTranslatedPath(request, run, adapter, signal, marksCache);
}

/** The route's targets, in the order the request's cache key prefers them when the route keeps caches warm. */
function affinityTargets(route: ResolvedRoute, json: Record<string, unknown>): readonly RouteTarget[] {
  const targets = route.targets;
  if (targets.length < 2 || route.cache?.affinity !== true) return targets;
  const key = cacheAffinityKey(json);
  return key === undefined ? targets : affinityOrder(targets, key, targetId);
}

/** Targets in route order, those cooling down moved last (still tried when nothing else is left). */
function healthyFirst(targets: readonly RouteTarget[], ops: CallOps): RouteTarget[] {
  if (targets.length < 2 || ops.routing.cooldown.failures === 0) return [...targets];
  const cooling = targets.filter((target) => ops.cooldowns.isCooling(targetId(target)));
  if (cooling.length === 0) return [...targets];
  return [...targets.filter((target) => !cooling.includes(target)), ...cooling];
}

/** Counts an upstream failure; only failures of the target itself (not of the request) count towards its cooldown. */
function noteFailure(
  outcome: CallOutcome,
  ops: CallOps,
  target: RouteTarget,
  error: IrErrorData,
  targetAtFault: boolean,
): void {
  outcome.failed(error);
  ops.metrics?.upstreamErrors.inc({ provider: target.settings.id, kind: error.kind });
  if (targetAtFault) ops.cooldowns.failed(targetId(target), ops.routing.cooldown);
}

function providerTotalMs(target: RouteTarget): number | undefined {
  const timeouts = target.settings.timeouts as { totalMs?: unknown } | undefined;
  return typeof timeouts?.totalMs === 'number' ? timeouts.totalMs : undefined;
}

/**
 * Reports an error on a stream that is committed but did not report one yet (an early keep-alive
 * committed it, or the gateway stopped it): one in-band error in the caller's format, then the end.
 */
async function failCommitted(
  codec: StyleCodec<unknown, unknown>,
  model: string,
  framer: StreamFramer,
  sink: AnswerSink,
  error: IrErrorData,
): Promise<void> {
  const messages = codec.stream.createEncoder({ model }).push({ type: 'error', error });
  await sink.write(framer.frame(messages));
  const closing = framer.close();
  sink.end(closing || undefined);
}
