import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, GATEWAY_KEY, type Harness } from '../e2e/gateway-harness.test-support.js';

const ADMIN = 'admin-secret-for-auth-tests-01';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), { sections: { admin: { secret: ADMIN } } });
});
afterAll(async () => harness.close());

const get = (headers: Record<string, string>) => fetch(`${harness.url}/admin/usage`, { headers });

describe('admin authentication', () => {
  it('accepts the admin secret as Authorization: Bearer', async () => {
    expect((await get({ authorization: `Bearer ${ADMIN}` })).status).toBe(200);
  });

  it('refuses the admin secret in x-api-key, with an OpenAI-style error', async () => {
    const response = await get({ 'x-api-key': ADMIN });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_admin_key');
  });

  it('refuses a wrong bearer secret, one of another length, and a gateway key', async () => {
    for (const secret of [`${ADMIN.slice(0, -1)}x`, 'short', GATEWAY_KEY]) {
      expect((await get({ authorization: `Bearer ${secret}` })).status).toBe(401);
    }
  });
});
