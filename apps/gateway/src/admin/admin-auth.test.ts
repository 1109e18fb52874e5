import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, GATEWAY_KEY, logCollector, type Harness } from '../e2e/gateway-harness.test-support.js';

const ADMIN = 'admin-secret-for-auth-tests-01';

let harness: Harness;
const log = logCollector();
beforeAll(async () => {
  harness = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), {
    sections: { admin: { secret: ADMIN } },
    logDestination: log.destination,
  });
});
afterAll(async () => harness.close());

const get = (headers: Record<string, string>, base = harness.url) => fetch(`${base}/admin/usage`, { headers });

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

  it('writes one audit line per failed authentication, naming the address and path, never what was presented', async () => {
    const before = log.lines.length;
    expect((await get({ authorization: 'Bearer guessed-admin-secret-42' })).status).toBe(401);
    const lines = log.lines.slice(before).filter((line) => line.audit === 'admin.auth-failed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      remote: '127.0.0.1',
      method: 'GET',
      path: '/admin/usage',
      reason: 'wrong-secret',
    });
    expect(JSON.stringify(log.lines)).not.toContain('guessed-admin-secret-42');
    expect(JSON.stringify(log.lines)).not.toContain(ADMIN);
  });
});

describe('admin authentication back-off', () => {
  it('answers 429 with Retry-After to an address past admin.maxFailedLogins failures in the window, even with the right secret', async () => {
    const lines = logCollector();
    const guarded = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), {
      sections: { admin: { secret: ADMIN, maxFailedLogins: 3, failedLoginWindowMs: 60_000 } },
      logDestination: lines.destination,
    });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await get({ authorization: `Bearer wrong-${i}` }, guarded.url)).status);
      expect(statuses).toEqual([401, 401, 401]);
      for (const secret of ['wrong-again', ADMIN]) {
        const refused = await get({ authorization: `Bearer ${secret}` }, guarded.url);
        expect(refused.status).toBe(429);
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('admin_login_backoff');
      }
      // Once blocked, further attempts write no more lines: one per failure up to the limit.
      const failures = lines.lines.filter((line) => line.audit === 'admin.auth-failed');
      expect(failures.map((line) => [line.failures, line.blocked])).toEqual([
        [1, false],
        [2, false],
        [3, true],
      ]);
    } finally {
      await guarded.close();
    }
  });
});
