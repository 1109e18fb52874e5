import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { BoundedLabelValues } from './bounded-label-values.js';

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/** The gateway's Prometheus metrics, on a registry of their own (several gateways may share a process). */
export interface GatewayMetrics {
  registry: Registry;
  requests: Counter<'route' | 'provider' | 'status'>;
  duration: Histogram<'route' | 'provider'>;
  timeToFirstByte: Histogram<'route' | 'provider'>;
  upstreamErrors: Counter<'provider' | 'kind'>;
  tokens: Counter<'provider' | 'model' | 'type'>;
  cost: Counter<'provider' | 'model'>;
  activeStreams: Gauge<'route'>;
  storeErrors: Counter<'operation'>;
  /** Budget held by this process's running requests, by unit (tokens, cost). */
  reservedBudget: Gauge<'unit'>;
  /** The `model` label values of `tokens` and `cost` (caller text on glob routes), bounded. */
  modelLabels: BoundedLabelValues;
}

/** Creates the metrics (and Node's process metrics) on a new registry. */
export function createGatewayMetrics(): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'interlingua_' });
  const registers = [registry];
  return {
    registry,
    modelLabels: new BoundedLabelValues(),
    requests: new Counter({
      name: 'interlingua_requests_total',
      help: 'Requests answered, by route (endpoint), provider and HTTP status',
      labelNames: ['route', 'provider', 'status'],
      registers,
    }),
    duration: new Histogram({
      name: 'interlingua_request_duration_seconds',
      help: 'Time from request to the end of the answer',
      labelNames: ['route', 'provider'],
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    timeToFirstByte: new Histogram({
      name: 'interlingua_time_to_first_byte_seconds',
      help: 'Time from request to the first byte of the answer (the commit point)',
      labelNames: ['route', 'provider'],
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    upstreamErrors: new Counter({
      name: 'interlingua_upstream_errors_total',
      help: 'Failed upstream attempts, by provider and error kind',
      labelNames: ['provider', 'kind'],
      registers,
    }),
    tokens: new Counter({
      name: 'interlingua_tokens_total',
      help: 'Tokens used, by provider, upstream model and type (input, output, cached, reasoning)',
      labelNames: ['provider', 'model', 'type'],
      registers,
    }),
    cost: new Counter({
      name: 'interlingua_cost_total',
      help: 'Cost of priced answers, in the pricing table unit',
      labelNames: ['provider', 'model'],
      registers,
    }),
    activeStreams: new Gauge({
      name: 'interlingua_active_streams',
      help: 'Streamed answers in progress',
      labelNames: ['route'],
      registers,
    }),
    storeErrors: new Counter({
      name: 'interlingua_store_errors_total',
      help: 'State store calls that failed (limits then follow limits.whenStoreFails)',
      labelNames: ['operation'],
      registers,
    }),
    reservedBudget: new Gauge({
      name: 'interlingua_reserved_budget',
      help: 'Budget held by requests running on this process, by unit (tokens, or cost in the pricing table unit)',
      labelNames: ['unit'],
      registers,
    }),
  };
}
