import { admin, auditTrail, type AuditEntry, type TeamView } from '../api.js';
import { append, clear, h, table } from '../dom.js';

const ALL = '';

/**
 * The audit trail: every admin action the signed-in principal may read (a gateway admin all of them, a team admin
 * its teams'), newest first: when, who and how they signed in, the team, the action, what it touched and how it
 * ended. A team is filtered by the gateway; an action among the entries shown.
 */
export async function auditPage(root: HTMLElement): Promise<void> {
  const teams = (await admin<{ data: TeamView[] }>('/admin/teams')).data;
  const teamNames = new Map(teams.map((team) => [team.id, team.name]));
  const teamFilter = select('Filter by team', [
    [ALL, 'All teams'],
    ...teams.map((team): [string, string] => [team.id, team.name]),
  ]);
  const actionFilter = select('Filter by action', [[ALL, 'All actions']]);
  const list = h('div');
  let entries: AuditEntry[] = [];
  const show = (): void => {
    const action = actionFilter.value;
    clear(list);
    list.appendChild(
      auditTable(
        entries.filter((entry) => action === ALL || entry.action === action),
        teamNames,
      ),
    );
  };
  const load = async (): Promise<void> => {
    entries = await auditTrail(teamFilter.value || undefined);
    const chosen = actionFilter.value;
    const actions = [...new Set(entries.map((entry) => entry.action))].sort();
    clear(actionFilter);
    for (const [value, label] of [[ALL, 'All actions'], ...actions.map((action) => [action, action])])
      actionFilter.appendChild(h('option', { value }, label));
    actionFilter.value = actions.includes(chosen) ? chosen : ALL;
    show();
  };
  teamFilter.addEventListener('change', () => void load());
  actionFilter.addEventListener('change', show);
  append(root, [
    h('h1', {}, 'Audit trail'),
    h('div', { class: 'inline-form', role: 'group', 'aria-label': 'Audit filters' }, teamFilter, actionFilter),
    list,
  ]);
  await load();
}

function select(label: string, options: Array<[string, string]>): HTMLSelectElement {
  return h('select', { 'aria-label': label }, ...options.map(([value, text]) => h('option', { value }, text)));
}

function auditTable(entries: readonly AuditEntry[], teamNames: ReadonlyMap<string, string>): HTMLElement {
  return table<AuditEntry>(
    [
      ['time', (entry) => h('time', { datetime: entry.at }, entry.at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'))],
      ['actor', (entry) => `${entry.actor} (${entry.actorVia})`],
      ['team', (entry) => (entry.team ? (teamNames.get(entry.team) ?? entry.team) : '—')],
      ['action', (entry) => h('code', { 'data-action': entry.action }, entry.action)],
      ['object', (entry) => objectText(entry)],
      ['outcome', (entry) => String(entry.fields.outcome ?? 'done')],
    ],
    entries,
    'No admin actions yet',
  );
}

/** What the action touched, as `name=value` pairs (the fields never hold a secret). */
function objectText(entry: AuditEntry): string {
  return (
    Object.entries(entry.fields)
      .filter(([name, value]) => name !== 'outcome' && value !== undefined && value !== null)
      .map(([name, value]) => `${name}=${String(value)}`)
      .join(' ') || '—'
  );
}
