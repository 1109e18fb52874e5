import type { GatewayRuntime, KeyChange } from '../operations/gateway-ops.js';
import type { OperatorState } from './operator-state.js';

/** What the audit line says of a key change's reach: this instance's other workers that applied it. */
export interface KeyChangeReach {
  workers?: number;
  workersApplied?: number;
}

/**
 * Applies a key change made through this process here (refusals at once, then the keys read
 * again), then on every other worker of this instance through the primary, resolving once each
 * applied it, died, or the primary stopped waiting (2 s). Other instances read it from the
 * database within `keyRefreshMs`.
 */
export async function applyKeyChange(
  runtime: Pick<GatewayRuntime, 'spreadKeyChange'>,
  operator: OperatorState,
  change: KeyChange,
): Promise<KeyChangeReach> {
  await operator.registry.apply(change);
  const spread = runtime.spreadKeyChange;
  if (!spread) return {};
  const outcome = await spread(change);
  return { workers: outcome.workers, workersApplied: outcome.applied };
}
