import type { CounterOp } from './state-store.js';

/**
 * Refuses counter ops whose amount or lifetime is not a finite number (`Infinity`, `NaN`, or a
 * value a JSON channel turned into `null`): a store never takes one, so no counter becomes
 * non-finite through it. Throws before anything is written; the caller's store-failure policy applies.
 */
export function refuseNonFiniteOps(ops: readonly CounterOp[]): void {
  for (const op of ops)
    if (!Number.isFinite(op.by) || !Number.isFinite(op.ttlMs))
      throw new RangeError(
        `counter op on ${op.key} refused: by ${String(op.by)} and ttlMs ${String(op.ttlMs)} must be finite numbers`,
      );
}
