import type { KeyChange } from '../operations/gateway-ops.js';
import type { OperatorState } from './operator-state.js';

/**
 * Applies a key change made through this process: refusals at once, then the keys read again.
 * Other processes (other workers of this instance too) and instances read the change from the
 * database within `keyRefreshMs`.
 */
export async function applyKeyChange(operator: OperatorState, change: KeyChange): Promise<void> {
  await operator.registry.apply(change);
}
