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
import { findUser } from '../signin/users-table.js';
import { startHarness, type Harness } from './gateway-harness.test-support.js';

/**
 * Sign-in with an identity provider in a real browser (Debian's chromium, driven by
 * playwright-core): a loopback `oidc-provider` with a groups claim signs in an admin, who creates
 * a key (the console sends the CSRF header), and a viewer, who is refused the same; a user whose
 * groups name no role is turned away; sign-out ends the session on the server. Screenshots go to
 * test-artifacts/console/.
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

async function createKey(page: Page, name: string): Promise<void> {
  await page.goto(`${harness.url}/console/#keys`);
  await page.getByRole('heading', { name: 'Keys', level: 1 }).waitFor();
  await page.getByLabel('Key name').fill(name);
  await page.getByLabel('Allowed models').fill('mock');
  await page.getByRole('button', { name: 'Create key' }).click();
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
