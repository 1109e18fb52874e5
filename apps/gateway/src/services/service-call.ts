import type { IncomingHttpHeaders } from 'node:http';
import type { IrError } from '@interlingua/ir';
import { unsupported } from '@interlingua/ir';
import type { HttpProviderAdapter, ServiceEndpoint, ServiceName } from '@interlingua/provider-adapters';
import type { AnswerSink } from '../http/response-sink.js';
import type { ResolvedRoute, RouteTarget } from '../plan/model-router.js';
import type { CallOps } from '../context/call-ops.js';
import type { CallOutcome } from '../context/generation-call.js';
import type { RequestStop } from '../context/request-stop.js';
import { asIrError, gatewayError } from '../http/style-errors.js';
import { classifyFailure } from '../plan/retry-policy.js';

/**
 * One request to a non-generation service (embeddings, rerank, images, audio) on its way
 * through the gateway. Satisfies `ObservedCall`: the request observer logs it, counts it in the
 * metrics and charges the usage the upstream reported to the key.
 */
export interface ServiceCall {
  service: ServiceName;
  /** The model name the caller asked for. */
  model: string;
  route: ResolvedRoute;
  requestId: string;
  headers: IncomingHttpHeaders;
  /** Aborted when the client goes away. */
  signal: RequestStop;
  sink: AnswerSink;
  /** Cuts the connection: the only way to report a failure in the middle of a binary answer. */
  destroy(): void;
  maxUpstreamBodyBytes: number;
  outcome: CallOutcome;
  /** Prices and metrics; defaults (no prices, no metrics) when absent. */
  ops?: CallOps;
}

/** A target that serves the call's service, with its adapter and endpoint. */
export interface ServiceTarget {
  target: RouteTarget;
  adapter: HttpProviderAdapter;
  endpoint: ServiceEndpoint;
}

/** Serves the call on one target; throws an `IrError` when it cannot. */
export type ServeOnTarget = (target: ServiceTarget) => Promise<void>;

/**
 * Runs a service call on its route's targets in order, skipping those whose provider does not
 * serve the service (the `mock`, or Gemini for variations). With none left: a 400 naming the
 * providers. Before anything reached the caller, a target that fails with an upstream failure
 * worth another provider (429, 5xx, timeouts, connection errors), or that refuses the request
 * as `unsupported` (a format it cannot produce), hands over to the next; the first refusal or
 * the last failure is what the caller gets when no target answered. Each attempt is a span of
 * the request's trace when tracing is on.
 */
export async function runServiceCall(call: ServiceCall, serve: ServeOnTarget): Promise<void> {
  const serving = servingTargets(call);
  let refusal: IrError | undefined;
  let failure: IrError | undefined;
  for (const candidate of serving) {
    call.outcome.attempted(candidate.target);
    call.outcome.trace?.attemptStarted(candidate.target);
    try {
      await serve(candidate);
      return;
    } catch (error) {
      const irError = asIrError(error);
      call.outcome.trace?.attemptFailed(irError.data);
      if (call.sink.committed || call.signal.aborted) throw irError;
      if (irError.data.source === 'upstream') noteServiceFailure(call, candidate.target, irError);
      if (irError.data.kind === 'unsupported') refusal ??= irError;
      else if (classifyFailure(irError) !== 'final') failure = irError;
      else throw irError;
    } finally {
      call.outcome.trace?.attemptEnded();
    }
  }
  throw (
    refusal ?? failure ?? gatewayError('upstream-unavailable', `No provider is configured for model "${call.model}"`)
  );
}

/** Records an upstream failure of an attempt: for the log line and the upstream error metric. */
function noteServiceFailure(call: ServiceCall, target: RouteTarget, error: IrError): void {
  call.outcome.failed(error.data);
  call.ops?.metrics?.upstreamErrors.inc({ provider: target.settings.id, kind: error.data.kind });
}

function servingTargets(call: ServiceCall): ServiceTarget[] {
  const serving: ServiceTarget[] = [];
  for (const target of call.route.targets) {
    const adapter = target.adapter;
    const endpoint = adapter.kind === 'http' ? adapter.services?.[call.service] : undefined;
    if (adapter.kind === 'http' && endpoint) serving.push({ target, adapter, endpoint });
  }
  if (serving.length > 0) return serving;
  const providers = [
    ...new Set(call.route.targets.map((target) => `"${target.settings.id}" (${target.settings.type})`)),
  ];
  throw unsupported(
    `${serviceLabel(call.service)} is not supported by provider ${providers.join(', ') || 'none'}: model "${call.model}" cannot serve it`,
    'model',
  );
}

/** `POST /v1/images/edits` for `images.edits`. */
export function serviceLabel(service: ServiceName): string {
  return `POST /v1/${service.replace('.', '/')}`;
}

/** How messages name the provider of a target: `gemini (provider "gem")`. */
export function providerLabel(target: RouteTarget): string {
  return target.settings.id === target.settings.type
    ? target.settings.type
    : `${target.settings.type} (provider "${target.settings.id}")`;
}
