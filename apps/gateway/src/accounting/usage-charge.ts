import type { IrUsage } from '@interlingua/ir';
import { releaseOps, type BudgetReservation } from './budget-reservation.js';
import type { GatewayKey } from '../auth/api-keys.js';
import type { CounterOp, StateStore } from '../store/state-store.js';
import { counterKey, TPM_COUNTER } from './counter-keys.js';
import { usageChargeOps } from './usage-ledger.js';
import { counterTtlMs, windowAt, type Window } from './usage-periods.js';

/** The store counter of a key's tokens in one minute (charged here, read by the TPM limit). */
export function tpmCounterKey(keyId: string, minute: Window): string {
  return counterKey(TPM_COUNTER, keyId, minute);
}

/**
 * Charges a finished request to its key (and the key's team), after the answer: TPM for the current minute and the
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
  const ops: CounterOp[] = [];
  for (const holder of key.team ? [key, key.team] : [key]) {
    ops.push(...usageChargeOps(holder.id, usage, cost, now));
    const tokens = usage ? usage.inputTokens + usage.outputTokens : 0;
    if (holder.tpm !== undefined && tokens > 0) {
      const minute = windowAt('minute', now);
      ops.push({ key: tpmCounterKey(holder.id, minute), by: tokens, ttlMs: counterTtlMs(minute, now) });
    }
  }
  ops.push(...releaseOps(reservations));
  store.counters(finiteCharges(ops, onStoreError)).catch((error: unknown) => onStoreError('charge', error));
}

/**
 * The ops without the charges that are not finite numbers (a usage figure read as `Infinity`),
 * which the store would refuse with the whole call, holds given back included; each left out is reported.
 */
function finiteCharges(ops: CounterOp[], onStoreError: (operation: string, error: unknown) => void): CounterOp[] {
  if (ops.every((op) => Number.isFinite(op.by))) return ops;
  const left = ops.filter((op) => !Number.isFinite(op.by)).map((op) => `${op.key} by ${String(op.by)}`);
  onStoreError('charge', new Error(`not charged, not a finite number: ${left.join(', ')}`));
  return ops.filter((op) => Number.isFinite(op.by));
}
