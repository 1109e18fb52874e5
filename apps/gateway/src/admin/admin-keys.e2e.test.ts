import { sendJson } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../config/admin-schema.js';
import { startHarness, type Harness } from '../e2e/gateway-harness.test-support.js';
import { TEST_DATABASES } from '../ledger/test-databases.test-support.js';

const ADMIN = 'admin-secret-for-key-tests-01';

interface KeyView {
  id: string;
  name: string;
  source: string;
  readOnly: boolean;
  secret?: string;
  models: string[];
  disabled: boolean;
  rpm?: number;
  metadata: Record<string, string>;
}

const open: Harness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((harness) => harness.close()));
});

async function gatewayOn(database: DatabaseConfig): Promise<Harness> {
  const harness = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), { sections: { admin: { secret: ADMIN }, database } });
  open.push(harness);
  return harness;
}

function admin(harness: Harness, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${harness.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function adminJson<T>(harness: Harness, method: string, path: string, body?: unknown, status = 200): Promise<T> {
  const response = await admin(harness, method, path, body);
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

function client(harness: Harness, secret: string): OpenAI {
  return new OpenAI({ apiKey: secret, baseURL: `${harness.url}/v1`, maxRetries: 0 });
}

async function chatStatus(harness: Harness, secret: string, model = 'mock'): Promise<number> {
  try {
    await client(harness, secret).chat.completions.create({ model, messages: [{ role: 'user', content: 'hello' }] });
    return 200;
  } catch (error) {
    if (error instanceof OpenAI.APIError && typeof error.status === 'number') return error.status;
    throw error;
  }
}

for (const database of TEST_DATABASES) {
  describe(`keys at runtime on ${database.name}`, () => {
    it('creates a key whose secret is shown once and works at once; lists config keys read-only', async () => {
      const harness = await gatewayOn(await database.fresh());
      const created = await adminJson<KeyView>(harness, 'POST', '/admin/keys', { name: 'team-a', models: ['mock'], rpm: 100, metadata: { team: 'a' } }, 201);
      expect(created.secret).toMatch(/^ilg-/);
      expect(created).toMatchObject({ name: 'team-a', source: 'runtime', readOnly: false, models: ['mock'], rpm: 100, metadata: { team: 'a' }, disabled: false });
      expect(await chatStatus(harness, created.secret as string)).toBe(200);

      const read = await adminJson<KeyView>(harness, 'GET', `/admin/keys/${created.id}`);
      expect(read.secret).toBeUndefined();
      expect(JSON.stringify(read)).not.toContain((created.secret as string).slice(8));
      const list = await adminJson<{ data: KeyView[] }>(harness, 'GET', '/admin/keys');
      expect(list.data.map((key) => [key.name, key.source, key.readOnly])).toEqual([
        ['test', 'config', true],
        ['team-a', 'runtime', false],
      ]);
      expect((await admin(harness, 'PATCH', '/admin/keys/config:test', { rpm: 1 })).status).toBe(403);
    });

    it('updates models, disables, enables, rotates and deletes, each taking effect at once', async () => {
      const harness = await gatewayOn(await database.fresh());
      const created = await adminJson<KeyView>(harness, 'POST', '/admin/keys', { name: 'team-b' }, 201);
      const secret = created.secret as string;
      expect(await chatStatus(harness, secret)).toBe(200);

      await adminJson(harness, 'PATCH', `/admin/keys/${created.id}`, { models: ['up/*'] });
      expect(await chatStatus(harness, secret)).toBe(403);
      await adminJson(harness, 'PATCH', `/admin/keys/${created.id}`, { models: ['*'] });

      await adminJson(harness, 'POST', `/admin/keys/${created.id}/disable`);
      expect(await chatStatus(harness, secret)).toBe(401);
      await adminJson(harness, 'POST', `/admin/keys/${created.id}/enable`);
      expect(await chatStatus(harness, secret)).toBe(200);

      const rotated = await adminJson<KeyView>(harness, 'POST', `/admin/keys/${created.id}/rotate`);
      expect(rotated.secret).not.toBe(secret);
      expect(await chatStatus(harness, secret)).toBe(401);
      expect(await chatStatus(harness, rotated.secret as string)).toBe(200);

      await adminJson(harness, 'DELETE', `/admin/keys/${created.id}`);
      expect(await chatStatus(harness, rotated.secret as string)).toBe(401);
      expect((await admin(harness, 'GET', `/admin/keys/${created.id}`)).status).toBe(404);
    });

    it('refuses bad input with OpenAI-style errors naming the field, and a name already taken', async () => {
      const harness = await gatewayOn(await database.fresh());
      const bad = await admin(harness, 'POST', '/admin/keys', { name: 'x', rpm: -1, colour: 'red' });
      expect(bad.status).toBe(400);
      const body = (await bad.json()) as { error: { message: string; type: string } };
      expect(body.error.message).toContain('rpm');
      expect(body.error.message).toContain('colour');
      expect((await admin(harness, 'POST', '/admin/keys', { name: 'test' })).status).toBe(409);
      expect((await fetch(`${harness.url}/admin/keys`, { headers: { 'x-api-key': ADMIN } })).status).toBe(401);
      const notJson = await fetch(`${harness.url}/admin/keys`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}` }, body: '{' });
      expect(notJson.status).toBe(400);
    });

    it('keeps runtime keys and the ledger across a restart', async () => {
      const config = await database.fresh();
      const first = await gatewayOn(config);
      const created = await adminJson<KeyView>(first, 'POST', '/admin/keys', { name: 'durable' }, 201);
      expect(await chatStatus(first, created.secret as string)).toBe(200);
      await first.close();
      open.splice(open.indexOf(first), 1);

      const second = await gatewayOn(config);
      expect(await chatStatus(second, created.secret as string)).toBe(200);
      const totals = await adminJson<{ data: Array<{ group: string; requests: number; inputTokens: number }> }>(second, 'GET', '/admin/usage?group_by=key');
      const durable = totals.data.find((total) => total.group === 'durable');
      expect(durable?.requests).toBe(2);
      expect(durable?.inputTokens).toBeGreaterThan(0);
      const csv = await (await admin(second, 'GET', '/admin/usage?format=csv&key=durable')).text();
      expect(csv.trim().split('\r\n')).toHaveLength(3);
    });
  });
}

const postgres = TEST_DATABASES.find((database) => database.name === 'postgres');
describe.skipIf(!postgres)('keys at runtime shared by two instances on PostgreSQL', () => {
  it('a key created on one instance works on the other, and its revocation reaches it', async () => {
    const config = await (postgres as (typeof TEST_DATABASES)[number]).fresh();
    const [a, b] = [await gatewayOn({ ...config, keyRefreshMs: 50 }), await gatewayOn({ ...config, keyRefreshMs: 50 })];
    const created = await adminJson<KeyView>(a, 'POST', '/admin/keys', { name: 'shared' }, 201);
    await expect.poll(() => chatStatus(b, created.secret as string), { interval: 60, timeout: 5_000 }).toBe(200);
    await adminJson(a, 'POST', `/admin/keys/${created.id}/disable`);
    await expect.poll(() => chatStatus(b, created.secret as string), { interval: 60, timeout: 5_000 }).toBe(401);
    const listed = await adminJson<{ data: KeyView[] }>(b, 'GET', '/admin/keys');
    expect(listed.data.find((key) => key.name === 'shared')?.disabled).toBe(true);
  });
});
