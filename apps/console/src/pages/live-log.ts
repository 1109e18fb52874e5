import { admin, adminFetch, readEvents, type LedgerEntry } from '../api.js';
import { append, h } from '../dom.js';

const MAX_ROWS = 200;

/** Live request log: the latest requests, then each new one as it finishes (streamed from the gateway). */
export async function liveLogPage(root: HTMLElement, signal: AbortSignal): Promise<void> {
  const body = h('tbody');
  const status = h('span', { class: 'muted' }, 'connecting…');
  append(root, [
    h('h1', {}, 'Live request log'),
    h('p', {}, status),
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { 'data-testid': 'live-log' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...[
              'time',
              'key',
              'style',
              'endpoint',
              'model',
              'provider → upstream',
              'path',
              'status',
              'tokens in/out',
              'ms',
              'warnings',
            ].map((title) => h('th', {}, title)),
          ),
        ),
        body,
      ),
    ),
  ]);
  const add = (row: LedgerEntry, atTop: boolean): void => {
    const line = h(
      'tr',
      { class: row.status >= 400 ? 'failed' : '' },
      h('td', {}, new Date(row.at).toLocaleTimeString()),
      h('td', {}, row.key ?? '—'),
      h('td', {}, row.style ?? '—'),
      h('td', {}, row.endpoint),
      h('td', {}, row.model ?? '—'),
      h('td', {}, row.provider ? `${row.provider} → ${row.upstreamModel ?? '?'}` : '—'),
      h('td', {}, row.path ?? '—'),
      h('td', {}, String(row.status), row.errorKind ? ` ${row.errorKind}` : ''),
      h('td', {}, `${row.inputTokens}/${row.outputTokens}`),
      h('td', {}, String(Math.round(row.latencyMs))),
      h('td', { class: 'warnings' }, row.warnings ?? ''),
    );
    if (atTop) body.insertBefore(line, body.firstChild);
    else body.appendChild(line);
    while (body.childElementCount > MAX_ROWS) body.lastElementChild?.remove();
  };
  const recent = await admin<{ data: LedgerEntry[] }>('/admin/requests?limit=50');
  for (const row of recent.data) add(row, false);
  const response = await adminFetch('/admin/requests/stream', { signal });
  status.textContent = 'live: new requests appear at the top';
  readEvents(response, (event, data) => {
    if (event === 'request') add(JSON.parse(data) as LedgerEntry, true);
  }).catch(() => {
    if (!signal.aborted) status.textContent = 'disconnected; reload the page to reconnect';
  });
}
