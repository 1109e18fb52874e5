import type { BudgetReservation } from './budget-reservation.js';
import type { GatewayMetrics } from './gateway-metrics.js';

/** Adds (`sign` 1) or removes (-1) reservations from the reserved-budget gauge. */
export function holdReservations(
  metrics: Pick<GatewayMetrics, 'reservedBudget'>,
  reservations: readonly BudgetReservation[],
  sign: 1 | -1,
): void {
  const gauge = metrics.reservedBudget;
  for (const { unit, amount } of reservations) gauge.inc({ unit }, sign * amount);
}
