import { admin, ApiError, type KeyView, type TeamView } from '../api.js';
import { append, clear, h, table } from '../dom.js';
import { mcpGrant, mcpGrantText, splitList } from './mcp-grant-input.js';
import { budgetText } from './teams.js';

/** Keys: every key (config keys read-only), create one (its secret shown once), edit, disable, rotate, delete. */
export async function keysPage(root: HTMLElement): Promise<void> {
  const secretBox = h('div', { class: 'secret-box', hidden: true, 'aria-live': 'polite' });
  const list = h('div');
  const message = h('p', { class: 'error', role: 'alert' });
  const refresh = async (): Promise<void> => {
    const keys = (await admin<{ data: KeyView[] }>('/admin/keys')).data;
    const teams = (await admin<{ data: TeamView[] }>('/admin/teams').catch(() => ({ data: [] }))).data;
    const spent = await teamSpending(keys);
    const teamName = (id: string | undefined): string => {
      const name = teams.find((team) => team.id === id)?.name ?? id ?? '—';
      const used = id === undefined ? undefined : spent.get(id);
      return used ? `${name} (${used})` : name;
    };
    clear(list);
    list.appendChild(keysTable(keys, { refresh, showSecret, fail, teamName }));
    fillTeams(teamSelect, teams);
  };
  const fail = (error: unknown): void => {
    message.textContent = error instanceof Error ? error.message : String(error);
  };
  const showSecret = (name: string, secret: string): void => {
    clear(secretBox);
    secretBox.hidden = false;
    append(secretBox, [
      h('strong', {}, `Secret of "${name}" — shown only now; copy it:`),
      h('code', { class: 'secret', 'data-testid': 'new-secret' }, secret),
      h('button', { type: 'button', onclick: () => void navigator.clipboard?.writeText(secret) }, 'Copy'),
      h(
        'button',
        {
          type: 'button',
          onclick: () => {
            clear(secretBox);
            secretBox.hidden = true;
          },
        },
        'Done',
      ),
    ]);
  };
  const teamSelect = h('select', { name: 'team', 'aria-label': 'Team' });
  const form = createForm(teamSelect, async (body) => {
    message.textContent = '';
    try {
      const created = await admin<KeyView>('/admin/keys', { method: 'POST', body });
      showSecret(created.name, created.secret ?? '');
      await refresh();
    } catch (error) {
      fail(error);
    }
  });
  append(root, [h('h1', {}, 'Keys'), form, message, secretBox, list]);
  await refresh();
}

interface Actions {
  refresh(): Promise<void>;
  showSecret(name: string, secret: string): void;
  fail(error: unknown): void;
  teamName(id: string | undefined): string;
}

/** What a key's view says of its team's budgets: `team budget 1.25 of 100 cost used this month`. */
interface TeamLimitsView {
  teamLimits?: { budgets: Array<{ period: string; tokens?: number; cost?: number }> };
  teamUsage?: Record<'day' | 'month', { inputTokens: number; outputTokens: number; cost: number }>;
}

/** Each team's budget use, read from one of its keys (every key of a team shows the same team figures). */
async function teamSpending(keys: readonly KeyView[]): Promise<Map<string, string>> {
  const firstKeys = new Map<string, string>();
  for (const key of keys) if (key.team && !firstKeys.has(key.team)) firstKeys.set(key.team, key.id);
  const spent = new Map<string, string>();
  await Promise.all(
    [...firstKeys].map(async ([team, keyId]) => {
      const view = await admin<TeamLimitsView>(`/admin/keys/${keyId}`).catch(() => undefined);
      const lines = (view?.teamLimits?.budgets ?? []).map((budget) => {
        const use = view?.teamUsage?.[budget.period === 'day' ? 'day' : 'month'];
        const used = budget.cost === undefined ? (use?.inputTokens ?? 0) + (use?.outputTokens ?? 0) : (use?.cost ?? 0);
        const unit = budget.cost === undefined ? 'tokens' : 'cost';
        return `team budget ${Number(used.toFixed(4))} of ${budget.cost ?? budget.tokens ?? 0} ${unit} used this ${budget.period}`;
      });
      if (lines.length > 0) spent.set(team, lines.join('; '));
    }),
  );
  return spent;
}

/** The team choices of the create form: none, or a team the caller may issue keys in. */
function fillTeams(select: HTMLSelectElement, teams: readonly TeamView[]): void {
  const chosen = select.value;
  clear(select);
  select.appendChild(h('option', { value: '' }, 'no team'));
  for (const team of teams) select.appendChild(h('option', { value: team.id }, team.name));
  select.value = teams.some((team) => team.id === chosen) ? chosen : '';
}

function createForm(team: HTMLSelectElement, onCreate: (body: Record<string, unknown>) => Promise<void>): HTMLElement {
  const name = h('input', { name: 'name', required: true, placeholder: 'team-a', 'aria-label': 'Key name' });
  const models = h('input', { name: 'models', placeholder: '* or mock, openai/*', 'aria-label': 'Allowed models' });
  const rpm = h('input', {
    name: 'rpm',
    type: 'number',
    min: 1,
    placeholder: 'RPM',
    'aria-label': 'Requests per minute',
  });
  const tpm = h('input', {
    name: 'tpm',
    type: 'number',
    min: 1,
    placeholder: 'TPM',
    'aria-label': 'Tokens per minute',
  });
  const monthly = h('input', {
    name: 'monthlyTokens',
    type: 'number',
    min: 1,
    placeholder: 'tokens / month',
    'aria-label': 'Monthly token budget',
  });
  const expires = h('input', { name: 'expires', type: 'date', 'aria-label': 'Expires on' });
  const mcpServers = h('input', {
    name: 'mcpServers',
    placeholder: 'MCP servers (* or names)',
    'aria-label': 'MCP servers',
  });
  const mcpTools = h('input', { name: 'mcpTools', placeholder: 'MCP tools (globs)', 'aria-label': 'MCP tools' });
  const mcpPrompts = h('input', {
    name: 'mcpPrompts',
    placeholder: 'MCP prompts (globs)',
    'aria-label': 'MCP prompts',
  });
  const mcpResources = h('input', {
    name: 'mcpResources',
    placeholder: 'MCP resources (URI globs)',
    'aria-label': 'MCP resources',
  });
  const cached = h('input', { name: 'cache', type: 'checkbox', checked: true, 'aria-label': 'Response cache' });
  const form = h(
    'form',
    { class: 'inline-form', 'aria-label': 'Create a key' },
    name,
    models,
    rpm,
    tpm,
    monthly,
    expires,
    team,
    mcpServers,
    mcpTools,
    mcpPrompts,
    mcpResources,
    h('label', {}, cached, ' response cache'),
    h('button', { type: 'submit' }, 'Create key'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body: Record<string, unknown> = { name: name.value.trim() };
    const globs = splitList(models.value);
    if (globs.length > 0) body.models = globs;
    if (rpm.value) body.rpm = Number(rpm.value);
    if (tpm.value) body.tpm = Number(tpm.value);
    if (monthly.value) body.budgets = [{ period: 'month', tokens: Number(monthly.value) }];
    if (expires.value) body.expiresAt = new Date(`${expires.value}T23:59:59Z`).toISOString();
    if (team.value) body.team = team.value;
    const grant = mcpGrant({
      servers: mcpServers.value,
      tools: mcpTools.value,
      prompts: mcpPrompts.value,
      resources: mcpResources.value,
    });
    if (grant) body.mcp = grant;
    if (!cached.checked) body.cache = false;
    void onCreate(body).then(() => form.reset());
  });
  return form;
}

function keysTable(keys: readonly KeyView[], actions: Actions): HTMLElement {
  const act = (work: () => Promise<void>) => () => void work().then(actions.refresh).catch(actions.fail);
  return table<KeyView>(
    [
      ['name', (key) => h('span', { 'data-key': key.name }, key.name)],
      ['source', (key) => (key.readOnly ? h('span', { class: 'badge' }, 'config (read-only)') : 'runtime')],
      ['models', (key) => key.models.join(', ')],
      ['team', (key) => (key.team ? actions.teamName(key.team) : '—')],
      ['rpm / tpm', (key) => `${key.rpm ?? '—'} / ${key.tpm ?? '—'}`],
      ['budgets', (key) => budgetText(key.budgets)],
      ['MCP', (key) => mcpGrantText(key.mcp)],
      ['cache', (key) => (key.cache === false ? 'off' : 'routes')],
      ['expires', (key) => (key.expiresAt ? key.expiresAt.slice(0, 10) : '—')],
      [
        'status',
        (key) =>
          key.disabled ? h('span', { class: 'badge bad' }, 'disabled') : h('span', { class: 'badge good' }, 'active'),
      ],
      [
        'actions',
        (key) =>
          key.readOnly
            ? h('span', { class: 'muted' }, 'edit in the config file')
            : h(
                'span',
                { class: 'actions' },
                h('button', { type: 'button', onclick: act(async () => editKey(key)) }, 'Edit'),
                h(
                  'button',
                  {
                    type: 'button',
                    onclick: act(
                      async () =>
                        void (await admin(`/admin/keys/${key.id}/${key.disabled ? 'enable' : 'disable'}`, {
                          method: 'POST',
                        })),
                    ),
                  },
                  key.disabled ? 'Enable' : 'Disable',
                ),
                h(
                  'button',
                  {
                    type: 'button',
                    onclick: act(async () => {
                      const rotated = await admin<KeyView>(`/admin/keys/${key.id}/rotate`, { method: 'POST' });
                      actions.showSecret(rotated.name, rotated.secret ?? '');
                    }),
                  },
                  'Rotate',
                ),
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'danger',
                    onclick: act(async () => {
                      if (confirm(`Delete key "${key.name}"? Callers using it are refused at once.`))
                        await admin(`/admin/keys/${key.id}`, { method: 'DELETE' });
                    }),
                  },
                  'Delete',
                ),
              ),
      ],
    ],
    keys,
    'No keys',
  );
}

async function editKey(key: KeyView): Promise<void> {
  const models = prompt(`Models for "${key.name}" (comma-separated globs)`, key.models.join(', '));
  if (models === null) return;
  const rpm = prompt('Requests per minute (empty for no limit)', key.rpm === undefined ? '' : String(key.rpm));
  if (rpm === null) return;
  const tpm = prompt('Tokens per minute (empty for no limit)', key.tpm === undefined ? '' : String(key.tpm));
  if (tpm === null) return;
  const servers = prompt(
    'MCP servers (comma-separated names, * for all, empty for none)',
    key.mcp?.servers.join(', ') ?? '',
  );
  if (servers === null) return;
  const tools = prompt('MCP tools (comma-separated globs, empty for all)', key.mcp?.tools.join(', ') ?? '');
  if (tools === null) return;
  const prompts = prompt('MCP prompts (comma-separated globs, empty for all)', key.mcp?.prompts?.join(', ') ?? '');
  if (prompts === null) return;
  const resources = prompt(
    'MCP resources (comma-separated URI globs, empty for all)',
    key.mcp?.resources?.join(', ') ?? '',
  );
  if (resources === null) return;
  const cache = prompt(
    'Response cache: "routes" follows the routes, "off" keeps the key out',
    key.cache === false ? 'off' : 'routes',
  );
  if (cache === null) return;
  const globs = splitList(models);
  try {
    await admin(`/admin/keys/${key.id}`, {
      method: 'PATCH',
      body: {
        ...(globs.length > 0 ? { models: globs } : {}),
        rpm: rpm ? Number(rpm) : null,
        tpm: tpm ? Number(tpm) : null,
        mcp: mcpGrant({ servers, tools, prompts, resources }) ?? null,
        cache: cache.trim().toLowerCase() === 'off' ? false : null,
      },
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new Error(String(error));
  }
}
