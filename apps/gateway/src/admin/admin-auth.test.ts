import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayConfig } from '../config/config-schema.js';
import { defaultConfig } from '../config/default-config.js';
import { parseConfigText } from '../config/load-config.js';
import { startGateway } from '../server.js';
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

/** A gateway whose admin failures are logged to `lines`, with these admin and server settings. */
async function guardedGateway(
  lines: ReturnType<typeof logCollector>,
  admin: Record<string, unknown>,
  server: Record<string, unknown> = {},
): Promise<Harness> {
  return startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), {
    sections: { admin: { secret: ADMIN, ...admin }, server },
    logDestination: lines.destination,
  });
}

/** `/admin/usage` as a client behind a proxy: the proxy connects (from 127.0.0.1) and forwards `client`. */
function viaProxy(base: string, client: string, secret: string): Promise<Response> {
  return get({ authorization: `Bearer ${secret}`, 'x-forwarded-for': client }, base);
}

describe('admin authentication back-off', () => {
  it('answers 429 with Retry-After to wrong secrets from an address past admin.maxFailedLogins, never to the right one', async () => {
    const lines = logCollector();
    const guarded = await guardedGateway(lines, { maxFailedLogins: 3, failedLoginWindowMs: 60_000 });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await get({ authorization: `Bearer wrong-${i}` }, guarded.url)).status);
      expect(statuses).toEqual([401, 401, 401]);
      const refused = await get({ authorization: 'Bearer wrong-again' }, guarded.url);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('admin_login_backoff');
      expect((await get({ authorization: `Bearer ${ADMIN}` }, guarded.url)).status).toBe(200);
      expect((await get({}, guarded.url)).status).toBe(429);
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

  it('lets the right secret in after 12 wrong ones from the shared address of a proxy (on the defaults)', async () => {
    const guarded = await guardedGateway(logCollector(), {});
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await viaProxy(guarded.url, `198.51.100.${i}`, `wrong-${i}`)).status);
      // Without server.trustProxy every caller is the proxy's address: the eleventh wrong one is refused.
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
      expect((await viaProxy(guarded.url, '198.51.100.99', ADMIN)).status).toBe(200);
      expect((await viaProxy(guarded.url, '198.51.100.99', 'wrong-again')).status).toBe(429);
    } finally {
      await guarded.close();
    }
  });

  it.each([{ trustProxy: true }, { trustProxy: ['127.0.0.1/32'] }])(
    'with server.trustProxy $trustProxy, counts failures per forwarded client: client A does not slow client B',
    async ({ trustProxy }) => {
      const lines = logCollector();
      const guarded = await guardedGateway(lines, {}, { trustProxy });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 12; i++) statuses.push((await viaProxy(guarded.url, '198.51.100.1', `wrong-${i}`)).status);
        expect(statuses.slice(-2)).toEqual([429, 429]);
        expect((await viaProxy(guarded.url, '198.51.100.2', 'wrong-from-b')).status).toBe(401);
        expect((await viaProxy(guarded.url, '198.51.100.1', ADMIN)).status).toBe(200);
        const lastFailure = lines.lines.filter((line) => line.audit === 'admin.auth-failed').at(-1);
        expect(lastFailure).toMatchObject({ remote: '198.51.100.2', via: '127.0.0.1', failures: 1 });
      } finally {
        await guarded.close();
      }
    },
  );
});

describe('the admin secret from a file (INTERLINGUA_ADMIN_SECRET_FILE)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'admin-secret-file-'));
  const secretFile = join(dir, 'admin-secret');
  writeFileSync(secretFile, 'admin-secret-mounted-as-a-file-01\n', { mode: 0o600 });

  async function statusWith(config: GatewayConfig, secret: string): Promise<number> {
    const gateway = await startGateway(config, { logDestination: logCollector().destination });
    try {
      return (await get({ authorization: `Bearer ${secret}` }, gateway.url)).status;
    } finally {
      await gateway.close();
    }
  }

  it('is the admin secret without a config file', async () => {
    const env = {
      INTERLINGUA_API_KEY: GATEWAY_KEY,
      INTERLINGUA_ADMIN_SECRET_FILE: secretFile,
      INTERLINGUA_DATA_DIR: join(dir, 'data'),
      INTERLINGUA_PORT: '0',
    };
    expect(await statusWith(defaultConfig(env), 'admin-secret-mounted-as-a-file-01')).toBe(200);
    expect(await statusWith(defaultConfig(env), 'admin-secret-mounted-as-a-fil')).toBe(401);
  });

  it('fills ${INTERLINGUA_ADMIN_SECRET} in a config file', async () => {
    const text = `server: { port: 0 }\nkeys: [{ name: k, secret: "${GATEWAY_KEY}" }]\nadmin: { secret: "\${INTERLINGUA_ADMIN_SECRET}" }\n`;
    const config = parseConfigText(text, 'gateway.yaml', { INTERLINGUA_ADMIN_SECRET_FILE: secretFile });
    expect(await statusWith(config, 'admin-secret-mounted-as-a-file-01')).toBe(200);
  });
});
