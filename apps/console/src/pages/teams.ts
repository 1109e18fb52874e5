import { admin, type TeamView } from '../api.js';
import { append, clear, h, table } from '../dom.js';

/** Teams: the limits their keys share and their members; create a team, change its limits, add and remove members. */
export async function teamsPage(root: HTMLElement): Promise<void> {
  const list = h('div');
  const message = h('p', { class: 'error', role: 'alert' });
  const fail = (error: unknown): void => {
    message.textContent = error instanceof Error ? error.message : String(error);
  };
  const refresh = async (): Promise<void> => {
    const teams = (await admin<{ data: TeamView[] }>('/admin/teams')).data;
    const detailed = await Promise.all(teams.map((team) => admin<TeamView>(`/admin/teams/${team.id}`)));
    clear(list);
    list.appendChild(teamsTable(detailed, refresh, fail));
  };
  const form = createForm(async (body) => {
    message.textContent = '';
    try {
      await admin('/admin/teams', { method: 'POST', body });
      await refresh();
    } catch (error) {
      fail(error);
    }
  });
  append(root, [h('h1', {}, 'Teams'), form, message, list]);
  await refresh();
}

function numberInput(name: string, label: string, placeholder: string): HTMLInputElement {
  return h('input', { name, type: 'number', min: 1, step: 'any', placeholder, 'aria-label': label });
}

function createForm(onCreate: (body: Record<string, unknown>) => Promise<void>): HTMLElement {
  const name = h('input', { name: 'name', required: true, placeholder: 'research', 'aria-label': 'Team name' });
  const rpm = numberInput('rpm', 'Team requests per minute', 'RPM');
  const tpm = numberInput('tpm', 'Team tokens per minute', 'TPM');
  const monthlyCost = numberInput('monthlyCost', 'Team monthly cost budget', 'cost / month');
  const form = h(
    'form',
    { class: 'inline-form', 'aria-label': 'Create a team' },
    name,
    rpm,
    tpm,
    monthlyCost,
    h('button', { type: 'submit' }, 'Create team'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body: Record<string, unknown> = { name: name.value.trim() };
    if (rpm.value) body.rpm = Number(rpm.value);
    if (tpm.value) body.tpm = Number(tpm.value);
    if (monthlyCost.value) body.budgets = [{ period: 'month', cost: Number(monthlyCost.value) }];
    void onCreate(body).then(() => form.reset());
  });
  return form;
}

/** A budget as one line: `100 cost/month`. */
export function budgetText(budgets: TeamView['budgets']): string {
  return (
    budgets
      .map((budget) => `${budget.tokens ?? budget.cost} ${budget.tokens ? 'tokens' : 'cost'}/${budget.period}`)
      .join(', ') || '—'
  );
}

function teamsTable(
  teams: readonly TeamView[],
  refresh: () => Promise<void>,
  fail: (error: unknown) => void,
): HTMLElement {
  const act = (work: () => Promise<unknown>) => () => void work().then(refresh).catch(fail);
  return table<TeamView>(
    [
      ['name', (team) => h('span', { 'data-team': team.name }, team.name)],
      ['id', (team) => h('code', {}, team.id)],
      ['rpm / tpm', (team) => `${team.rpm ?? '—'} / ${team.tpm ?? '—'}`],
      ['budgets', (team) => budgetText(team.budgets)],
      ['members', (team) => membersCell(team, act)],
      [
        'actions',
        (team) =>
          h(
            'span',
            { class: 'actions' },
            h(
              'button',
              {
                type: 'button',
                onclick: act(async () => {
                  const current = team.budgets.find((budget) => budget.period === 'month' && budget.cost !== undefined);
                  const cost = prompt(
                    `Monthly cost budget of "${team.name}" (empty for none)`,
                    String(current?.cost ?? ''),
                  );
                  if (cost === null) return;
                  const others = team.budgets.filter((budget) => budget !== current);
                  const budgets = cost ? [...others, { period: 'month', cost: Number(cost) }] : others;
                  await admin(`/admin/teams/${team.id}`, { method: 'PATCH', body: { budgets } });
                }),
              },
              'Edit budget',
            ),
            h(
              'button',
              {
                type: 'button',
                class: 'danger',
                onclick: act(async () => {
                  if (confirm(`Delete team "${team.name}"?`))
                    await admin(`/admin/teams/${team.id}`, { method: 'DELETE' });
                }),
              },
              'Delete',
            ),
          ),
      ],
    ],
    teams,
    'No teams',
  );
}

function membersCell(team: TeamView, act: (work: () => Promise<unknown>) => () => void): HTMLElement {
  const subject = h('input', {
    name: 'subject',
    required: true,
    placeholder: 'user id',
    'aria-label': 'Member subject',
  });
  const role = h(
    'select',
    { name: 'role', 'aria-label': 'Member role' },
    h('option', { value: 'member' }, 'member'),
    h('option', { value: 'team-admin' }, 'team admin'),
  );
  const add = h('form', { class: 'inline-form', 'aria-label': `Add a member to ${team.name}` }, subject, role);
  add.appendChild(h('button', { type: 'submit' }, 'Add member'));
  add.addEventListener('submit', (event) => {
    event.preventDefault();
    act(() =>
      admin(`/admin/teams/${team.id}/members`, {
        method: 'POST',
        body: { subject: subject.value.trim(), role: role.value },
      }),
    )();
  });
  return h(
    'div',
    {},
    h(
      'ul',
      { class: 'members' },
      ...(team.members ?? []).map((member) =>
        h(
          'li',
          {},
          `${member.subject} (${member.role}) `,
          h(
            'button',
            {
              type: 'button',
              onclick: act(() =>
                admin(`/admin/teams/${team.id}/members/${encodeURIComponent(member.subject)}`, { method: 'DELETE' }),
              ),
            },
            'Remove',
          ),
        ),
      ),
    ),
    add,
  );
}
