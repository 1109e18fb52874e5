import 'uplot/dist/uPlot.min.css';
import './style.css';
import {
  admin,
  ApiError,
  consoleUser,
  loadConsoleSession,
  session,
  signOutOfConsoleSession,
  type ConsoleUser,
} from './api.js';
import { append, clear, h } from './dom.js';
import { auditPage } from './pages/audit.js';
import { keysPage } from './pages/keys.js';
import { liveLogPage } from './pages/live-log.js';
import { overviewPage } from './pages/overview.js';
import { playgroundPage } from './pages/playground.js';
import { pricesPage } from './pages/prices.js';
import { routesPage } from './pages/routes.js';
import { teamsPage } from './pages/teams.js';
import { usagePage } from './pages/usage.js';

type Page = (root: HTMLElement, signal: AbortSignal) => Promise<void>;

/** Who may read the audit trail: the admin secret, a gateway admin, a team's admin (the gateway checks it again). */
const readsAudit = (user: ConsoleUser | undefined): boolean =>
  !user || user.role === 'admin' || user.teams.some((team) => team.role === 'team-admin');

const PAGES: Array<{ id: string; title: string; render: Page; shownTo?: (user: ConsoleUser | undefined) => boolean }> =
  [
    { id: 'overview', title: 'Overview', render: overviewPage },
    { id: 'keys', title: 'Keys', render: keysPage },
    { id: 'teams', title: 'Teams', render: teamsPage },
    { id: 'audit', title: 'Audit trail', render: auditPage, shownTo: readsAudit },
    { id: 'usage', title: 'Usage', render: usagePage },
    { id: 'log', title: 'Live log', render: liveLogPage },
    { id: 'routes', title: 'Models & routes', render: routesPage },
    { id: 'prices', title: 'Prices', render: pricesPage },
    { id: 'playground', title: 'Playground', render: playgroundPage },
  ];

const app = document.getElementById('app') as HTMLElement;
let leaving = new AbortController();

function render(): void {
  leaving.abort();
  leaving = new AbortController();
  clear(app);
  const user = session.get() ? undefined : consoleUser();
  if (!session.get() && !user) return signIn();
  const pages = PAGES.filter((page) => page.shownTo?.(user) ?? true);
  const current = pages.find((page) => `#${page.id}` === location.hash) ?? pages[0];
  const main = h('main', { 'data-page': current?.id ?? '' });
  const nav = h(
    'nav',
    { 'aria-label': 'Console' },
    h('span', { class: 'brand' }, 'Interlingua'),
    ...pages.map((page) =>
      h('a', { href: `#${page.id}`, 'aria-current': page === current ? 'page' : undefined }, page.title),
    ),
    ...(user ? [whoIsSignedIn(user)] : []),
    h(
      'button',
      {
        type: 'button',
        class: 'sign-out',
        onclick: () => {
          session.clear();
          void signOutOfConsoleSession().finally(render);
        },
      },
      'Sign out',
    ),
  );
  append(app, [nav, main]);
  current?.render(main, leaving.signal).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      session.clear();
      return void start();
    }
    main.appendChild(h('p', { class: 'error', role: 'alert' }, error instanceof Error ? error.message : String(error)));
  });
}

/** The signed-in user's name (or email, or subject) and gateway role. */
function whoIsSignedIn(user: ConsoleUser): HTMLElement {
  const teams = user.teams.length > 0 ? ` · ${user.teams.length} team${user.teams.length === 1 ? '' : 's'}` : '';
  return h(
    'span',
    { class: 'who', 'data-testid': 'signed-in-user' },
    `${user.name ?? user.email ?? user.subject} · ${user.role ?? 'no gateway role'}${teams}`,
  );
}

/** Reads whether this browser has a console session (and whether the identity provider sign-in is on), then renders. */
async function start(): Promise<void> {
  try {
    providerSignIn = (await loadConsoleSession()).signIn;
  } catch {
    providerSignIn = false;
  }
  render();
}

let providerSignIn = false;

function signIn(): void {
  const secret = h('input', {
    type: 'password',
    name: 'secret',
    autocomplete: 'current-password',
    required: true,
    'aria-label': 'Admin secret',
  });
  const message = h('p', { class: 'error', role: 'alert' });
  const form = h(
    'form',
    { class: 'sign-in', 'aria-label': 'Sign in' },
    h('h1', {}, 'Interlingua console'),
    ...(providerSignIn
      ? [
          h('a', { class: 'button provider-sign-in', href: '/console/login' }, 'Sign in with your identity provider'),
          h('p', { class: 'muted' }, 'Or, break-glass:'),
        ]
      : []),
    h(
      'p',
      { class: 'muted' },
      'Sign in with the admin secret (printed at start when none was set). It stays in this tab only.',
    ),
    secret,
    h('button', { type: 'submit' }, 'Sign in'),
    message,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    admin('/admin/routes', { secret: secret.value }).then(
      () => {
        session.set(secret.value);
        render();
      },
      (error: unknown) => {
        message.textContent =
          error instanceof ApiError && error.status === 401
            ? 'That is not the admin secret.'
            : error instanceof Error
              ? error.message
              : String(error);
      },
    );
  });
  app.appendChild(form);
  secret.focus();
}

window.addEventListener('hashchange', render);
void start();
