import type { EffectivePrice, PriceRate } from '../api.js';
import { formatNumber } from '../dom.js';

/** The listing's main rates, each under the config's name and the catalog's. */
const COLUMNS = {
  input: ['inputPerMillion', 'input_mtok'],
  output: ['outputPerMillion', 'output_mtok'],
  cacheRead: ['cacheReadPerMillion', 'cache_read_mtok'],
  cacheWrite: ['cacheWritePerMillion', 'cache_write_mtok'],
  webSearch: ['webSearchPerThousand', 'web_searches_kcount'],
} as const;

type Column = keyof typeof COLUMNS;

/** What the prices page shows of one routed target: every value as text, `—` where nothing applies. */
export type PriceCells = Record<Column, string> & {
  route: string;
  target: string;
  /** Rates beyond the main columns (audio, one-hour cache writes, requests), labelled with their unit. */
  other: string;
  source: string;
  asOf: string;
  /** `priced`, `unpriced`, or `per-call` for a route whose upstream model the caller names. */
  state: 'priced' | 'unpriced' | 'per-call';
};

const SHOWN = new Set<string>(Object.values(COLUMNS).flat());

/** A prompt size as operators say it: `200k`, `1M`. */
function tokenCount(tokens: number): string {
  if (tokens >= 1_000_000 && tokens % 1_000_000 === 0) return `${tokens / 1_000_000}M`;
  if (tokens >= 1_000 && tokens % 1_000 === 0) return `${tokens / 1_000}k`;
  return formatNumber(tokens);
}

function formatRate(rate: PriceRate | undefined): string {
  if (rate === undefined) return '—';
  if (typeof rate === 'number') return `$${formatNumber(rate)}`;
  const above = rate.tiers.map((tier) => `$${formatNumber(tier.price)} above ${tokenCount(tier.start)}`);
  return `$${formatNumber(rate.base)} (${above.join(', ')})`;
}

/** `cache_write_1h_mtok` -> `cache write 1h /M`, `cacheWrite1hPerMillion` -> `cache write 1h /M`. */
function rateLabel(name: string): string {
  const unit = /(_mtok|PerMillion)$/.test(name) ? ' /M' : /(_kcount|PerThousand)$/.test(name) ? ' /1k' : '';
  const words = name
    .replace(/(_mtok|_kcount|PerMillion|PerThousand)$/, '')
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return `${words}${unit}`;
}

/** The cells of one row of `/admin/prices`. */
export function priceCells(price: EffectivePrice): PriceCells {
  const rates = price.prices ?? {};
  const rate = (column: Column): string => {
    const name = COLUMNS[column].find((key) => rates[key] !== undefined);
    return name ? formatRate(rates[name]) : '—';
  };
  const other = Object.entries(rates)
    .filter(([name, value]) => !SHOWN.has(name) && value !== undefined)
    .map(([name, value]) => `${rateLabel(name)}: ${formatRate(value)}`);
  const state = price.prices ? 'priced' : price.upstreamModel === '*' ? 'per-call' : 'unpriced';
  return {
    route: price.route,
    target: `${price.provider}/${price.upstreamModel === '*' ? '(caller names the model)' : price.upstreamModel}`,
    input: rate('input'),
    output: rate('output'),
    cacheRead: rate('cacheRead'),
    cacheWrite: rate('cacheWrite'),
    webSearch: rate('webSearch'),
    other: other.length > 0 ? other.join(', ') : '—',
    source: price.source ?? '—',
    asOf: price.asOf ?? '—',
    state,
  };
}
