import uPlot from 'uplot';
import { usage, type UsageTotals } from '../api.js';
import { append, formatNumber, h, table } from '../dom.js';

const DAY_MS = 86_400_000;
const DAYS = 14;

/** Overview: requests, errors, tokens and cost per day over two weeks, and the top models and keys. */
export async function overviewPage(root: HTMLElement): Promise<void> {
  const to = Date.now() + 1;
  const from = to - DAYS * DAY_MS;
  const range = { from: String(from), to: String(to) };
  const [days, models, keys] = await Promise.all([
    usage({ ...range, group_by: 'day' }),
    usage({ ...range, group_by: 'model' }),
    usage({ ...range, group_by: 'key' }),
  ]);
  const sum = (field: keyof Omit<UsageTotals, 'group'>): number => days.reduce((total, day) => total + day[field], 0);
  append(root, [
    h('h1', {}, 'Overview'),
    h('p', { class: 'muted' }, `The last ${DAYS} days, from the usage ledger.`),
    h(
      'div',
      { class: 'cards' },
      card('Requests', formatNumber(sum('requests'))),
      card('Errors', formatNumber(sum('errors'))),
      card('Tokens', formatNumber(sum('inputTokens') + sum('outputTokens'))),
      card('Cost', formatNumber(sum('cost'))),
    ),
  ]);
  const series = dailySeries(days, from);
  const charts = h('div', { class: 'charts' });
  root.appendChild(charts);
  chart(charts, 'Requests and errors per day', series.x, [
    { label: 'requests', values: series.requests, stroke: '#2563eb' },
    { label: 'errors', values: series.errors, stroke: '#dc2626' },
  ]);
  chart(charts, 'Tokens per day', series.x, [
    { label: 'input', values: series.input, stroke: '#059669' },
    { label: 'output', values: series.output, stroke: '#d97706' },
  ]);
  chart(charts, 'Cost per day', series.x, [{ label: 'cost', values: series.cost, stroke: '#7c3aed' }]);
  append(root, [
    h('h2', {}, 'By model'),
    totalsTable(models, 'model'),
    h('h2', {}, 'By key'),
    totalsTable(keys, 'key'),
  ]);
}

function card(title: string, value: string): HTMLElement {
  return h(
    'div',
    { class: 'card' },
    h('div', { class: 'card-title' }, title),
    h('div', { class: 'card-value' }, value),
  );
}

/** One point per day of the range (days without requests count zero). */
function dailySeries(
  days: readonly UsageTotals[],
  from: number,
): Record<'x' | 'requests' | 'errors' | 'input' | 'output' | 'cost', number[]> {
  const byDay = new Map(days.map((day) => [day.group, day]));
  const series = {
    x: [] as number[],
    requests: [] as number[],
    errors: [] as number[],
    input: [] as number[],
    output: [] as number[],
    cost: [] as number[],
  };
  const start = Math.floor(from / DAY_MS) * DAY_MS;
  for (let day = start; day <= Date.now(); day += DAY_MS) {
    const totals = byDay.get(new Date(day).toISOString().slice(0, 10));
    series.x.push(day / 1000);
    series.requests.push(totals?.requests ?? 0);
    series.errors.push(totals?.errors ?? 0);
    series.input.push(totals?.inputTokens ?? 0);
    series.output.push(totals?.outputTokens ?? 0);
    series.cost.push(totals?.cost ?? 0);
  }
  return series;
}

function chart(
  parent: HTMLElement,
  title: string,
  x: number[],
  lines: Array<{ label: string; values: number[]; stroke: string }>,
): void {
  const box = h('figure', { class: 'chart' }, h('figcaption', {}, title));
  parent.appendChild(box);
  const options: uPlot.Options = {
    width: 420,
    height: 200,
    series: [
      {},
      ...lines.map((line) => ({ label: line.label, stroke: line.stroke, width: 2, points: { show: true } })),
    ],
    axes: [{}, { size: 60 }],
    scales: { x: { time: true } },
  };
  new uPlot(options, [x, ...lines.map((line) => line.values)], box);
}

export function totalsTable(rows: readonly UsageTotals[], groupTitle: string): HTMLElement {
  return table<UsageTotals>(
    [
      [groupTitle, (row) => row.group ?? '—'],
      ['requests', (row) => formatNumber(row.requests)],
      ['errors', (row) => formatNumber(row.errors)],
      ['input tokens', (row) => formatNumber(row.inputTokens)],
      ['output tokens', (row) => formatNumber(row.outputTokens)],
      ['cost', (row) => formatNumber(row.cost)],
      ['avg latency ms', (row) => formatNumber(row.averageLatencyMs)],
    ],
    rows,
    'No requests in this range',
  );
}
