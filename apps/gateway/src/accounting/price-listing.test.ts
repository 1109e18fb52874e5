import { describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { PriceCatalog } from './price-catalog.js';
import { effectivePrices } from './price-listing.js';
import { PriceTable } from './price-table.js';

describe('effectivePrices', () => {
  const config = configSchema.parse({
    providers: [{ id: 'oa', type: 'openai', apiKey: 'k' }],
    models: [
      { name: 'openai/*', targets: [{ provider: 'oa' }] },
      { name: 'mini', targets: [{ provider: 'oa', model: 'gpt-4o-mini' }] },
    ],
  });

  it('lists a wildcard route as `*` with no price (the caller names the model), and a named model with the catalog price', () => {
    const listing = effectivePrices(config, new PriceTable([], new PriceCatalog()));
    expect(listing[0]).toMatchObject({ route: 'openai/*', upstreamModel: '*', source: null, asOf: null, prices: null });
    expect(listing[1]).toMatchObject({ route: 'mini', upstreamModel: 'gpt-4o-mini' });
    expect(listing[1]?.source).toContain('openai/gpt-4o-mini');
  });

  it('prices a wildcard route by a catch-all pricing row', () => {
    const rows = [{ model: '*', inputPerMillion: 1, outputPerMillion: 2 }];
    const [wildcard] = effectivePrices(config, new PriceTable(rows, new PriceCatalog()));
    expect(wildcard).toMatchObject({ upstreamModel: '*', source: 'config' });
    expect(wildcard?.prices).toMatchObject({ inputPerMillion: 1, outputPerMillion: 2 });
  });
});
