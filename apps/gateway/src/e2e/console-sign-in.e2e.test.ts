import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcConfig } from '../config/oidc-schema.js';
import type { SessionUser } from '../signin/console-sessions.js';
import {
  startIdentityProvider,
  loopbackOidcSection,
  TEST_CLIENT_ID,
  type LoopbackIdentityProvider,
} from '../signin/loopback-identity-provider.test-support.js';
import { configureSignIn, consoleSessions } from '../signin/sign-in-state.js';
import { startGateway } from '../server.js';
import { startHarness, type Harness } from './gateway-harness.test-support.js';

/**
 * Console sign-in over HTTP against a loopback OpenID provider: the login redirect (PKCE S256,
 * state, nonce), a forged callback refused, and sessions (made here, as a callback makes them)
 * checked for CSRF, Origin, role, idle and absolute expiry, and sign-out. The whole sign-in
 * through a browser is in console-sign-in.browser.e2e.test.ts.
 */
const ADMIN = 'admin-secret-for-sign-in-tests-01';
const IDLE_MINUTES = 30;
const ABSOLUTE_HOURS = 2;

let idp: LoopbackIdentityProvider;
let harness: Harness;
let clock = Date.UTC(2026, 10, 28, 12);

beforeAll(async () => {
  idp = await startIdentityProvider();
  harness = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), {
    sections: {
      admin: {
        secret: ADMIN,
        oidc: loopbackOidcSection(idp.issuer, {
          session: { idleMinutes: IDLE_MINUTES, absoluteHours: ABSOLUTE_HOURS },
        }),
      },
      database: { type: 'sqlite', dir: mkdtempSync(join(tmpdir(), 'interlingua-sign-in-')) },
    },
  });
  idp.serve(`${harness.url}/console/auth/callback`);
  configureSignIn(harness.gateway.gateway.ops.runtime, { now: () => clock });
});
afterAll(async () => {
  await harness?.close();
  await idp?.close();
});

const oidc = (): OidcConfig => harness.gateway.gateway.config.admin?.oidc as OidcConfig;

/** A session as the callback starts one; returns the cookie header and the CSRF token. */
async function signedIn(user: SessionUser): Promise<{ cookie: string; csrf: string }> {
  const { id, session } = await consoleSessions(harness.gateway.gateway.ops.runtime, oidc()).create(user);
  return { cookie: `interlingua_session=${id}`, csrf: session.csrfToken };
}

function call(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Response> {
  return fetch(`${harness.url}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;
let keyNumber = 0;
const newKey = () => ({ name: `signed-in-${++keyNumber}`, models: ['mock'] });

describe('console sign-in with a loopback identity provider', () => {
  it('redirects to the provider with PKCE S256, a state and a nonce, tying the state to this browser', async () => {
    const response = await call('GET', '/console/login', {});
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin).toBe(idp.issuer);
    const params = location.searchParams;
    expect(params.get('client_id')).toBe(TEST_CLIENT_ID);
    expect(params.get('redirect_uri')).toBe(`${harness.url}/console/auth/callback`);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('scope')).toBe('openid profile email groups');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toBe(
      `interlingua_login=${params.get('state')}; Path=/console/auth; Max-Age=600; HttpOnly; SameSite=Lax`,
    );
  });

  it('refuses a callback whose state is forged, or not the one this browser was given', async () => {
    const started = await call('GET', '/console/login', {});
    const state = new URL(started.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const forged = await call('GET', '/console/auth/callback?code=stolen&state=forged-state', {
      cookie: 'interlingua_login=forged-state',
    });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('not the one this browser started');
    const otherBrowser = await call('GET', `/console/auth/callback?code=stolen&state=${state}`, {});
    expect(otherBrowser.status).toBe(400);
    expect(await otherBrowser.text()).toContain('not the one this browser started');
    for (const refused of [forged, otherBrowser])
      expect(refused.headers.get('set-cookie') ?? '').not.toContain('interlingua_session=');
  });

  it('says whether sign-in is on, and who is signed in with the CSRF token to send', async () => {
    expect(await (await call('GET', '/console/session', {})).json()).toEqual({ signIn: true });
    const { cookie, csrf } = await signedIn({ subject: 'ada', name: 'Ada Admin', role: 'admin' });
    const body = (await (await call('GET', '/console/session', { cookie })).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ signIn: true, csrfToken: csrf, user: { subject: 'ada', role: 'admin', teams: [] } });
  });

  it('lets a signed-in admin change things only with the CSRF header from the console origin', async () => {
    const { cookie, csrf } = await signedIn({ subject: 'ada', role: 'admin' });
    const origin = harness.url;
    expect((await call('GET', '/admin/keys', { cookie })).status).toBe(200);
    const noHeader = await call('POST', '/admin/keys', { cookie, origin }, newKey());
    expect([noHeader.status, await errorCode(noHeader)]).toEqual([403, 'csrf_token']);
    const wrongToken = await call('POST', '/admin/keys', { cookie, origin, 'x-csrf-token': `${csrf}x` }, newKey());
    expect([wrongToken.status, await errorCode(wrongToken)]).toEqual([403, 'csrf_token']);
    const foreign = await call(
      'POST',
      '/admin/keys',
      { cookie, origin: 'https://evil.example', 'x-csrf-token': csrf },
      newKey(),
    );
    expect([foreign.status, await errorCode(foreign)]).toEqual([403, 'csrf_origin']);
    const noOrigin = await call('POST', '/admin/keys', { cookie, 'x-csrf-token': csrf }, newKey());
    expect([noOrigin.status, await errorCode(noOrigin)]).toEqual([403, 'csrf_origin']);
    expect((await call('POST', '/admin/keys', { cookie, origin, 'x-csrf-token': csrf }, newKey())).status).toBe(201);
  });

  it('needs no CSRF token with the admin secret as Bearer (no cookie authentication)', async () => {
    const { cookie } = await signedIn({ subject: 'ada', role: 'admin' });
    const response = await call('POST', '/admin/keys', { authorization: `Bearer ${ADMIN}`, cookie }, newKey());
    expect(response.status).toBe(201);
  });

  it('lets a viewer read usage but not keys, nor change them', async () => {
    const { cookie, csrf } = await signedIn({ subject: 'vic', role: 'viewer' });
    expect((await call('GET', '/admin/usage', { cookie })).status).toBe(200);
    expect((await call('GET', '/admin/keys', { cookie })).status).toBe(403);
    const refused = await call('POST', '/admin/keys', { cookie, origin: harness.url, 'x-csrf-token': csrf }, newKey());
    expect([refused.status, await errorCode(refused)]).toEqual([403, 'admin_forbidden']);
  });

  it('ends a session left idle for admin.oidc.session.idleMinutes', async () => {
    const { cookie } = await signedIn({ subject: 'ada', role: 'admin' });
    clock += (IDLE_MINUTES - 1) * 60_000;
    expect((await call('GET', '/admin/keys', { cookie })).status).toBe(200);
    clock += IDLE_MINUTES * 60_000;
    expect((await call('GET', '/admin/keys', { cookie })).status).toBe(401);
  });

  it('ends a session absoluteHours after sign-in however busy it is', async () => {
    const { cookie } = await signedIn({ subject: 'ada', role: 'admin' });
    const steps = Math.floor((ABSOLUTE_HOURS * 60) / (IDLE_MINUTES - 1));
    for (let step = 0; step < steps; step++) {
      clock += (IDLE_MINUTES - 1) * 60_000;
      expect((await call('GET', '/admin/keys', { cookie })).status).toBe(200);
    }
    clock += (IDLE_MINUTES - 1) * 60_000;
    expect((await call('GET', '/admin/keys', { cookie })).status).toBe(401);
  });

  it('signs out only with the CSRF header, and the session is dead afterwards', async () => {
    const { cookie, csrf } = await signedIn({ subject: 'ada', role: 'admin' });
    const forged = await call('POST', '/console/logout', { cookie, origin: harness.url });
    expect(forged.status).toBe(403);
    expect((await call('GET', '/admin/keys', { cookie })).status).toBe(200);
    const out = await call('POST', '/console/logout', { cookie, origin: harness.url, 'x-csrf-token': csrf });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toBe('interlingua_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
    expect((await call('GET', '/admin/keys', { cookie })).status).toBe(401);
    expect(await (await call('GET', '/console/session', { cookie })).json()).toEqual({ signIn: true });
  });

  it('is known to every instance sharing the state store, with team memberships from the given source, and ends on all at sign-out', async () => {
    const { gateway } = harness.gateway;
    const other = await startGateway(gateway.config, { store: gateway.store });
    try {
      const memberships = {
        membershipsOf: async (subject: string) =>
          subject === 'tia' ? [{ teamId: 'team_red', role: 'team-admin' as const }] : [],
      };
      configureSignIn(other.gateway.ops.runtime, { now: () => clock, memberships });
      const { cookie, csrf } = await signedIn({ subject: 'tia', name: 'Tia' });
      const seen = await fetch(`${other.url}/console/session`, { headers: { cookie } });
      expect(await seen.json()).toMatchObject({
        user: { subject: 'tia', role: null, teams: [{ teamId: 'team_red', role: 'team-admin' }] },
      });
      const out = await fetch(`${other.url}/console/logout`, {
        method: 'POST',
        headers: { cookie, origin: other.url, 'x-csrf-token': csrf },
      });
      expect(out.status).toBe(204);
      expect(await (await call('GET', '/console/session', { cookie })).json()).toEqual({ signIn: true });
    } finally {
      await other.close();
    }
  });

  it('lets a signed-in team admin (no gateway role) issue a key in its team, which the team budget bounds', async () => {
    const admin = { authorization: `Bearer ${ADMIN}` };
    const budgets = [{ period: 'month', tokens: 5 }];
    const created = await call('POST', '/admin/teams', admin, { name: 'signed-in-team', budgets });
    expect(created.status).toBe(201);
    const team = ((await created.json()) as { id: string }).id;
    const member = await call('POST', `/admin/teams/${team}/members`, admin, { subject: 'tam', role: 'team-admin' });
    expect(member.status).toBeLessThan(300);
    const { cookie, csrf } = await signedIn({ subject: 'tam', name: 'Tam' });
    const headers = { cookie, origin: harness.url, 'x-csrf-token': csrf };
    const outside = await call('POST', '/admin/keys', headers, newKey());
    expect([outside.status, await errorCode(outside)]).toEqual([403, 'admin_forbidden']);
    const issued = await call('POST', '/admin/keys', headers, { ...newKey(), team });
    expect(issued.status).toBe(201);
    const { secret } = (await issued.json()) as { secret: string };
    const chat = () =>
      call(
        'POST',
        '/v1/chat/completions',
        { authorization: `Bearer ${secret}` },
        {
          model: 'mock',
          messages: [{ role: 'user', content: 'hello' }],
        },
      );
    expect((await chat()).status).toBe(200);
    const refused = await chat();
    expect([refused.status, await errorCode(refused)]).toEqual([429, 'budget_exceeded']);
  });
});
