import type { GatewayConfig } from './config-schema.js';
import { PriceCatalog } from '../accounting/price-catalog.js';
import { PriceTable } from '../accounting/price-table.js';

/**
 * Settings that are valid but probably not what was meant, each with its path: a cost budget
 * with an empty pricing table never fills, a price row for an unknown provider prices nothing, a
 * tiny early keep-alive ends fallback at once, a routed model no price knows is served unpriced. `check-config` prints them; the gateway starts anyway.
 */
export function configWarnings(config: GatewayConfig): string[] {
  const warnings: string[] = [];
  config.keys.forEach((key, i) => {
    key.budgets.forEach((budget, j) => {
      if (budget.cost !== undefined && config.pricing.length === 0 && !config.priceCatalog) {
        warnings.push(
          `keys[${i}].budgets[${j}].cost: the pricing table is empty and the price catalog is off, so no answer has a cost and this budget never fills`,
        );
      }
    });
  });
  const providerIds = new Set(config.providers.map((provider) => provider.id));
  config.pricing.forEach((row, i) => {
    if (row.provider !== undefined && !providerIds.has(row.provider))
      warnings.push(`pricing[${i}].provider: no provider with id "${row.provider}", so this row prices nothing`);
  });
  warnings.push(...unpricedRouteWarnings(config));
  if (config.streams.firstEventKeepAliveMs > 0 && config.streams.firstEventKeepAliveMs < 1_000) {
    warnings.push(
      'streams.firstEventKeepAliveMs: under a second, slow first events commit early and fallback ends almost at once',
    );
  }
  return warnings;
}

/** Routed models with an explicit upstream model that neither a pricing row nor the catalog prices. */
function unpricedRouteWarnings(config: GatewayConfig): string[] {
  const prices = new PriceTable(config.pricing, config.priceCatalog ? new PriceCatalog() : undefined);
  const types = new Map(config.providers.map((provider) => [provider.id, provider.type]));
  const probe = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
  const warnings: string[] = [];
  config.models.forEach((route, i) => {
    route.targets.forEach((target, j) => {
      const type = types.get(target.provider);
      if (target.model === undefined || type === undefined || type === 'mock') return;
      if (prices.cost(target.provider, target.model, probe, type) === null)
        warnings.push(
          `models[${i}].targets[${j}]: no pricing row and no catalog price for ${target.provider} model "${target.model}", so its calls are unpriced (cost null)`,
        );
    });
  });
  return warnings;
}
