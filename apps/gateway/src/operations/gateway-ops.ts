import type { DestinationStream, Logger } from 'pino';
import { secretDigest, type GatewayKey } from '../auth/api-keys.js';
import type { GatewayConfig } from '../config/config-schema.js';
import { createGatewayMetrics, type GatewayMetrics } from '../observe/gateway-metrics.js';
import { createLogger } from '../observe/request-log.js';
import type { CallOps } from '../context/call-ops.js';
import { TargetCooldowns } from '../plan/target-cooldowns.js';
import type { StateStore } from '../store/state-store.js';
import { PriceTable } from '../accounting/price-table.js';
import { PriceCatalog } from '../accounting/price-catalog.js';
import { ActiveRequests } from './active-requests.js';
import type { RequestTracer } from '../observe/tracing/request-tracer.js';
import type { LedgerWriter } from '../ledger/ledger-writer.js';
import { ResponseCache } from '../cache/response-cache.js';
import { answerStoreFor } from '../cache/answer-store-for.js';
import { errorText } from '../http/style-errors.js';

/**
 * What outlives a config reload: the store, metrics, logger, cooldowns and the open requests.
 * One per running server.
 */
export interface GatewayRuntime {
  store: StateStore;
  metrics: GatewayMetrics;
  logger: Logger;
  cooldowns: TargetCooldowns;
  requests: ActiveRequests;
  /** True once a shutdown began: `/ready` says 503 and new requests are refused. */
  draining: boolean;
  /** Reports a failed store call (limits and cooldowns then go on without it). */
  storeError(operation: string, error: unknown): void;
  /**
   * The Prometheus text `/metrics` answers, when it is not this process's own registry (a worker
   * of several: every worker's metrics, summed by the primary).
   */
  metricsText?: () => Promise<string>;
  /** The keys created at runtime (`/admin/keys`), when the gateway has a database. */
  runtimeKeys?: RuntimeKeys;
  /** The usage ledger the observer hands each finished request to, when the gateway has a database. */
  ledger?: LedgerWriter;
  /** The response cache (routes with `cache.ttlSeconds` use it); absent in runtimes built without one. */
  responseCache?: ResponseCache;
  /** Traces requests when telemetry is on (`telemetry` block or `OTEL_*` variables); absent when off. */
  tracer?: RequestTracer;
  /**
   * Tells this instance's other workers of a key change made here and resolves once each applied
   * it (or the primary stopped waiting); undefined in a single process.
   */
  spreadKeyChange?: (change: KeyChange) => Promise<{ workers: number; applied: number }>;
}

/** A change to runtime keys made through the admin API, as every worker of the instance applies it. */
export interface KeyChange {
  /** Ids to refuse at once (a revocation the database could not record). */
  refuse?: string[];
  /** Ids no longer refused locally (their change is saved; the database decides again). */
  allow?: string[];
}

export interface RuntimeKeys {
  find(presented: string): GatewayKey | undefined;
  /** Applies a key change: the refusals at once, then the keys read again. */
  apply(change: KeyChange): Promise<void>;
  /** The id of the runtime key that has this name. */
  idOfName(name: string): string | undefined;
}

export interface RuntimeOptions {
  /** Where log lines go (tests); stdout by default. */
  logDestination?: DestinationStream;
}

export function createRuntime(config: GatewayConfig, store: StateStore, options: RuntimeOptions = {}): GatewayRuntime {
  const metrics = createGatewayMetrics();
  const logger = createLogger(config.logging.level, options.logDestination);
  const storeError = (operation: string, error: unknown): void => {
    metrics.storeErrors.inc({ operation });
    logger.warn({ operation, err: errorText(error) }, 'state store call failed');
  };
  return {
    store,
    metrics,
    logger,
    cooldowns: new TargetCooldowns(store, storeError),
    requests: new ActiveRequests(),
    draining: false,
    storeError,
    responseCache: new ResponseCache(answerStoreFor(config)),
  };
}

/** The operations side of one gateway (one config): the runtime plus what the config decides. */
export interface GatewayOps {
  runtime: GatewayRuntime;
  prices: PriceTable;
  /** Shared by every generation call of this gateway. */
  call: CallOps;
  /** SHA-256 of the admin secret; undefined when no admin key is configured. */
  adminDigest?: Buffer;
}

export function createGatewayOps(config: GatewayConfig, runtime: GatewayRuntime): GatewayOps {
  const catalog = config.priceCatalog
    ? new PriceCatalog((providerType, model) =>
        runtime.logger.warn(
          { providerType, model },
          'price catalog: no price for this upstream model; its calls are unpriced',
        ),
      )
    : undefined;
  const prices = new PriceTable(config.pricing, catalog);
  return {
    runtime,
    prices,
    call: {
      routing: config.routing,
      streams: config.streams,
      prices,
      cooldowns: runtime.cooldowns,
      metrics: runtime.metrics,
      registerCall: (stop) => runtime.requests.registerCall(stop),
      logBodies: config.logging.bodies,
    },
    ...(config.admin ? { adminDigest: secretDigest(config.admin) } : {}),
  };
}
