import type { GatewayConfig } from '../config/config-schema.js';
import { PriceCatalog } from './price-catalog.js';
import { PriceTable } from './price-table.js';

/** Routed models with an explicit upstream model that neither a pricing row nor the catalog prices. */
export function unpricedRouteWarnings(
  config: Pick<GatewayConfig, 'pricing' | 'priceCatalog' | 'providers' | 'models'>,
): string[] {
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
