import type { ObservedCall } from '../context/observed-call.js';

/** What the cost of a call needs: its outcome (target, usage) and its prices. */
export type PricedCall = Pick<ObservedCall, 'outcome' | 'ops'>;

/** The call's cost from its usage and the price table (`null` when unknown or without prices); computed once. */
export function callCost(call: PricedCall): number | null {
  if (call.outcome.cost !== undefined) return call.outcome.cost;
  const target = call.outcome.target;
  const cost =
    target && call.ops
      ? call.ops.prices.cost(target.settings.id, target.upstreamModel, call.outcome.usage, target.settings.type)
      : null;
  if (call.outcome.usage) call.outcome.cost = cost;
  return cost;
}
