import { sendJson } from '@interlingua/testkit';
import OpenAI from 'openai';
import type { DestinationStream } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../config/admin-schema.js';
import { configSchema } from '../config/config-schema.js';
import type { SqlDatabase } from '../ledger/sql-database.js';
import { operatorOf } from './operator-state.js';
import { logCollector, startHarness, type Harness } from '../e2e/gateway-harness.test-support.js';
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

async function gatewayOn(database: DatabaseConfig, logDestination?: DestinationStream): Promise<Harness> {
  const harness = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), {
    sections: { admin: { secret: ADMIN }, database },
    ...(logDestination ? { logDestination } : {}),
  });
  open.push(harness);
  return harness;
}

function admin(harness: Harness, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${harness.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
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
      const created = await adminJson<KeyView>(
        harness,
        'POST',
        '/admin/keys',
        { name: 'team-a', models: ['mock'], rpm: 100, metadata: { team: 'a' } },
        201,
      );
      expect(created.secret).toMatch(/^ilg-/);
      expect(created).toMatchObject({
        name: 'team-a',
        source: 'runtime',
        readOnly: false,
        models: ['mock'],
        rpm: 100,
        metadata: { team: 'a' },
        disabled: false,
      });
      expect(await chatStatus(harness, created.secret as string)).toBe(200);

      const read = await adminJson<KeyView>(harness, 'GET', `/admin/keys/${created.id}`);
      expect(read.secret).toBeUndefined();
      expect(JSON.stringify(read)).not.toContain((created.secret as string).slice(8));
      const list = await adminJson<{ data: KeyView[] }>(harness, 'GET', '/admin/keys');
      expect(list.data.map((key) => [key.name, key.source, key.readOnly])).toEqual([
        ['test', 'config', true],
        ['team-a', 'runtime', false],
      ]);
      const configId = list.data.find((key) => key.source === 'config')?.id as string;
      expect(configId).toMatch(/^cfg_[0-9a-f]{24}$/);
      expect((await admin(harness, 'PATCH', `/admin/keys/${configId}`, { rpm: 1 })).status).toBe(403);
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

    it('writes one audit line per key action, naming the key by id and name, never a secret', async () => {
      const log = logCollector();
      const harness = await gatewayOn(await database.fresh(), log.destination);
      const created = await adminJson<KeyView>(harness, 'POST', '/admin/keys', { name: 'audited' }, 201);
      await adminJson(harness, 'PATCH', `/admin/keys/${created.id}`, { rpm: 5, name: 'audited-2' });
      await adminJson(harness, 'POST', `/admin/keys/${created.id}/disable`);
      await adminJson(harness, 'POST', `/admin/keys/${created.id}/enable`);
      const rotated = await adminJson<KeyView>(harness, 'POST', `/admin/keys/${created.id}/rotate`);
      await adminJson(harness, 'DELETE', `/admin/keys/${created.id}`);
      const audit = log.lines.filter((line) => typeof line.audit === 'string');
      expect(audit.map((line) => [line.audit, line.keyId, line.keyName])).toEqual([
        ['key.create', created.id, 'audited'],
        ['key.update', created.id, 'audited-2'],
        ['key.disable', created.id, 'audited-2'],
        ['key.enable', created.id, 'audited-2'],
        ['key.rotate', created.id, 'audited-2'],
        ['key.delete', created.id, 'audited-2'],
      ]);
      expect(audit[1]?.fields).toBe('name,rpm');
      expect(audit.every((line) => line.remote === '127.0.0.1' && typeof line.requestId === 'string')).toBe(true);
      const everything = JSON.stringify(log.lines);
      for (const secret of [created.secret, rotated.secret, ADMIN]) expect(everything).not.toContain(secret as string);
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
      const notJson = await fetch(`${harness.url}/admin/keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN}` },
        body: '{',
      });
      expect(notJson.status).toBe(400);
    });

    it("a new key that takes a deleted key's name owns nothing of the old one: stored responses, rate counters", async () => {
      const harness = await gatewayOn(await database.fresh());
      const first = await adminJson<KeyView>(harness, 'POST', '/admin/keys', { name: 'reused', rpm: 3 }, 201);
      const stored = await client(harness, first.secret as string).responses.create({
        model: 'mock',
        input: 'remember this',
      });
      expect((await client(harness, first.secret as string).responses.retrieve(stored.id)).id).toBe(stored.id);
      await adminJson(harness, 'DELETE', `/admin/keys/${first.id}`);

      const second = await adminJson<KeyView>(harness, 'POST', '/admin/keys', { name: 'reused', rpm: 3 }, 201);
      expect(second.id).not.toBe(first.id);
      const read = await fetch(`${harness.url}/v1/responses/${stored.id}`, {
        headers: { authorization: `Bearer ${second.secret as string}` },
      });
      expect(read.status).toBe(404);
      // The old key's request of this minute is not the new key's.
      expect(await chatStatus(harness, second.secret as string)).toBe(200);
    });

    it("refuses a reloaded config whose key takes a runtime key's name, keeping the running one", async () => {
      const harness = await gatewayOn(await database.fresh());
      const runtime = await adminJson<KeyView>(harness, 'POST', '/admin/keys', { name: 'taken' }, 201);
      const running = harness.gateway.gateway.config;
      const clashing = configSchema.parse({
        ...running,
        keys: [...running.keys, { name: 'taken', secret: 'config-key-taking-a-name' }],
      });
      expect(() => harness.gateway.reload(clashing)).toThrow(
        `"taken" is already the name of the runtime key ${runtime.id}`,
      );
      expect(harness.gateway.gateway.config).toBe(running);
      expect(await chatStatus(harness, 'config-key-taking-a-name')).toBe(401);
      expect(await chatStatus(harness, runtime.secret as string)).toBe(200);
      const refused = await admin(harness, 'POST', '/admin/keys', { name: 'test' });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('in the config file');
    });

    it('refuses a revoked key on this instance while the database is down, says so with a 503, and keeps refusing it until a change is saved', async () => {
      const harness = await gatewayOn(await database.fresh());
      const created = await adminJson<KeyView>(harness, 'POST', '/admin/keys', { name: 'outage' }, 201);
      const secret = created.secret as string;
      expect(await chatStatus(harness, secret)).toBe(200);
      const db = operatorOf(harness.gateway.gateway.ops.runtime)?.db as SqlDatabase;
      const { all, run } = db;
      const down = (): Promise<never> => Promise.reject(new Error('connect ECONNREFUSED'));
      Object.assign(db, { all: down, run: down });
      try {
        for (const action of ['disable', 'rotate']) {
          const answer = await admin(harness, 'POST', `/admin/keys/${created.id}/${action}`);
          expect(answer.status).toBe(503);
          const body = (await answer.json()) as { error: { code: string; message: string } };
          expect(body.error.code).toBe('database_unavailable');
          expect(body.error.message).toContain('was not saved');
        }
        expect(await chatStatus(harness, secret)).toBe(401);
        const enable = await admin(harness, 'POST', `/admin/keys/${created.id}/enable`);
        expect(enable.status).toBe(503);
      } finally {
        Object.assign(db, { all, run });
      }
      // The database is back but never recorded the revocation: this instance still refuses the key.
      expect(await chatStatus(harness, secret)).toBe(401);
      await adminJson(harness, 'POST', `/admin/keys/${created.id}/disable`);
      await adminJson(harness, 'POST', `/admin/keys/${created.id}/enable`);
      expect(await chatStatus(harness, secret)).toBe(200);
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
      const totals = await adminJson<{ data: Array<{ group: string; requests: number; inputTokens: number }> }>(
        second,
        'GET',
        '/admin/usage?group_by=key',
      );
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
