import type { IrUsage } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import type { GatewayKey } from '../auth/api-keys.js';
import type { RequestContext } from '../context/request-context.js';
import type { ResolvedRoute } from '../context/route-target.js';
import type { GatewayConfig } from '../config/config-schema.js';
import type { Gateway } from '../gateway.js';
import { holdReservations } from './budget-reservation-metric.js';
import type { ExpectedUse } from './budget-reservation.js';
import type { PriceTable } from './price-table.js';
import { resizeReservations } from './key-limiter.js';
import { searchesToHold } from './web-search-hold.js';

/** Bytes of request body counted as one input token in the estimate (JSON syntax makes it generous). */
const BODY_BYTES_PER_TOKEN = 4;

/**
 * Most output tokens a budget hold counts for one request, whatever cap it names: above what any
 * model answers today, and small enough that holds add up exactly (see `MAX_HOLD_UNITS`).
 */
export const MAX_HELD_OUTPUT_TOKENS = 1_000_000;

/**
 * What a generation request may use at most, once its body and route are known: its output cap
 * (`max_tokens`, `max_completion_tokens`, `max_output_tokens` or Gemini's
 * `generationConfig.maxOutputTokens` / `generation_config.max_output_tokens`, else the route's
 * `defaultMaxOutputTokens`; a cap counts only as a whole number from 1, and at most
 * `MAX_HELD_OUTPUT_TOKENS`) plus an input estimate from the body size, and the hosted web searches
 * it enables (`searchesToHold`), priced at the dearest of the route's targets. Undefined when no
 * cap is known (the budgets' fixed `reservePerRequest` holds then).
 */
export function expectedUse(
  json: Record<string, unknown>,
  bodyBytes: number,
  route: ResolvedRoute,
  prices: PriceTable,
): ExpectedUse | undefined {
  const output = outputCap(json) ?? route.defaultMaxOutputTokens;
  if (output === undefined) return undefined;
  const input = Math.ceil(bodyBytes / BODY_BYTES_PER_TOKEN);
  const usage: IrUsage = { inputTokens: input, outputTokens: output, totalTokens: input + output };
  const searches = searchesToHold(json);
  if (searches > 0) usage.webSearchRequests = searches;
  const costs = route.targets.map((target) =>
    prices.cost(target.settings.id, target.upstreamModel, usage, target.settings.type),
  );
  const priced = costs.filter((cost): cost is number => cost !== null);
  return { tokens: input + output, cost: priced.length === 0 ? null : Math.max(...priced) };
}

function outputCap(json: Record<string, unknown>): number | undefined {
  const candidates = [
    json.max_completion_tokens,
    json.max_tokens,
    json.max_output_tokens,
    asRecord(json.generationConfig)?.maxOutputTokens,
    asRecord(json.generation_config)?.max_output_tokens,
  ];
  const cap = candidates.find(
    (value): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0,
  );
  return cap === undefined ? undefined : Math.min(cap, MAX_HELD_OUTPUT_TOKENS);
}

type Runtime = Gateway['ops']['runtime'];

/** What sizing the budget holds touches: the store and its failure policy, the prices, the reserved-budget gauge. */
export interface BudgetSizingScope {
  config: Pick<GatewayConfig, 'limits'>;
  store: Gateway['store'];
  ops: { call: Pick<Gateway['ops']['call'], 'prices'>; runtime: Pick<Runtime, 'storeError' | 'metrics'> };
}

/**
 * Sizes the budget holds admission took to what this request may use (see `resizeReservations`);
 * throws the refusal when a budget cannot take it. Requests without budgets cost nothing here.
 */
export async function sizeBudgetHolds(
  gateway: BudgetSizingScope,
  context: RequestContext,
  key: GatewayKey,
  route: ResolvedRoute,
  json: Record<string, unknown>,
  bodyBytes: number,
): Promise<void> {
  const tracked = context.tracked;
  const held = tracked?.reservations;
  if (!tracked || !held || held.length === 0) return;
  const expected = expectedUse(json, bodyBytes, route, gateway.ops.call.prices);
  if (!expected) return;
  const resized = await resizeReservations(
    gateway.store,
    key,
    held,
    expected,
    Date.now(),
    gateway.ops.runtime.storeError,
    gateway.config.limits.whenStoreFails,
  );
  holdReservations(gateway.ops.runtime.metrics, held, -1);
  holdReservations(gateway.ops.runtime.metrics, resized.reservations, 1);
  tracked.reservations = resized.reservations;
  if (resized.error) throw resized.error;
}
