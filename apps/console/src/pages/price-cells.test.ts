import { describe, expect, it } from 'vitest';
import type { EffectivePrice } from '../api.js';
import { priceCells } from './price-cells.js';

/**
 * Rows as `/admin/prices` answers them (recorded from the gateway's listing with the shipped catalog, then a config
 * `pricing` row): catalog names and long-context tiers, the config's names, an unpriced target, a pass-through route.
 */
const CATALOG = '@pydantic/genai-prices@0.1.8';
const tiered = (base: number, above: number) => ({ base, tiers: [{ start: 200_000, price: above }] });
const LISTING: EffectivePrice[] = [
  {
    route: 'fast',
    provider: 'openai',
    providerType: 'openai',
    upstreamModel: 'gpt-4o-mini-2024-07-18',
    source: `${CATALOG} (openai/gpt-4o-mini)`,
    asOf: '2026-09-23',
    prices: {
      input_mtok: 0.15,
      cache_read_mtok: 0.075,
      output_mtok: 0.6,
      web_searches_kcount: 10,
      storage_searches_kcount: 2.5,
    },
  },
  {
    route: 'smart',
    provider: 'claude',
    providerType: 'anthropic',
    upstreamModel: 'claude-sonnet-4-5',
    source: `${CATALOG} (anthropic/claude-sonnet-4-5)`,
    asOf: '2026-09-23',
    prices: {
      input_mtok: tiered(3, 6),
      cache_write_mtok: tiered(3.75, 7.5),
      cache_read_mtok: tiered(0.3, 0.6),
      output_mtok: tiered(15, 22.5),
      cache_write_1h_mtok: tiered(6, 12),
      web_searches_kcount: 10,
    },
  },
  {
    route: 'contract',
    provider: 'openai',
    providerType: 'openai',
    upstreamModel: 'gpt-4.1',
    source: 'contract 2026-07',
    asOf: '2026-07-01',
    prices: { inputPerMillion: 1.8, outputPerMillion: 7.2, cacheWrite1hPerMillion: 0.4, webSearchPerThousand: 25 },
  },
  {
    route: 'house',
    provider: 'local',
    providerType: 'ollama',
    upstreamModel: 'llama3.2',
    source: null,
    asOf: null,
    prices: null,
  },
  {
    route: 'openai/*',
    provider: 'openai',
    providerType: 'openai',
    upstreamModel: '*',
    source: null,
    asOf: null,
    prices: null,
  },
];

describe('the prices page cells', () => {
  const byRoute = (route: string) => priceCells(LISTING.find((row) => row.route === route) as EffectivePrice);

  it('shows a catalog price per million tokens and per thousand searches, with its source and date', () => {
    expect(byRoute('fast')).toMatchObject({
      target: 'openai/gpt-4o-mini-2024-07-18',
      state: 'priced',
      input: '$0.15',
      output: '$0.6',
      cacheRead: '$0.075',
      cacheWrite: '—',
      webSearch: '$10',
      other: 'storage searches /1k: $2.5',
      source: `${CATALOG} (openai/gpt-4o-mini)`,
      asOf: '2026-09-23',
    });
  });

  it('writes a long-context tier after the base rate, and rates beyond the main columns with their unit', () => {
    expect(byRoute('smart')).toMatchObject({
      input: '$3 ($6 above 200k)',
      output: '$15 ($22.5 above 200k)',
      cacheWrite: '$3.75 ($7.5 above 200k)',
      other: 'cache write 1h /M: $6 ($12 above 200k)',
    });
  });

  it('shows a config pricing row under its own names, with its source and date', () => {
    expect(byRoute('contract')).toMatchObject({
      state: 'priced',
      input: '$1.8',
      output: '$7.2',
      cacheRead: '—',
      webSearch: '$25',
      other: 'cache write 1h /M: $0.4',
      source: 'contract 2026-07',
      asOf: '2026-07-01',
    });
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
});
