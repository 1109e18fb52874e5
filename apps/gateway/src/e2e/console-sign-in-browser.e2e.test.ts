import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveBrowser, launchChromium, requireBrowserUnderCi } from './chromium.test-support.js';
import { operatorOf } from '../admin/operator-state.js';
import {
  startIdentityProvider,
  loopbackOidcSection,
  type LoopbackIdentityProvider,
} from '../signin/loopback-identity-provider.test-support.js';
import { findUser } from '../signin/users-table.test-support.js';
import { startHarness, type Harness } from './gateway-harness.test-support.js';

/**
 * Sign-in with an identity provider in a real browser (Debian's chromium, driven by
 * playwright-core): a loopback `oidc-provider` with a groups claim signs in an admin, who creates
 * a key (the console sends the CSRF header), and a viewer, who is refused the same; a team admin
 * (no gateway role, a team's admin), who sees only the team's keys and issues one in the team; a
 * member, who sees only its own keys' usage; a user whose groups name no role is turned away;
 * sign-out ends the session on the server. Screenshots go to test-artifacts/console/.
 */
const ADMIN = 'admin-secret-for-sign-in-browser-01';
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const screenshots = join(repoRoot, 'test-artifacts', 'console');
requireBrowserUnderCi('console sign-in in a browser');

let idp: LoopbackIdentityProvider;
let harness: Harness;
let browser: Browser;

beforeAll(async () => {
  if (!haveBrowser) return;
  execFileSync(process.execPath, [join(repoRoot, 'apps', 'console', 'build.mjs')], { stdio: 'inherit' });
  mkdirSync(screenshots, { recursive: true });
  idp = await startIdentityProvider();
  harness = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), {
    sections: {
      admin: {
        secret: ADMIN,
        oidc: loopbackOidcSection(idp.issuer),
      },
      database: { type: 'sqlite', dir: mkdtempSync(join(tmpdir(), 'interlingua-sign-in-browser-')) },
    },
  });
  idp.serve(`${harness.url}/console/auth/callback`);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await harness?.close();
  await idp?.close();
});

/** A fresh browser profile that signs `login` in through the provider's login and consent pages. */
async function signInAs(login: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${harness.url}/console/`);
  await page.getByRole('link', { name: 'Sign in with your identity provider' }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  return { context, page };
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies(harness.url)).find((cookie) => cookie.name === 'interlingua_session');
}

async function createKey(page: Page, name: string, team?: string): Promise<void> {
  await page.goto(`${harness.url}/console/#keys`);
  await page.getByRole('heading', { name: 'Keys', level: 1 }).waitFor();
  await page.getByLabel('Key name').fill(name);
  await page.getByLabel('Allowed models').fill('mock');
  if (team) await page.getByLabel('Team').selectOption({ label: team });
  await page.getByRole('button', { name: 'Create key' }).click();
}

/** The admin API with the admin secret (the set-up the operator does before team roles sign in). */
async function asOperator<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${harness.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text) as T;
}

let teams: Promise<{ alpha: string; keys: Record<string, string> }> | undefined;
/** The teams of the team role tests, made once whichever of them runs first. */
const teamsReady = (): Promise<{ alpha: string; keys: Record<string, string> }> => (teams ??= teamsWithKeys());

/** Two teams: `tia` is the first's admin and `max` its member; a key in each team and one in none. */
async function teamsWithKeys(): Promise<{ alpha: string; keys: Record<string, string> }> {
  const alpha = (await asOperator<{ id: string }>('POST', '/admin/teams', { name: 'alpha' })).id;
  const beta = (await asOperator<{ id: string }>('POST', '/admin/teams', { name: 'beta' })).id;
  await asOperator('POST', `/admin/teams/${alpha}/members`, { subject: 'tia', role: 'team-admin' });
  await asOperator('POST', `/admin/teams/${alpha}/members`, { subject: 'max', role: 'member' });
  const keys: Record<string, string> = {};
  for (const [name, team] of [
    ['alpha-shared', alpha],
    ['beta-only', beta],
    ['no-team', undefined],
  ] as const) {
    const created = await asOperator<{ secret: string }>('POST', '/admin/keys', { name, models: ['mock'], team });
    keys[name] = created.secret;
  }
  return { alpha, keys };
}

/** One answered call with a key (a ledger row under the key's name). */
async function callWith(secret: string): Promise<void> {
  const response = await fetch(`${harness.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'hello' }] }),
  });
  await response.text();
  expect(response.status).toBe(200);
}

/** The key names the keys page lists. */
async function listedKeys(page: Page): Promise<string[]> {
  await page.goto(`${harness.url}/console/#keys`);
  await page.getByRole('heading', { name: 'Keys', level: 1 }).waitFor();
  await page.locator('[data-key]').first().waitFor();
  return page.locator('[data-key]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-key') ?? ''));
}

describe.skipIf(!haveBrowser)('console sign-in in a browser', () => {
  it('signs an admin in through the provider, in an HttpOnly SameSite=Lax cookie, who creates a key', async () => {
    const { context, page } = await signInAs('ada');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(await page.getByTestId('signed-in-user').textContent()).toBe('Ada Admin · admin');
    const cookie = await sessionCookie(context);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
    expect(await page.evaluate<string>('document.cookie')).not.toContain('interlingua_session');
    await page.screenshot({ path: join(screenshots, 'signed-in-admin.png'), fullPage: true });
    await createKey(page, 'made-by-ada');
    expect(await page.getByTestId('new-secret').textContent()).toMatch(/^ilg-/);
    const db = operatorOf(harness.gateway.gateway.ops.runtime)?.db;
    expect(db && (await findUser(db, 'ada'))).toMatchObject({
      name: 'Ada Admin',
      email: 'ada@example.test',
      role: 'admin',
    });
    await context.close();
  });

  it('signs a viewer in, who reads usage but is refused the keys', async () => {
    const { context, page } = await signInAs('vic');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(await page.getByTestId('signed-in-user').textContent()).toBe('Vic Viewer · viewer');
    await page.goto(`${harness.url}/console/#usage`);
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
    await page.goto(`${harness.url}/console/#keys`);
    await page.getByRole('alert').getByText('vic (gateway viewer) may not GET /admin/keys').waitFor();
    await page.screenshot({ path: join(screenshots, 'signed-in-viewer.png'), fullPage: true });
    await context.close();
  });

  it("signs a team admin in, who sees only its team's keys and issues one in its team", async () => {
    const { alpha } = await teamsReady();
    const { context, page } = await signInAs('tia');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(await page.getByTestId('signed-in-user').textContent()).toBe('Tia Teamadmin · no gateway role · 1 team');
    expect(await listedKeys(page)).toEqual(['alpha-shared']);
    await createKey(page, 'made-by-tia', 'alpha');
    expect(await page.getByTestId('new-secret').textContent()).toMatch(/^ilg-/);
    await page.locator('[data-key="made-by-tia"]').waitFor();
    expect((await listedKeys(page)).sort()).toEqual(['alpha-shared', 'made-by-tia']);
    await page.screenshot({ path: join(screenshots, 'signed-in-team-admin.png'), fullPage: true });
    const listed = await asOperator<{ data: Array<{ name: string; team?: string; owner?: string }> }>(
      'GET',
      '/admin/keys',
    );
    expect(listed.data.find((key) => key.name === 'made-by-tia')).toMatchObject({ team: alpha, owner: 'tia' });
    await context.close();
  });

  it('signs a member in, who issues its own key and sees only its own usage', async () => {
    const { keys } = await teamsReady();
    await callWith(keys['alpha-shared'] ?? '');
    const { context, page } = await signInAs('max');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(await page.getByTestId('signed-in-user').textContent()).toBe('Max Member · no gateway role · 1 team');
    await createKey(page, 'made-by-max', 'alpha');
    const secret = (await page.getByTestId('new-secret').textContent()) ?? '';
    expect(secret).toMatch(/^ilg-/);
    expect(await listedKeys(page)).toEqual(['made-by-max']);
    await callWith(secret);
    await callWith(secret);
    const everyone = await asOperator<{ data: Array<{ group: string }> }>('GET', '/admin/usage?group_by=key');
    expect(everyone.data.map((row) => row.group).sort()).toEqual(['alpha-shared', 'made-by-max']);
    await page.goto(`${harness.url}/console/#usage`);
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
    const rows = page.locator('table tbody tr');
    await rows.first().waitFor();
    expect(await rows.evaluateAll((cells) => cells.map((row) => row.firstElementChild?.textContent))).toEqual([
      'made-by-max',
    ]);
    await page.screenshot({ path: join(screenshots, 'signed-in-member.png'), fullPage: true });
    await context.close();
  });

  it('turns away a user whose groups name no role', async () => {
    const { context, page } = await signInAs('nora');
    await page.getByText('Your account has no role on this gateway').waitFor();
    expect(await sessionCookie(context)).toBeUndefined();
    await context.close();
  });

  it('signs out: the console asks to sign in again and the old cookie opens nothing', async () => {
    const { context, page } = await signInAs('ada');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    const cookie = await sessionCookie(context);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in with your identity provider' }).waitFor();
    expect(await sessionCookie(context)).toBeUndefined();
    const replayed = await fetch(`${harness.url}/admin/keys`, {
      headers: { cookie: `interlingua_session=${cookie?.value}` },
    });
    expect(replayed.status).toBe(401);
    await context.close();
  });
});
