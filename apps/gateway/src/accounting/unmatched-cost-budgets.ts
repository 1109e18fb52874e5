import type { GatewayConfig } from '../config/config-schema.js';
import type { BudgetConfig } from '../config/operations-schema.js';
import { globToRegExp, isGlob } from '../config/model-glob.js';
import { PriceCatalog } from './price-catalog.js';
import { PriceTable } from './price-table.js';

type PricedRoutesConfig = Pick<GatewayConfig, 'providers' | 'models'>;

/** Why a cost budget can never count anything, as the refusal and the config warning say it. */
export const UNMATCHED_COST_BUDGET =
  'no route this key may use has a price, so a cost budget would never count anything';

/**
 * Whether any route a key with these model globs may use has a price (a `pricing` row or the catalog). A route
 * passing the caller's model through (`oa/*` without an upstream model) counts as priced when a row could match its
 * provider or the catalog is on: the caller's model decides, so only a route that surely has no price is left out.
 */
export function anyPricedRoute(config: PricedRoutesConfig, prices: PriceTable, keyModels: readonly string[]): boolean {
  const types = new Map(config.providers.map((provider) => [provider.id, provider.type]));
  const probe = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
  return config.models.some(
    (route) =>
      keyModels.some((glob) => globsMayOverlap(glob, route.name)) &&
      route.targets.some((target) => {
        const type = types.get(target.provider);
        const upstream = target.model ?? route.name;
        if (!isGlob(upstream)) return prices.cost(target.provider, upstream, probe, type) !== null;
        return prices.catalog !== undefined || prices.hasRowFor(target.provider);
      }),
  );
}

/** The index of the first cost budget, when no route the key may use has a price; otherwise `undefined`. */
export function unmatchedCostBudget(
  config: PricedRoutesConfig,
  prices: PriceTable,
  budgets: readonly BudgetConfig[] | null | undefined,
  keyModels: readonly string[] = ['*'],
): number | undefined {
  const index = (budgets ?? []).findIndex((budget) => budget.cost !== undefined);
  if (index < 0 || anyPricedRoute(config, prices, keyModels)) return undefined;
  return index;
}

/** `check-config` and start warnings for the config file's keys whose cost budget can match no traffic. */
export function unmatchedCostBudgetWarnings(
  config: PricedRoutesConfig & Pick<GatewayConfig, 'keys' | 'pricing' | 'priceCatalog'>,
): string[] {
  const prices = new PriceTable(config.pricing, config.priceCatalog ? new PriceCatalog() : undefined);
  return config.keys.flatMap((key, i) => {
    const index = unmatchedCostBudget(config, prices, key.budgets, key.models);
    return index === undefined ? [] : [`keys[${i}].budgets[${index}].cost: ${UNMATCHED_COST_BUDGET}`];
  });
}

/** Whether some model name may match both globs: a literal name is tested, two globs compare their fixed starts. */
function globsMayOverlap(keyGlob: string, routeName: string): boolean {
  if (!isGlob(routeName)) return globToRegExp(keyGlob).test(routeName);
  if (!isGlob(keyGlob)) return globToRegExp(routeName).test(keyGlob);
  const [a, b] = [fixedStart(keyGlob), fixedStart(routeName)];
  return a.startsWith(b) || b.startsWith(a);
}

function fixedStart(glob: string): string {
  return glob.slice(0, glob.search(/[*?]/));
}
