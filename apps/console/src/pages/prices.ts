import { admin, type EffectivePrice } from '../api.js';
import { append, h, table } from '../dom.js';
import { priceCells, type PriceCells } from './price-cells.js';

/** The source, or a badge where there is none: unpriced, or priced per call on a pass-through route. */
function source(row: PriceCells): HTMLElement {
  if (row.state === 'unpriced') return h('span', { class: 'badge bad' }, 'unpriced');
  if (row.state === 'per-call') return h('span', { class: 'badge' }, 'priced per call');
  return h('span', { class: 'wrap' }, row.source);
}

/** Prices: the effective price of every routed target (config row first, then the catalog), its source and date. */
export async function pricesPage(root: HTMLElement): Promise<void> {
  const { data } = await admin<{ data: EffectivePrice[] }>('/admin/prices');
  append(root, [
    h('h1', {}, 'Prices'),
    h(
      'p',
      { class: 'muted' },
      'USD per million tokens (/M) and per thousand searches (/1k). A pricing row in the config comes first, ' +
        'then the catalog shipped with the gateway. An unpriced model has no cost (never $0); a route passing the ' +
        "caller's model through is priced per call, by the model the caller names.",
    ),
    table<PriceCells>(
      [
        ['model name', (row) => row.route],
        ['provider/upstream model', (row) => row.target],
        ['source', source],
        ['as of', (row) => row.asOf],
        ['input /M', (row) => row.input],
        ['output /M', (row) => row.output],
        ['cache read /M', (row) => row.cacheRead],
        ['cache write /M', (row) => row.cacheWrite],
        ['web searches /1k', (row) => row.webSearch],
        ['other rates', (row) => h('span', { class: 'wrap' }, row.other)],
      ],
      data.map(priceCells),
      'No routes configured',
    ),
  ]);
}
