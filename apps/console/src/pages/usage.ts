import { adminFetch, usage } from '../api.js';
import { append, clear, h } from '../dom.js';
import { totalsTable } from './overview.js';

const DAY_MS = 86_400_000;

/** Usage explorer: totals by key, model, provider or day over a date range with filters, and the rows as CSV. */
export async function usagePage(root: HTMLElement): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const from = h('input', {
    type: 'date',
    name: 'from',
    value: new Date(Date.now() - 30 * DAY_MS).toISOString().slice(0, 10),
    'aria-label': 'From',
  });
  const to = h('input', { type: 'date', name: 'to', value: today, 'aria-label': 'To' });
  const key = h('input', { name: 'key', placeholder: 'key', 'aria-label': 'Key' });
  const model = h('input', { name: 'model', placeholder: 'model', 'aria-label': 'Model' });
  const provider = h('input', { name: 'provider', placeholder: 'provider', 'aria-label': 'Provider' });
  const group = h(
    'select',
    { name: 'group_by', 'aria-label': 'Group by' },
    ...['key', 'model', 'provider', 'day'].map((value) => h('option', { value }, `by ${value}`)),
  );
  const results = h('div');
  const params = (): Record<string, string> => {
    const query: Record<string, string> = {
      from: from.value,
      to: String(Date.parse(`${to.value}T00:00:00Z`) + DAY_MS),
    };
    for (const input of [key, model, provider]) if (input.value.trim()) query[input.name] = input.value.trim();
    return query;
  };
  const show = async (): Promise<void> => {
    const rows = await usage({ ...params(), group_by: group.value });
    clear(results);
    results.appendChild(totalsTable(rows, group.value));
  };
  const download = async (): Promise<void> => {
    const response = await adminFetch(`/admin/usage?${new URLSearchParams({ ...params(), format: 'csv' }).toString()}`);
    const url = URL.createObjectURL(await response.blob());
    const link = h('a', { href: url, download: `interlingua-usage-${from.value}-${to.value}.csv` });
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const form = h(
    'form',
    { class: 'inline-form', 'aria-label': 'Usage filters' },
    from,
    to,
    key,
    model,
    provider,
    group,
    h('button', { type: 'submit' }, 'Show'),
    h('button', { type: 'button', onclick: () => void download() }, 'Download CSV'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void show();
  });
  append(root, [h('h1', {}, 'Usage'), form, results]);
  await show();
}
