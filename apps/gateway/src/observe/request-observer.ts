import type { IrUsage } from '@interlingua/ir';
import type { GatewayKey } from '../auth/api-keys.js';
import type { EndpointName } from '../config/operations-schema.js';
import type { GatewayConfig } from '../config/config-schema.js';
import type { Gateway } from '../gateway.js';
import type { RequestHead } from '../http/request-head.js';
import type { AnswerSink } from '../http/response-sink.js';
import type { BudgetReservation } from '../accounting/budget-reservation.js';
import { holdReservations } from '../accounting/budget-reservation-metric.js';
import { chargeKey } from '../accounting/usage-charge.js';
import { callCost } from '../accounting/call-cost.js';
import type { ObservedCall } from '../context/observed-call.js';
import { recordLedgerRow } from '../accounting/ledger-entry.js';
import { settleLeftStreamUsage } from '../accounting/left-stream-usage.js';
import type { RequestTrace } from './tracing/request-tracer.js';
import { bodyForLog, redactUrl, requestLoggingEnabled, writeRequestLine } from './request-log.js';

type Runtime = Gateway['ops']['runtime'];

/**
 * What following a request touches: the logging settings, and the runtime's open-request count,
 * tracer, metrics, store (usage charge), ledger and logger.
 */
export interface ObserverScope {
  config: Pick<GatewayConfig, 'logging'>;
  ops: { runtime: Pick<Runtime, 'requests' | 'tracer' | 'metrics' | 'store' | 'storeError' | 'ledger' | 'logger'> };
}

/** One API request as the gateway follows it from admission to the closed connection. */
export interface TrackedRequest {
  endpoint: EndpointName;
  requestId: string;
  /** `performance.now()` at arrival. */
  started: number;
  key?: GatewayKey;
  /** True once limits let it through: only admitted requests are charged. */
  admitted: boolean;
  /** Budget this request holds while it runs (given back when it closes). */
  reservations?: BudgetReservation[];
  call?: ObservedCall;
  /** The request's trace, when tracing is on. */
  trace?: RequestTrace;
  /** True once its ledger row was recorded (before the answer's last bytes, when the sink can wait). */
  ledgerRowRecorded?: boolean;
}

/**
 * Follows a request until its caller is done with the answer (the sink closes: after the last
 * byte, or when the caller left), then, once: one log line, the metrics, and the charge of its
 * usage to its key (TPM and budgets; never awaited). Nothing runs per event; only the ledger row
 * is recorded before the answer is out (its last bytes wait for the row's journal write), or on
 * close when the sink cannot hold them or the caller left first.
 */
export function trackRequest(
  gateway: ObserverScope,
  request: RequestHead,
  sink: AnswerSink,
  endpoint: EndpointName,
  requestId: string,
): TrackedRequest {
  const entry: TrackedRequest = { endpoint, requestId, started: performance.now(), admitted: false };
  gateway.ops.runtime.requests.started();
  const tracer = gateway.ops.runtime.tracer;
  if (tracer) entry.trace = tracer.startRequest(request, endpoint);
  // The row reaches the journal before the answer's last bytes leave: a crash after them loses nothing.
  if (gateway.ops.runtime.ledger) sink.beforeLastBytes = (status) => recordRow(gateway, entry, status);
  sink.whenClosed((status) => {
    gateway.ops.runtime.requests.ended();
    finishRequest(gateway, entry, request, status, sink.committed);
  });
  return entry;
}

/**
 * Hands the request's call (generation, service or count) to its tracker, so the log line, the
 * metrics and the usage charge see its outcome.
 */
export function attachCall(context: { tracked?: TrackedRequest }, call: ObservedCall): void {
  const tracked = context.tracked;
  if (!tracked) return;
  tracked.call = call;
  if (tracked.trace) {
    tracked.trace.follow(call);
    call.outcome.traced(tracked.trace);
  }
}

function finishRequest(
  gateway: ObserverScope,
  entry: TrackedRequest,
  request: RequestHead,
  status: number,
  committed: boolean,
): void {
  const { metrics, store, storeError } = gateway.ops.runtime;
  const call = entry.call;
  // 499: the client left, before the answer's head or during a stream (the answer never finished).
  if (status === 499 && committed && call?.stream) settleLeftStreamUsage(call.outcome);
  const target = call?.outcome.target;
  const provider = target?.settings.id ?? 'none';
  const usage = call?.outcome.usage;
  const cost = call ? callCost(call) : null;
  const latencyMs = performance.now() - entry.started;
  const firstByteAt = call?.outcome.firstByteAt;
  const labels = { route: entry.endpoint, provider };
  metrics.requests.inc({ route: entry.endpoint, provider, status: String(status) });
  metrics.duration.observe(labels, latencyMs / 1000);
  if (firstByteAt !== undefined) metrics.timeToFirstByte.observe(labels, (firstByteAt - entry.started) / 1000);
  if (usage && target) countTokens(metrics, provider, target.upstreamModel, usage, cost);
  if (entry.key && entry.admitted) chargeKey(store, entry.key, usage, cost, Date.now(), storeError, entry.reservations);
  if (entry.reservations) holdReservations(metrics, entry.reservations, -1);
  if (!entry.ledgerRowRecorded) recordLedgerRow(gateway.ops.runtime.ledger, entry, { status, latencyMs, usage, cost });
  entry.trace?.end({ endpoint: entry.endpoint, status, call, cost, keyId: entry.key?.id });
  if (!requestLoggingEnabled()) return;
  writeRequestLine(
    gateway.ops.runtime.logger,
    status >= 500 ? 'error' : 'info',
    logLine(gateway.config.logging, entry, request, status, latencyMs, usage, cost),
  );
}

/** Records the request's ledger row as its answer ends with `status`; gives the row's journal write, if any. */
function recordRow(gateway: ObserverScope, entry: TrackedRequest, status: number): Promise<void> | undefined {
  entry.ledgerRowRecorded = true;
  const call = entry.call;
  const result = { status, latencyMs: performance.now() - entry.started, usage: call?.outcome.usage };
  return recordLedgerRow(gateway.ops.runtime.ledger, entry, { ...result, cost: call ? callCost(call) : null });
}

function countTokens(
  metrics: Runtime['metrics'],
  provider: string,
  upstreamModel: string,
  usage: IrUsage,
  cost: number | null,
): void {
  const { tokens, cost: costMetric, modelLabels } = metrics;
  const model = modelLabels.label(upstreamModel);
  tokens.inc({ provider, model, type: 'input' }, usage.inputTokens);
  tokens.inc({ provider, model, type: 'output' }, usage.outputTokens);
  const cached = (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0);
  if (cached > 0) tokens.inc({ provider, model, type: 'cached' }, cached);
  if (usage.reasoningTokens) tokens.inc({ provider, model, type: 'reasoning' }, usage.reasoningTokens);
  if (cost !== null) costMetric.inc({ provider, model }, cost);
}

function logLine(
  logging: GatewayConfig['logging'],
  entry: TrackedRequest,
  request: RequestHead,
  status: number,
  latencyMs: number,
  usage: IrUsage | undefined,
  cost: number | null,
): Record<string, unknown> {
  const call = entry.call;
  const outcome = call?.outcome;
  const firstByteAt = outcome?.firstByteAt;
  return {
    requestId: entry.requestId,
    key: entry.key?.name,
    keyId: entry.key?.id,
    endpoint: entry.endpoint,
    method: request.method,
    url: redactUrl(request.url ?? '/'),
    style: call?.inbound?.wire,
    service: call?.service,
    model: call?.model,
    provider: outcome?.target?.settings.id,
    upstreamModel: outcome?.target?.upstreamModel,
    path: outcome?.path,
    stream: call?.stream,
    status,
    attempts: outcome?.attempts,
    latencyMs: round(latencyMs),
    ttfbMs: firstByteAt === undefined ? undefined : round(firstByteAt - entry.started),
    tokens: usage
      ? {
          input: usage.inputTokens,
          output: usage.outputTokens,
          cached: (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0),
          reasoning: usage.reasoningTokens ?? 0,
        }
      : undefined,
    ...(outcome?.usageEstimated ? { usageEstimated: true } : {}),
    cost,
    error: outcome?.lastError ? { kind: outcome.lastError.kind, message: outcome.lastError.message } : undefined,
    ...(logging.bodies && call
      ? {
          requestBody: bodyForLog(call.rawBody, logging.maxBodyChars),
          responseBody: bodyForLog(outcome?.responseBody, logging.maxBodyChars),
        }
      : {}),
  };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
