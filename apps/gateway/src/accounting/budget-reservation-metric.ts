import type { Gauge } from 'prom-client';
import type { BudgetReservation } from './budget-reservation.js';

/** Adds (`sign` 1) or removes (-1) reservations from the reserved-budget gauge (the gateway metrics' `reservedBudget`). */
export function holdReservations(
  metrics: { reservedBudget: Gauge<'unit'> },
  reservations: readonly BudgetReservation[],
  sign: 1 | -1,
): void {
  const gauge = metrics.reservedBudget;
  for (const { unit, amount } of reservations) gauge.inc({ unit }, sign * amount);
}
