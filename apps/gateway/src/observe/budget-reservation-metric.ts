import type { Gateway } from '../gateway.js';
import type { BudgetReservation } from './budget-reservation.js';

/** Adds (`sign` 1) or removes (-1) reservations from the reserved-budget gauge. */
export function holdReservations(gateway: Gateway, reservations: readonly BudgetReservation[], sign: 1 | -1): void {
  const gauge = gateway.ops.runtime.metrics.reservedBudget;
  for (const { unit, amount } of reservations) gauge.inc({ unit }, sign * amount);
}
