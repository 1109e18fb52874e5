import { admin, ApiError, type KeyView } from '../api.js';
import { append, clear, h, table } from '../dom.js';

/** Keys: every key (config keys read-only), create one (its secret shown once), edit, disable, rotate, delete. */
export async function keysPage(root: HTMLElement): Promise<void> {
  const secretBox = h('div', { class: 'secret-box', hidden: true, 'aria-live': 'polite' });
  const list = h('div');
  const message = h('p', { class: 'error', role: 'alert' });
  const refresh = async (): Promise<void> => {
    const keys = (await admin<{ data: KeyView[] }>('/admin/keys')).data;
    clear(list);
    list.appendChild(keysTable(keys, { refresh, showSecret, fail }));
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
  const form = createForm(async (body) => {
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
}

function createForm(onCreate: (body: Record<string, unknown>) => Promise<void>): HTMLElement {
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
  const form = h(
    'form',
    { class: 'inline-form', 'aria-label': 'Create a key' },
    name,
    models,
    rpm,
    tpm,
    monthly,
    expires,
    mcpServers,
    mcpTools,
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
    const grant = mcpGrant(mcpServers.value, mcpTools.value);
    if (grant) body.mcp = grant;
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
      ['rpm / tpm', (key) => `${key.rpm ?? '—'} / ${key.tpm ?? '—'}`],
      [
        'budgets',
        (key) =>
          key.budgets
            .map((budget) => `${budget.tokens ?? budget.cost} ${budget.tokens ? 'tokens' : 'cost'}/${budget.period}`)
            .join(', ') || '—',
      ],
      ['MCP', (key) => (key.mcp ? `${key.mcp.servers.join(', ')}: ${key.mcp.tools.join(', ')}` : '—')],
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
  const globs = splitList(models);
  try {
    await admin(`/admin/keys/${key.id}`, {
      method: 'PATCH',
      body: {
        ...(globs.length > 0 ? { models: globs } : {}),
        rpm: rpm ? Number(rpm) : null,
        tpm: tpm ? Number(tpm) : null,
        mcp: mcpGrant(servers, tools) ?? null,
      },
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new Error(String(error));
  }
}

/** The MCP grant typed in: none without servers; every tool without globs. */
function mcpGrant(servers: string, tools: string): { servers: string[]; tools: string[] } | undefined {
  const names = splitList(servers);
  if (names.length === 0) return undefined;
  const globs = splitList(tools);
  return { servers: names, tools: globs.length > 0 ? globs : ['*'] };
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
