import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import OpenAI from 'openai';
import type { Browser, Page } from 'playwright-core';
import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveBrowser, launchChromium, requireBrowserUnderCi } from './e2e/chromium.test-support.js';
import { CONSOLE_CSP } from './console-route.js';
import { startHarness, type Harness } from './e2e/gateway-harness.test-support.js';

/**
 * The console in a real browser (Debian's chromium, driven by playwright-core; never a browser
 * download): sign in, create a key and use it with the OpenAI SDK, see the request in the live log
 * and the ledger, revoke the key and see it refused, stream a playground prompt. Screenshots of
 * each page go to test-artifacts/console/.
 */
const ADMIN = 'admin-secret-for-console-tests-01';
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const screenshots = join(repoRoot, 'test-artifacts', 'console');
requireBrowserUnderCi('console in a browser');

let harness: Harness;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!haveBrowser) return;
  execFileSync(process.execPath, [join(repoRoot, 'apps', 'console', 'build.mjs')], { stdio: 'inherit' });
  mkdirSync(screenshots, { recursive: true });
  const database = { type: 'sqlite', dir: mkdtempSync(join(tmpdir(), 'interlingua-console-')) };
  harness = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), {
    sections: { admin: { secret: ADMIN }, database },
  });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const shot = (name: string) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
const open = async (hash: string, heading: string): Promise<void> => {
  await page.goto(`${harness.url}/console/#${hash}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
};

async function chatStatus(secret: string): Promise<number> {
  const client = new OpenAI({ apiKey: secret, baseURL: `${harness.url}/v1`, maxRetries: 0 });
  try {
    await client.chat.completions.create({
      model: 'mock',
      messages: [{ role: 'user', content: 'hello from the browser test' }],
    });
    return 200;
  } catch (error) {
    if (error instanceof OpenAI.APIError && typeof error.status === 'number') return error.status;
    throw error;
  }
}

describe.skipIf(!haveBrowser)('console in a browser', () => {
  it('is served with a Content Security Policy and asks for the admin secret', async () => {
    const response = await page.goto(`${harness.url}/console/`);
    expect(response?.headers()['content-security-policy']).toBe(CONSOLE_CSP);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Admin secret').fill('not-the-secret');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That is not the admin secret.').waitFor();
    await shot('sign-in');
    await page.getByLabel('Admin secret').fill(ADMIN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(page.url()).not.toContain(ADMIN);
    expect(await page.content()).not.toContain(ADMIN);
  });

  it('creates a key shown once, which works with the OpenAI SDK, appears in the log and the ledger, and is refused once disabled', async () => {
    await open('keys', 'Keys');
    await page.getByLabel('Key name').fill('browser-team');
    await page.getByLabel('Allowed models').fill('mock');
    await page.getByLabel('Requests per minute').fill('60');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-secret').textContent()) ?? '';
    expect(secret).toMatch(/^ilg-/);
    await page.locator('[data-key="browser-team"]').waitFor();
    await shot('keys');

    expect(await chatStatus(secret)).toBe(200);
    await open('log', 'Live request log');
    const log = page.getByTestId('live-log');
    await log.getByRole('row').filter({ hasText: 'browser-team' }).first().waitFor();
    await page.getByText('live: new requests appear at the top').waitFor();
    expect(await chatStatus(secret)).toBe(200);
    await expect.poll(() => log.getByRole('row').filter({ hasText: 'browser-team' }).count()).toBe(2);
    await shot('live-log');

    await open('usage', 'Usage');
    await page.getByRole('cell', { name: 'browser-team' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'browser-team' });
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('2');
    await shot('usage');

    await open('keys', 'Keys');
    await page.getByRole('row').filter({ hasText: 'browser-team' }).getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('row').filter({ hasText: 'browser-team' }).getByText('disabled').waitFor();
    expect(await chatStatus(secret)).toBe(401);
  });

  it('creates a team with a budget and a member, and issues a key in it from the keys page', async () => {
    await open('teams', 'Teams');
    await page.getByLabel('Team name').fill('browser-squad');
    await page.getByLabel('Team monthly cost budget').fill('100');
    await page.getByRole('button', { name: 'Create team' }).click();
    const row = page.getByRole('row').filter({ hasText: 'browser-squad' });
    await row.getByText('100 cost/month').waitFor();
    await row.getByLabel('Member subject').fill('mo@example.com');
    await row.getByRole('button', { name: 'Add member' }).click();
    await row.getByText('mo@example.com (member)').waitFor();
    await shot('teams');

    await open('keys', 'Keys');
    await page.getByLabel('Key name').fill('squad-key');
    await page.getByLabel('Team').selectOption({ label: 'browser-squad' });
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByTestId('new-secret').waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'squad-key' })
      .getByText('browser-squad (team budget 0 of 100 cost used this month)')
      .waitFor();
  });

  it("shows the console's own actions on the audit page, newest first, filtered by team and action", async () => {
    await open('audit', 'Audit trail');
    await page.getByLabel('Filter by team').selectOption({ label: 'browser-squad' });
    const rows = page.getByRole('row').filter({ has: page.locator('[data-action]') });
    await rows.filter({ hasText: 'member=mo@example.com' }).getByText('team.member.set').waitFor();
    const actions = await rows.locator('[data-action]').allTextContents();
    expect(actions.slice(0, 3)).toEqual(['key.create', 'team.member.set', 'team.create']);
    expect(await rows.first().textContent()).toContain('admin secret (admin-secret)');
    await page.getByLabel('Filter by action').selectOption('team.create');
    await rows.filter({ hasText: 'teamName=browser-squad' }).waitFor();
    expect(await rows.locator('[data-action]').allTextContents()).toEqual(['team.create']);
    await shot('audit');
  });

  it('shows the routes with provider health', async () => {
    await open('routes', 'Models and routes');
    await page.getByRole('cell', { name: 'mock' }).first().waitFor();
    await shot('routes');
  });

  it('lists every routed target with its price or marks it unpriced', async () => {
    await open('prices', 'Prices');
    await page.getByRole('row').filter({ hasText: 'mock/mock' }).getByText('unpriced').waitFor();
    await shot('prices');
  });

  it('streams a playground answer in the Anthropic style and shows the request as it goes upstream', async () => {
    await open('playground', 'Playground');
    await page.getByLabel('Model').fill('mock');
    await page.getByLabel('Caller style').selectOption('anthropic-messages');
    await page.getByLabel('Prompt').fill('Say hello to the console');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('[data-testid="playground-answer"][data-done="true"]').waitFor();
    expect((await page.getByTestId('playground-answer').textContent())?.length).toBeGreaterThan(0);
    expect(await page.getByTestId('playground-route').textContent()).toContain('provider=mock');
    expect(await page.getByTestId('playground-upstream').textContent()).toContain('Say hello to the console');
    await shot('playground');
  });

  it('draws the overview charts from the ledger, with no script or policy errors on any page', async () => {
    await open('overview', 'Overview');
    await page.locator('.chart canvas').first().waitFor();
    expect(await page.locator('.chart').count()).toBe(3);
    await shot('overview');
    expect(
      pageErrors.filter((text) => !text.includes('401')),
      pageErrors.join('\n'),
    ).toEqual([]);
  });
});
