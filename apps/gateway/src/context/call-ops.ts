import type { IrError } from '@interlingua/ir';
import type { RoutingConfig, StreamsConfig } from '../config/operations-schema.js';
import type { GatewayMetrics } from '../observe/gateway-metrics.js';
import type { PriceTable } from '../accounting/price-table.js';

/** Stops a running call with a reason (shutdown deadline). */
export type CallStopper = (reason: IrError) => void;

/** Which targets are cooling down after failures (ids are `provider/upstreamModel`). */
export interface TargetHealth {
  isCooling(id: string): boolean;
  /** Counts a failure of the target itself; enough of them in a row cool it down. */
  failed(id: string, config: RoutingConfig['cooldown']): void;
  /** Cools the target down for `ms` (it asked for a longer wait than the gateway makes). */
  coolFor(id: string, ms: number): void;
}

/** What the pipeline needs from the gateway's operations side: policies, prices, metrics. */
export interface CallOps {
  routing: RoutingConfig;
  streams: StreamsConfig;
  prices: PriceTable;
  cooldowns: TargetHealth;
  metrics?: GatewayMetrics;
  /** Registers a running call so a shutdown can end it; returns the unregistration. */
  registerCall?: (stop: CallStopper) => () => void;
  /** Whether the answer body is kept for the request log. */
  logBodies: boolean;
}
