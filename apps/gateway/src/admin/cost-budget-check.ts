import { UNMATCHED_COST_BUDGET, unmatchedCostBudget } from '../accounting/unmatched-cost-budgets.js';
import type { GatewayConfig } from '../config/config-schema.js';
import type { BudgetConfig } from '../config/operations-schema.js';
import type { GatewayOps } from '../operations/gateway-ops.js';
import { gatewayError } from '../http/style-errors.js';

/** What the check reads: the routes, their providers and the gateway's prices. */
export interface CostBudgetScope {
  config: Pick<GatewayConfig, 'models' | 'providers'>;
  ops: Pick<GatewayOps, 'prices'>;
}

/**
 * Refuses (400) a cost budget that can never count anything: no route a key with these model globs may use (every
 * route, for a team's budget) has a price. Nothing to check when the change sets no budgets.
 */
export function refuseUnmatchedCostBudget(
  gateway: CostBudgetScope,
  budgets: readonly BudgetConfig[] | null | undefined,
  keyModels?: readonly string[],
): void {
  const index = unmatchedCostBudget(gateway.config, gateway.ops.prices, budgets, keyModels);
  if (index === undefined) return;
  throw gatewayError(
    'invalid-request',
    `budgets[${index}].cost: ${UNMATCHED_COST_BUDGET}; add a pricing row for a route it may use, or use a tokens budget`,
    { status: 400, code: 'cost_budget_matches_no_traffic', param: `budgets[${index}].cost` },
  );
}
