import { sendJson } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../config/admin-schema.js';
import { MAX_ROTATION_OVERLAP_SECONDS } from '../config/operations-schema.js';
import { startHarness, type Harness } from '../e2e/gateway-harness.test-support.js';
import { TEST_DATABASES } from '../ledger/test-databases.test-support.js';

const ADMIN = 'admin-secret-for-rotation-tests';

interface RotatedView {
  id: string;
  name: string;
  secret: string;
  previousSecretValidUntil?: string;
}

const open: Harness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((harness) => harness.close()));
});

async function gatewayOn(
  database: DatabaseConfig,
  sections: Record<string, unknown> = {},
  keys?: Array<Record<string, unknown>>,
): Promise<Harness> {
  const harness = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), {
    sections: { admin: { secret: ADMIN }, database, ...sections },
    ...(keys ? { keys } : {}),
  });
  open.push(harness);
  return harness;
}

async function adminCall<T>(harness: Harness, path: string, body?: unknown, status = 200): Promise<T> {
  const response = await fetch(`${harness.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${ADMIN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function chatStatus(harness: Harness, secret: string): Promise<number> {
  const client = new OpenAI({ apiKey: secret, baseURL: `${harness.url}/v1`, maxRetries: 0 });
  try {
    await client.chat.completions.create({ model: 'mock', messages: [{ role: 'user', content: 'hello' }] });
    return 200;
  } catch (error) {
    if (error instanceof OpenAI.APIError && typeof error.status === 'number') return error.status;
    throw error;
  }
}

for (const database of TEST_DATABASES) {
  describe(`rotating a runtime key on ${database.name}`, () => {
    it('keeps the previous secret working during the overlap, as the same key: its counters go on', async () => {
      const harness = await gatewayOn(await database.fresh());
      const created = await adminCall<RotatedView>(harness, '/admin/keys', { name: 'rotating', rpm: 3 }, 201);
      expect(await chatStatus(harness, created.secret)).toBe(200);

      const rotated = await adminCall<RotatedView>(harness, `/admin/keys/${created.id}/rotate`, {
        overlapSeconds: 3600,
      });
      expect(rotated.id).toBe(created.id);
      expect(Date.parse(rotated.previousSecretValidUntil as string)).toBeGreaterThan(Date.now() + 3_500_000);
      expect(await chatStatus(harness, created.secret)).toBe(200);
      expect(await chatStatus(harness, rotated.secret)).toBe(200);
      // Three requests this minute, whichever secret made them: the fourth is over the key's rpm.
      expect(await chatStatus(harness, rotated.secret)).toBe(429);
    });

    it('keeps the overlap across a restart, since it is stored in the database', async () => {
      const config = await database.fresh();
      const first = await gatewayOn(config);
      const created = await adminCall<RotatedView>(first, '/admin/keys', { name: 'restarted' }, 201);
      const rotated = await adminCall<RotatedView>(first, `/admin/keys/${created.id}/rotate`, { overlapSeconds: 600 });
      await first.close();
      open.splice(open.indexOf(first), 1);

      const second = await gatewayOn(config);
      expect(await chatStatus(second, created.secret)).toBe(200);
      expect(await chatStatus(second, rotated.secret)).toBe(200);
    });

    it('takes its overlap from admin.rotationOverlapSeconds when the request gives none, and 0 ends it at once', async () => {
      const harness = await gatewayOn(await database.fresh(), {
        admin: { secret: ADMIN, rotationOverlapSeconds: 60 },
      });
      const created = await adminCall<RotatedView>(harness, '/admin/keys', { name: 'defaulted' }, 201);
      const rotated = await adminCall<RotatedView>(harness, `/admin/keys/${created.id}/rotate`);
      expect(rotated.previousSecretValidUntil).toBeDefined();
      expect(await chatStatus(harness, created.secret)).toBe(200);

      const again = await adminCall<RotatedView>(harness, `/admin/keys/${created.id}/rotate`, { overlapSeconds: 0 });
      expect(again.previousSecretValidUntil).toBeUndefined();
      for (const old of [created.secret, rotated.secret]) expect(await chatStatus(harness, old)).toBe(401);
      expect(await chatStatus(harness, again.secret)).toBe(200);
    });

    it('refuses an overlap that is not a whole number of seconds within the bound, naming the field', async () => {
      const harness = await gatewayOn(await database.fresh());
      const created = await adminCall<RotatedView>(harness, '/admin/keys', { name: 'bounded' }, 201);
      for (const overlapSeconds of [-1, 1.5, '60', MAX_ROTATION_OVERLAP_SECONDS + 1]) {
        const refused = await adminCall<{ error: { message: string } }>(
          harness,
          `/admin/keys/${created.id}/rotate`,
          { overlapSeconds },
          400,
        );
        expect(refused.error.message).toContain('overlapSeconds');
      }
      expect(await chatStatus(harness, created.secret)).toBe(200);
    });
  });
}

describe('rotating a key of the config file', () => {
  it('accepts its previous secret until its time, as the same key (same counters), and refuses an ended one', async () => {
    const harness = await gatewayOn(await TEST_DATABASES[0]!.fresh(), {}, [
      {
        name: 'team',
        id: 'team',
        secret: 'config-new-secret',
        rpm: 2,
        previousSecrets: [
          { secret: 'config-old-secret', until: '2999-01-01T00:00:00Z' },
          { secret: 'config-ended-secret', until: '2000-01-01T00:00:00Z' },
        ],
      },
    ]);
    expect(await chatStatus(harness, 'config-ended-secret')).toBe(401);
    expect(await chatStatus(harness, 'config-old-secret')).toBe(200);
    expect(await chatStatus(harness, 'config-new-secret')).toBe(200);
    expect(await chatStatus(harness, 'config-old-secret')).toBe(429);
  });
});
