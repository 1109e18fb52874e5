import 'uplot/dist/uPlot.min.css';
import './style.css';
import { admin, ApiError, session } from './api.js';
import { append, clear, h } from './dom.js';
import { keysPage } from './pages/keys.js';
import { liveLogPage } from './pages/live-log.js';
import { overviewPage } from './pages/overview.js';
import { playgroundPage } from './pages/playground.js';
import { pricesPage } from './pages/prices.js';
import { routesPage } from './pages/routes.js';
import { teamsPage } from './pages/teams.js';
import { usagePage } from './pages/usage.js';

type Page = (root: HTMLElement, signal: AbortSignal) => Promise<void>;

const PAGES: Array<{ id: string; title: string; render: Page }> = [
  { id: 'overview', title: 'Overview', render: overviewPage },
  { id: 'keys', title: 'Keys', render: keysPage },
  { id: 'teams', title: 'Teams', render: teamsPage },
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
  if (!session.get()) return signIn();
  const current = PAGES.find((page) => `#${page.id}` === location.hash) ?? PAGES[0];
  const main = h('main', { 'data-page': current?.id ?? '' });
  const nav = h(
    'nav',
    { 'aria-label': 'Console' },
    h('span', { class: 'brand' }, 'Interlingua'),
    ...PAGES.map((page) =>
      h('a', { href: `#${page.id}`, 'aria-current': page === current ? 'page' : undefined }, page.title),
    ),
    h(
      'button',
      {
        type: 'button',
        class: 'sign-out',
        onclick: () => {
          session.clear();
          render();
        },
      },
      'Sign out',
    ),
  );
  append(app, [nav, main]);
  current?.render(main, leaving.signal).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      session.clear();
      return render();
    }
    main.appendChild(h('p', { class: 'error', role: 'alert' }, error instanceof Error ? error.message : String(error)));
  });
}

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
render();
