import type { IrError, IrErrorData } from '@interlingua/ir';
import type { GenerationWire } from '@interlingua/provider-adapters';
import { routingSchema, streamsSchema, type RoutingConfig, type StreamsConfig } from '../config/operations-schema.js';
import type { GatewayMetrics } from '../observe/gateway-metrics.js';
import { MemoryStore } from '../store/memory-store.js';
import { PriceTable } from '../observe/price-table.js';
import type { GenerationCall } from './generation-call.js';
import { TargetCooldowns } from '../plan/target-cooldowns.js';

/** Stops a running call with a reason (shutdown deadline). */
export type CallStopper = (reason: IrError) => void;

/** What the pipeline needs from the gateway's operations side: policies, prices, metrics. */
export interface CallOps {
  routing: RoutingConfig;
  streams: StreamsConfig;
  prices: PriceTable;
  cooldowns: TargetCooldowns;
  metrics?: GatewayMetrics;
  /** Registers a running call so a shutdown can end it; returns the unregistration. */
  registerCall?: (stop: CallStopper) => () => void;
  /** Whether the answer body is kept for the request log. */
  logBodies: boolean;
}

let defaults: CallOps | undefined;

/** Operations for calls built without any (library use, unit tests): schema defaults, no prices, no metrics. */
export function defaultCallOps(): CallOps {
  defaults ??= {
    routing: routingSchema.parse({}),
    streams: streamsSchema.parse({}),
    prices: new PriceTable([]),
    cooldowns: new TargetCooldowns(new MemoryStore(10_000), () => undefined),
    logBodies: false,
  };
  return defaults;
}

/** The endpoint name (metrics `route` label, key `endpoints`) of each generation style. */
export const ENDPOINT_OF_WIRE = {
  'openai-chat': 'chat',
  'openai-responses': 'responses',
  'anthropic-messages': 'messages',
  gemini: 'gemini',
} as const satisfies Record<GenerationWire, string>;

/** Records a failure reported in-band after the commit point: for the log line and the upstream error metric. */
export function noteStreamFailure(call: GenerationCall, error: IrErrorData): void {
  call.outcome.lastError = error;
  const provider = call.outcome.target?.settings.id;
  if (error.source === 'upstream' && provider) call.ops?.metrics?.upstreamErrors.inc({ provider, kind: error.kind });
}
