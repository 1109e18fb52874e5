import { describe, expect, it } from 'vitest';
import { PriceCatalog } from '../../../gateway/src/accounting/price-catalog.js';
import { effectivePrices } from '../../../gateway/src/accounting/price-listing.js';
import { PriceTable } from '../../../gateway/src/accounting/price-table.js';
import type { EffectivePrice } from '../api.js';
import { priceCells } from './price-cells.js';

/** The listing as `/admin/prices` sends it: through JSON, as the console reads it. */
function listing(prices: PriceTable): EffectivePrice[] {
  const config = {
    providers: [
      { id: 'openai', type: 'openai' },
      { id: 'claude', type: 'anthropic' },
      { id: 'local', type: 'ollama' },
    ],
    models: [
      { name: 'fast', targets: [{ provider: 'openai', model: 'gpt-4o-mini-2024-07-18' }] },
      { name: 'smart', targets: [{ provider: 'claude', model: 'claude-sonnet-4-5' }] },
      { name: 'house', targets: [{ provider: 'local', model: 'llama3.2' }] },
      { name: 'openai/*', targets: [{ provider: 'openai' }] },
    ],
  } as unknown as Parameters<typeof effectivePrices>[0];
  return JSON.parse(JSON.stringify(effectivePrices(config, prices))) as EffectivePrice[];
}

describe('the prices page cells', () => {
  const cells = listing(new PriceTable([], new PriceCatalog())).map(priceCells);
  const byRoute = (route: string) => cells.find((row) => row.route === route);

  it('shows a catalog price per million tokens with the catalog as source and its date', () => {
    const fast = byRoute('fast');
    expect(fast).toMatchObject({
      target: 'openai/gpt-4o-mini-2024-07-18',
      state: 'priced',
      input: '$0.15',
      output: '$0.6',
      cacheRead: '$0.075',
    });
    expect(fast?.source).toMatch(/^@pydantic\/genai-prices@\S+ \(openai\/gpt-4o-mini\)$/);
    expect(fast?.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('writes a long-context tier after the base rate, and rates beyond the main columns with their unit', () => {
    const smart = byRoute('smart');
    expect(smart?.input).toBe('$3; $6 above 200,000 tokens');
    expect(smart?.cacheWrite).toBe('$3.75; $7.5 above 200,000 tokens');
    expect(smart?.other).toContain('cache write 1h /M: $6; $12 above 200,000 tokens');
  });

  it('marks a model nothing prices as unpriced, with no rate, source or date', () => {
    expect(byRoute('house')).toMatchObject({
      target: 'local/llama3.2',
      state: 'unpriced',
      input: '—',
      output: '—',
      other: '—',
      source: '—',
      asOf: '—',
    });
  });

  it('says a route passing the caller’s model through is priced per call, not unpriced', () => {
    expect(byRoute('openai/*')).toMatchObject({ target: 'openai/(caller names the model)', state: 'per-call' });
  });

  it('shows a config pricing row under its own names, source and date ahead of the catalog', () => {
    const table = new PriceTable(
      [
        {
          model: 'gpt-4o-mini*',
          inputPerMillion: 0.2,
          outputPerMillion: 0.8,
          cacheWrite1hPerMillion: 0.4,
          webSearchPerThousand: 25,
          source: 'contract 2026-07',
          asOf: '2026-07-01',
        },
      ],
      new PriceCatalog(),
    );
    expect(priceCells(listing(table)[0] as EffectivePrice)).toMatchObject({
      state: 'priced',
      input: '$0.2',
      output: '$0.8',
      cacheRead: '—',
      webSearch: '$25',
      other: 'cache write 1h /M: $0.4',
      source: 'contract 2026-07',
      asOf: '2026-07-01',
    });
  });
});
