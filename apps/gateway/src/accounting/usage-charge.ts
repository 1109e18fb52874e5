import type { IrUsage } from '@interlingua/ir';
import { releaseOps, type BudgetReservation } from './budget-reservation.js';
import type { GatewayKey } from '../auth/api-keys.js';
import type { StateStore } from '../store/state-store.js';
import { counterKey, TPM_COUNTER } from './counter-keys.js';
import { usageChargeOps } from './usage-ledger.js';
import { counterTtlMs, windowAt, type Window } from './usage-periods.js';

/** The store counter of a key's tokens in one minute (charged here, read by the TPM limit). */
export function tpmCounterKey(keyId: string, minute: Window): string {
  return counterKey(TPM_COUNTER, keyId, minute);
}

/**
 * Charges a finished request to its key, after the answer: TPM for the current minute and the
 * day and month totals (which the budgets read), and gives back the budget it reserved when it
 * was admitted (after the charge, so a reader never sees neither), in one store call that
 * nobody waits for.
 */
export function chargeKey(
  store: StateStore,
  key: GatewayKey,
  usage: IrUsage | undefined,
  cost: number | null,
  now: number,
  onStoreError: (operation: string, error: unknown) => void,
  reservations: readonly BudgetReservation[] = [],
): void {
  const ops = usageChargeOps(key.id, usage, cost, now);
  const tokens = usage ? usage.inputTokens + usage.outputTokens : 0;
  if (key.tpm !== undefined && tokens > 0) {
    const minute = windowAt('minute', now);
    ops.push({ key: tpmCounterKey(key.id, minute), by: tokens, ttlMs: counterTtlMs(minute, now) });
  }
  ops.push(...releaseOps(reservations));
  store.counters(ops).catch((error: unknown) => onStoreError('charge', error));
}
