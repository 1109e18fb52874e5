import type { Gateway } from '../gateway.js';
import type { KeyChange, SpreadOutcome } from '../operations/gateway-ops.js';
import type { OperatorState } from './operator-state.js';

/** What the audit line says of a key change's reach: this instance's other workers that applied it. */
export interface KeyChangeReach {
  workers?: number;
  workersApplied?: number;
}

/**
 * Applies a key change made through this process here, then on every other worker of this
 * instance (through the primary), resolving once each has applied it or the primary gave up on
 * one that did not answer. Other instances read it from the database within `keyRefreshMs`.
 */
export async function applyKeyChange(gateway: Gateway, operator: OperatorState, change: KeyChange): Promise<KeyChangeReach> {
  await operator.registry.apply(change);
  const spread = gateway.ops.runtime.spreadKeyChange;
  if (!spread) return {};
  const outcome: SpreadOutcome = await spread(change);
  return { workers: outcome.workers, workersApplied: outcome.applied };
}
