import type { ObservedCall } from '../context/observed-call.js';

/** What the cost of a call needs: its outcome (target, usage), its prices and, for a service call, the service. */
export type PricedCall = Pick<ObservedCall, 'outcome' | 'ops' | 'service'>;

/**
 * Calls the catalog prices: generation and embeddings, billed by the tokens the IR's usage counts. Images, audio and
 * rerank are billed by units the usage does not carry apart (image input tokens, characters, minutes, searches), so
 * only a config row prices them.
 */
function catalogPrices(service: string | undefined): boolean {
  return service === undefined || service === 'embeddings';
}

/** The call's cost from its usage and the price table (`null` when unknown or without prices); computed once. */
export function callCost(call: PricedCall): number | null {
  if (call.outcome.cost !== undefined) return call.outcome.cost;
  const target = call.outcome.target;
  const cost =
    target && call.ops
      ? call.ops.prices.cost(
          target.settings.id,
          target.upstreamModel,
          call.outcome.usage,
          catalogPrices(call.service) ? target.settings.type : undefined,
        )
      : null;
  call.outcome.priced(cost);
  return cost;
}
