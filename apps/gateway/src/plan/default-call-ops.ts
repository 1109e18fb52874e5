import { routingSchema, streamsSchema } from '../config/operations-schema.js';
import type { CallOps } from '../context/call-ops.js';
import { PriceTable } from '../accounting/price-table.js';
import { MemoryStore } from '../store/memory-store.js';
import { TargetCooldowns } from './target-cooldowns.js';

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
