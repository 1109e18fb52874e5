import type { IrUsage } from '@interlingua/ir';
import type { GatewayKey } from '../auth/api-keys.js';
import { releaseOps, reserveOn, type BudgetReservation } from '../accounting/budget-reservation.js';
import { holdReservations } from '../accounting/budget-reservation-metric.js';
import { admitKey, type StoreErrorHandler, type StoreFailMode } from '../accounting/key-limiter.js';
import { windowAt } from '../accounting/usage-periods.js';
import type { TrackedRequest } from '../observe/request-observer.js';
import type { StateStore } from '../store/state-store.js';

/** What the key's limits are read from: the store, its failure policy and error handler. */
export interface LoopLimitsScope {
  store: StateStore;
  config: { limits: { whenStoreFails: StoreFailMode } };
  ops: { runtime: { storeError: StoreErrorHandler; metrics: Parameters<typeof holdReservations>[0] } };
}

/**
 * The key's limits before each model call of the loop after the first: the call counts against
 * the key's RPM like a request, and a key (or team) over its TPM or a budget ends the loop with
 * the usual 429. The request's own holds (admission's, and the loop's spend so far, see
 * `holdLoopSpend`) count as held; the check's own is given back at once.
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

/**
 * Holds what one model call of the loop spent on each budget of the key (and its team) until the
 * request is charged: the loop's usage is charged once, when the request ends, so without the
 * hold the check before the next call would not see it. The holds join the request's own, given
 * back in the same store step that charges its usage. A cost budget is held only for a priced call.
 */
export async function holdLoopSpend(
  scope: LoopLimitsScope,
  tracked: TrackedRequest | undefined,
  key: GatewayKey,
  usage: IrUsage | undefined,
  cost: number | null,
): Promise<void> {
  if (!tracked || !usage) return;
  const now = Date.now();
  const tokens = usage.inputTokens + usage.outputTokens;
  const holds: BudgetReservation[] = [];
  const holders = [
    { holder: key, kind: 'key' as const },
    ...(key.team ? [{ holder: key.team, kind: 'team' as const }] : []),
  ];
  for (const { holder, kind } of holders)
    for (const budget of holder.budgets) {
      const units = budget.tokens === undefined ? (cost === null ? 0 : Math.round(cost * 1_000_000)) : tokens;
      if (units <= 0) continue;
      const base = reserveOn(holder, budget, windowAt(budget.period, now), now, kind);
      const amount = budget.tokens === undefined ? units / 1_000_000 : units;
      holds.push({ ...base, op: { ...base.op, by: units }, amount });
    }
  if (holds.length === 0) return;
  try {
    await scope.store.counters(holds.map((hold) => hold.op));
  } catch (error) {
    scope.ops.runtime.storeError('reserve', error);
    return;
  }
  tracked.reservations = [...(tracked.reservations ?? []), ...holds];
  holdReservations(scope.ops.runtime.metrics, holds, 1);
}
