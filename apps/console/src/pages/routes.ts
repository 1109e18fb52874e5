import { admin } from '../api.js';
import { append, formatNumber, h, table } from '../dom.js';

interface RoutesView {
  models: Array<{
    name: string;
    targets: Array<{ provider: string; model: string; weight: number; priority: number; coolingDown: boolean }>;
  }>;
  providers: Array<{
    id: string;
    type: string;
    baseUrl?: string;
    lastHour: { requests: number; errors: number; averageLatencyMs: number };
  }>;
}

/** Models and routes: what is configured, each target's cooldown, and each provider's last hour. */
export async function routesPage(root: HTMLElement): Promise<void> {
  const view = await admin<RoutesView>('/admin/routes');
  const targets = view.models.flatMap((route) => route.targets.map((target) => ({ route: route.name, ...target })));
  append(root, [
    h('h1', {}, 'Models and routes'),
    h('h2', {}, 'Routes'),
    table<(typeof targets)[number]>(
      [
        ['model name', (row) => row.route],
        ['provider', (row) => row.provider],
        ['upstream model', (row) => row.model],
        ['priority', (row) => String(row.priority)],
        ['weight', (row) => String(row.weight)],
        [
          'state',
          (row) =>
            row.coolingDown
              ? h('span', { class: 'badge bad' }, 'cooling down')
              : h('span', { class: 'badge good' }, 'ready'),
        ],
      ],
      targets,
      'No routes configured',
    ),
    h('h2', {}, 'Response cache'),
    table<{ name: string }>(
      [
        ['model name', (row) => row.name],
        ['cached answers', (row) => clearCacheButton(`Clear ${row.name}`, { model: row.name })],
      ],
      view.models,
      'No routes configured',
    ),
    clearCacheButton('Clear every cached answer', {}),
    h('h2', {}, 'Providers (last hour)'),
    table<RoutesView['providers'][number]>(
      [
        ['id', (row) => row.id],
        ['type', (row) => row.type],
        ['base URL', (row) => row.baseUrl ?? '—'],
        ['requests', (row) => formatNumber(row.lastHour.requests)],
        ['errors', (row) => formatNumber(row.lastHour.errors)],
        [
          'error rate',
          (row) =>
            row.lastHour.requests > 0 ? `${Math.round((row.lastHour.errors / row.lastHour.requests) * 100)}%` : '—',
        ],
        ['avg latency ms', (row) => formatNumber(row.lastHour.averageLatencyMs)],
      ],
      view.providers,
      'No providers configured',
    ),
  ]);
}

/** A button that clears the response cache's entries of a route (or all of them) and says how many went. */
function clearCacheButton(label: string, filter: { model?: string }): HTMLElement {
  const note = h('span', { class: 'muted' });
  const button = h(
    'button',
    {
      type: 'button',
      onclick: () =>
        void admin<{ removed: number }>(`/admin/cache?${new URLSearchParams(filter).toString()}`, { method: 'DELETE' })
          .then((answer) => (note.textContent = ` ${formatNumber(answer.removed)} removed`))
          .catch((error: unknown) => (note.textContent = ` ${error instanceof Error ? error.message : String(error)}`)),
    },
    label,
  );
  return h('span', { class: 'actions' }, button, note);
}
