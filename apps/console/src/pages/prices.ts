import { admin, type EffectivePrice } from '../api.js';
import { append, h, table } from '../dom.js';
import { priceCells, type PriceCells } from './price-cells.js';

function stateBadge(state: PriceCells['state']): HTMLElement {
  if (state === 'unpriced') return h('span', { class: 'badge bad' }, 'unpriced');
  if (state === 'per-call') return h('span', { class: 'badge' }, 'priced per call');
  return h('span', { class: 'badge good' }, 'priced');
}

/** Prices: the effective price of every routed target (config row first, then the catalog), its source and date. */
export async function pricesPage(root: HTMLElement): Promise<void> {
  const { data } = await admin<{ data: EffectivePrice[] }>('/admin/prices');
  const rows = data.map(priceCells);
  append(root, [
    h('h1', {}, 'Prices'),
    h(
      'p',
      { class: 'muted' },
      'USD per million tokens (/M) and per thousand searches (/1k). A pricing row in the config comes first, then the catalog shipped with the gateway; an unpriced model has no cost, never $0.',
    ),
    table<PriceCells>(
      [
        ['model name', (row) => row.route],
        ['provider/upstream model', (row) => row.target],
        ['state', (row) => stateBadge(row.state)],
        ['input /M', (row) => row.input],
        ['output /M', (row) => row.output],
        ['cache read /M', (row) => row.cacheRead],
        ['cache write /M', (row) => row.cacheWrite],
        ['web searches /1k', (row) => row.webSearch],
        ['other rates', (row) => row.other],
        ['source', (row) => row.source],
        ['as of', (row) => row.asOf],
      ],
      rows,
      'No routes configured',
    ),
  ]);
}
