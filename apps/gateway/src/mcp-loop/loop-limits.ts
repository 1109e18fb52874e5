import type { GatewayKey } from '../auth/api-keys.js';
import { releaseOps } from '../accounting/budget-reservation.js';
import { admitKey, type StoreErrorHandler, type StoreFailMode } from '../accounting/key-limiter.js';
import type { StateStore } from '../store/state-store.js';

/** What the key's limits are read from: the store, its failure policy and error handler. */
export interface LoopLimitsScope {
  store: StateStore;
  config: { limits: { whenStoreFails: StoreFailMode } };
  ops: { runtime: { storeError: StoreErrorHandler } };
}

/**
 * The key's limits before each model call of the loop after the first: the call counts against
 * the key's RPM like a request, and a key (or team) over its TPM or a budget ends the loop with
 * the usual 429. The request's own hold, taken at admission, stays; the check's is given back at once.
 */
export async function checkLoopLimits(scope: LoopLimitsScope, key: GatewayKey): Promise<void> {
  const reservations = await admitKey(
    scope.store,
    key,
    Date.now(),
    scope.ops.runtime.storeError,
    scope.config.limits.whenStoreFails,
  );
  if (reservations.length === 0) return;
  await scope.store
    .counters(releaseOps(reservations))
    .catch((error: unknown) => scope.ops.runtime.storeError('release', error));
}
