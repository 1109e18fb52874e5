import type { ModelPrice } from '@pydantic/genai-prices';
import type { GatewayConfig } from '../config/config-schema.js';
import type { PriceTable } from './price-table.js';

/** The price that applies to one routed target, and where it comes from. */
export interface EffectivePrice {
  route: string;
  provider: string;
  providerType: string;
  /** The upstream model; `*` when the route passes the caller's model name through (any upstream model). */
  upstreamModel: string;
  /** `config` (a `pricing` row), the catalog package and version, or `null` when nothing prices it. */
  source: string | null;
  asOf: string | null;
  /** USD per million tokens (`*_mtok`, `*PerMillion`), per thousand searches or requests (`*_kcount`, `*PerThousand`). */
  prices: ModelPrice | Record<string, number> | null;
}

/**
 * Every routed target's effective price: the config's row first, then the catalog. A wildcard route without an upstream
 * model lists `*` as it: the caller names the model, so there is no one price to show and the catalog is not asked;
 * its `prices` are `null` unless a `pricing` row's model glob matches `*` itself (a catch-all row). Its answers are
 * still priced one by one, by the model each names.
 */
export function effectivePrices(
  config: Pick<GatewayConfig, 'models' | 'providers'>,
  prices: PriceTable,
): EffectivePrice[] {
  const types = new Map(config.providers.map((provider) => [provider.id, provider.type]));
  return config.models.flatMap((route) =>
    route.targets.map((target) => {
      const providerType = types.get(target.provider) ?? 'unknown';
      const upstreamModel = target.model ?? (route.name.includes('*') ? '*' : route.name);
      return {
        route: route.name,
        provider: target.provider,
        providerType,
        upstreamModel,
        ...priceOf(prices, target.provider, providerType, upstreamModel),
      };
    }),
  );
}

function priceOf(
  prices: PriceTable,
  provider: string,
  providerType: string,
  model: string,
): Pick<EffectivePrice, 'source' | 'asOf' | 'prices'> {
  const row = prices.find(provider, model);
  if (row) {
    const { model: _model, provider: _provider, source, asOf, ...rates } = row;
    return { source: source ?? 'config', asOf: asOf ?? null, prices: rates };
  }
  const entry = model === '*' ? undefined : prices.catalog?.entry(providerType, model);
  if (entry)
    return { source: `${entry.source} (${entry.provider}/${entry.model})`, asOf: entry.asOf, prices: entry.prices };
  return { source: null, asOf: null, prices: null };
}

/** The listing as text lines for the command line: route, target, source and date, the rates. */
export function formatPrices(listing: readonly EffectivePrice[]): string {
  return listing
    .map((row) => {
      const where = `${row.route} -> ${row.provider}/${row.upstreamModel}`;
      if (!row.prices) return `${where}: unpriced`;
      return `${where}: ${JSON.stringify(row.prices)} (${row.source}${row.asOf ? `, as of ${row.asOf}` : ''})`;
    })
    .join('\n');
}
