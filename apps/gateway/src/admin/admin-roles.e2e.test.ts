import { readdirSync, readFileSync } from 'node:fs';
import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logCollector, startHarness, type Harness } from '../e2e/gateway-harness.test-support.js';
import { TEST_DATABASES } from '../ledger/test-databases.test-support.js';

/*
 * The role × route matrix: every /admin route (and /metrics), asked by the admin secret and by
 * user tokens of each role, is open exactly to the roles the rules name; no role reaches past
 * them. A route added without its row here fails the completeness check.
 */

const SECRET = 'admin-secret-for-role-tests-01';
const PRINCIPALS = ['secret', 'admin', 'viewer', 'teamAdmin', 'member', 'outsider', 'nobody'] as const;
type Principal = (typeof PRINCIPALS)[number];
const ADMINS: Principal[] = ['secret', 'admin'];
const EVERYONE: Principal[] = [...PRINCIPALS];

interface Setup {
  harness: Harness;
  tokens: Record<Principal, string>;
  teamA: string;
  teamB: string;
}
interface Probe {
  method: string;
  path: string;
  body?: unknown;
}
type Check = {
  method: string;
  path: string;
  allowed: Principal[];
  probe: (setup: Setup) => Promise<Probe>;
};

let counter = 0;
const unique = (prefix: string): string => `${prefix}-${++counter}`;

async function call(setup: Setup, bearer: string | undefined, probe: Probe): Promise<Response> {
  const controller = new AbortController();
  const response = await fetch(`${setup.harness.url}${probe.path}`, {
    method: probe.method,
    signal: controller.signal,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(probe.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(probe.body === undefined ? {} : { body: JSON.stringify(probe.body) }),
  });
  // The request stream never ends on its own: its status is all the matrix reads.
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) controller.abort();
  return response;
}

async function json<T>(setup: Setup, bearer: string, probe: Probe, status = 200): Promise<T> {
  const response = await call(setup, bearer, probe);
  const text = await response.text();
  expect(response.status, `${probe.method} ${probe.path}: ${text}`).toBe(status);
  return JSON.parse(text) as T;
}

/** A key of team A issued by the member (so the member owns it). */
async function memberKey(setup: Setup): Promise<string> {
  const body = { name: unique('mo-key'), team: setup.teamA, models: ['mock'] };
  return (await json<{ id: string }>(setup, setup.tokens.member, { method: 'POST', path: '/admin/keys', body }, 201))
    .id;
}

const keyPath =
  (suffix = '') =>
  async (setup: Setup) =>
    `/admin/keys/${await memberKey(setup)}${suffix}`;
const probe =
  (method: string, path: string | ((setup: Setup) => Promise<string> | string), body?: unknown) =>
  async (setup: Setup): Promise<Probe> => ({
    method,
    path: typeof path === 'string' ? path : await path(setup),
    ...(body === undefined ? {} : { body: typeof body === 'function' ? (body as (s: Setup) => unknown)(setup) : body }),
  });

const CHECKS: Check[] = [
  { method: 'GET', path: '/metrics', allowed: ADMINS, probe: probe('GET', '/metrics') },
  {
    method: 'GET',
    path: '/admin/usage',
    allowed: PRINCIPALS.filter((p) => p !== 'nobody'),
    probe: probe('GET', '/admin/usage?group_by=key'),
  },
  { method: 'GET', path: '/admin/prices', allowed: ADMINS, probe: probe('GET', '/admin/prices') },
  { method: 'DELETE', path: '/admin/cache', allowed: ADMINS, probe: probe('DELETE', '/admin/cache?model=mock') },
  {
    method: 'GET',
    path: '/admin/keys',
    allowed: [...ADMINS, 'teamAdmin', 'member', 'outsider'],
    probe: probe('GET', '/admin/keys'),
  },
  {
    method: 'POST',
    path: '/admin/keys',
    allowed: [...ADMINS, 'teamAdmin', 'member'],
    probe: async (setup) => ({ method: 'POST', path: '/admin/keys', body: { name: unique('k'), team: setup.teamA } }),
  },
  {
    method: 'GET',
    path: '/admin/keys/:id',
    allowed: [...ADMINS, 'teamAdmin', 'member'],
    probe: probe('GET', keyPath()),
  },
  {
    method: 'PATCH',
    path: '/admin/keys/:id',
    allowed: [...ADMINS, 'teamAdmin'],
    probe: probe('PATCH', keyPath(), { metadata: { note: 'x' } }),
  },
  {
    method: 'POST',
    path: '/admin/keys/:id/disable',
    allowed: [...ADMINS, 'teamAdmin', 'member'],
    probe: probe('POST', keyPath('/disable')),
  },
  {
    method: 'POST',
    path: '/admin/keys/:id/enable',
    allowed: [...ADMINS, 'teamAdmin'],
    probe: probe('POST', keyPath('/enable')),
  },
  {
    method: 'POST',
    path: '/admin/keys/:id/rotate',
    allowed: [...ADMINS, 'teamAdmin', 'member'],
    probe: probe('POST', keyPath('/rotate')),
  },
  {
    method: 'DELETE',
    path: '/admin/keys/:id',
    allowed: [...ADMINS, 'teamAdmin', 'member'],
    probe: probe('DELETE', keyPath()),
  },
  { method: 'GET', path: '/admin/requests', allowed: ADMINS, probe: probe('GET', '/admin/requests') },
  { method: 'GET', path: '/admin/requests/stream', allowed: ADMINS, probe: probe('GET', '/admin/requests/stream') },
  { method: 'GET', path: '/admin/routes', allowed: ADMINS, probe: probe('GET', '/admin/routes') },
  {
    method: 'POST',
    path: '/admin/playground/translate',
    allowed: ADMINS,
    probe: probe('POST', '/admin/playground/translate', {
      style: 'openai-chat',
      model: 'mock',
      body: { model: 'mock', messages: [{ role: 'user', content: 'hi' }] },
    }),
  },
  { method: 'POST', path: '/admin/playground/key', allowed: ADMINS, probe: probe('POST', '/admin/playground/key') },
  { method: 'GET', path: '/admin/teams', allowed: EVERYONE, probe: probe('GET', '/admin/teams') },
  {
    method: 'POST',
    path: '/admin/teams',
    allowed: ADMINS,
    probe: async () => ({ method: 'POST', path: '/admin/teams', body: { name: unique('team') } }),
  },
  {
    method: 'GET',
    path: '/admin/teams/:id',
    allowed: [...ADMINS, 'viewer', 'teamAdmin', 'member'],
    probe: probe('GET', (setup) => `/admin/teams/${setup.teamA}`),
  },
  {
    method: 'PATCH',
    path: '/admin/teams/:id',
    allowed: ADMINS,
    probe: probe('PATCH', (setup) => `/admin/teams/${setup.teamA}`, { rpm: 1_000 }),
  },
  {
    method: 'DELETE',
    path: '/admin/teams/:id',
    allowed: ADMINS,
    probe: async (setup) => {
      const team = await json<{ id: string }>(
        setup,
        SECRET,
        { method: 'POST', path: '/admin/teams', body: { name: unique('gone') } },
        201,
      );
      // The member belongs to it, so only the role (not visibility) decides.
      await json(setup, SECRET, {
        method: 'POST',
        path: `/admin/teams/${team.id}/members`,
        body: { subject: 'tara', role: 'team-admin' },
      });
      return { method: 'DELETE', path: `/admin/teams/${team.id}` };
    },
  },
  {
    method: 'GET',
    path: '/admin/teams/:id/members',
    allowed: [...ADMINS, 'viewer', 'teamAdmin', 'member'],
    probe: probe('GET', (setup) => `/admin/teams/${setup.teamA}/members`),
  },
  {
    method: 'POST',
    path: '/admin/teams/:id/members',
    allowed: [...ADMINS, 'teamAdmin'],
    probe: probe('POST', (setup) => `/admin/teams/${setup.teamA}/members`, { subject: 'newcomer', role: 'member' }),
  },
  {
    method: 'DELETE',
    path: '/admin/teams/:id/members/:subject',
    allowed: [...ADMINS, 'teamAdmin'],
    probe: async (setup) => {
      const subject = unique('leaver');
      await json(setup, SECRET, {
        method: 'POST',
        path: `/admin/teams/${setup.teamA}/members`,
        body: { subject, role: 'member' },
      });
      return { method: 'DELETE', path: `/admin/teams/${setup.teamA}/members/${subject}` };
    },
  },
  {
    method: 'POST',
    path: '/admin/tokens',
    allowed: EVERYONE,
    probe: probe('POST', '/admin/tokens', { name: 'matrix' }),
  },
  { method: 'GET', path: '/admin/tokens', allowed: EVERYONE, probe: probe('GET', '/admin/tokens') },
  { method: 'GET', path: '/admin/audit', allowed: [...ADMINS, 'teamAdmin'], probe: probe('GET', '/admin/audit') },
  {
    method: 'DELETE',
    path: '/admin/tokens/:id',
    allowed: [...ADMINS, 'member'],
    probe: async (setup) => {
      const token = await json<{ id: string }>(
        setup,
        SECRET,
        { method: 'POST', path: '/admin/tokens', body: { subject: 'mo', name: 'spare' } },
        201,
      );
      return { method: 'DELETE', path: `/admin/tokens/${token.id}` };
    },
  },
];

/** Every `method: '…', path: '/admin…'` (and `/metrics`) the admin folder serves. */
function servedAdminRoutes(): string[] {
  const folder = new URL('.', import.meta.url);
  const routes: string[] = [];
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.includes('.test'))) {
    const source = readFileSync(new URL(file, folder), 'utf8');
    for (const match of source.matchAll(/method: '(\w+)',\s*path: '(\/admin[^']*|\/metrics)'/g))
      routes.push(`${match[1]?.toUpperCase()} ${match[2]}`);
  }
  return routes.sort();
}

async function setUp(harness: Harness): Promise<Setup> {
  const setup = { harness, tokens: { secret: SECRET } as Record<Principal, string>, teamA: '', teamB: '' };
  const team = async (name: string) =>
    (await json<{ id: string }>(setup, SECRET, { method: 'POST', path: '/admin/teams', body: { name } }, 201)).id;
  setup.teamA = await team('team-a');
  setup.teamB = await team('team-b');
  const member = (teamId: string, subject: string, role: string) =>
    json(setup, SECRET, { method: 'POST', path: `/admin/teams/${teamId}/members`, body: { subject, role } });
  await member(setup.teamA, 'tara', 'team-admin');
  await member(setup.teamA, 'mo', 'member');
  await member(setup.teamB, 'bo', 'member');
  const users: Array<[Principal, string, string | undefined]> = [
    ['admin', 'alice', 'admin'],
    ['viewer', 'vic', 'viewer'],
    ['teamAdmin', 'tara', undefined],
    ['member', 'mo', undefined],
    ['outsider', 'bo', undefined],
    ['nobody', 'nora', undefined],
  ];
  for (const [principal, subject, role] of users) {
    const body = { subject, name: 'matrix', ...(role ? { role } : {}) };
    setup.tokens[principal] = (
      await json<{ token: string }>(setup, SECRET, { method: 'POST', path: '/admin/tokens', body }, 201)
    ).token;
  }
  return setup;
}

for (const database of TEST_DATABASES) {
  describe(`admin roles on ${database.name}`, () => {
    let setup: Setup;
    beforeAll(async () => {
      const harness = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), {
        sections: { admin: { secret: SECRET, maxFailedLogins: 1_000 }, database: await database.fresh() },
        logDestination: logCollector().destination,
      });
      setup = await setUp(harness);
    });
    afterAll(async () => setup?.harness.close());

    it('has a matrix row for every admin route the gateway serves', () => {
      expect(CHECKS.map((check) => `${check.method} ${check.path}`).sort()).toEqual(servedAdminRoutes());
    });

    it('opens every admin route to exactly the roles the rules name, and to nothing unauthenticated', async () => {
      const outcome: string[] = [];
      const expected: string[] = [];
      for (const check of CHECKS) {
        for (const principal of PRINCIPALS) {
          const response = await call(setup, setup.tokens[principal], await check.probe(setup));
          const passed = ![401, 403, 404].includes(response.status);
          if (!response.bodyUsed && !response.headers.get('content-type')?.startsWith('text/event-stream'))
            await response.text();
          outcome.push(`${check.method} ${check.path} ${principal}: ${passed ? 'allowed' : `refused`}`);
          expected.push(
            `${check.method} ${check.path} ${principal}: ${check.allowed.includes(principal) ? 'allowed' : 'refused'}`,
          );
        }
        const anonymous = await call(setup, undefined, await check.probe(setup));
        expect(anonymous.status, `${check.method} ${check.path} without a bearer`).toBe(401);
        await anonymous.text();
      }
      expect(outcome).toEqual(expected);
    });

    it('refuses a revoked or forged token as it refuses a wrong secret', async () => {
      const issued = await json<{ id: string; token: string }>(
        setup,
        SECRET,
        { method: 'POST', path: '/admin/tokens', body: { subject: 'temp', role: 'admin' } },
        201,
      );
      expect((await call(setup, issued.token, { method: 'GET', path: '/admin/prices' })).status).toBe(200);
      await json(setup, SECRET, { method: 'DELETE', path: `/admin/tokens/${issued.id}` });
      expect((await call(setup, issued.token, { method: 'GET', path: '/admin/prices' })).status).toBe(401);
      const forged = `${issued.token.slice(0, -1)}${issued.token.endsWith('A') ? 'B' : 'A'}`;
      expect((await call(setup, forged, { method: 'GET', path: '/admin/prices' })).status).toBe(401);
    });

    it("keeps every action in the audit trail under its actor, and shows a team admin only its team's", async () => {
      const keyId = await memberKey(setup);
      const teamA = await json<{ data: Array<{ action: string; actor: string; fields: { keyId?: string } }> }>(
        setup,
        SECRET,
        { method: 'GET', path: `/admin/audit?team=${setup.teamA}&limit=20` },
      );
      expect(teamA.data).toContainEqual(
        expect.objectContaining({ action: 'key.create', actor: 'mo', fields: expect.objectContaining({ keyId }) }),
      );
      const teamB = await json<{ data: Array<{ action: string; team?: string }> }>(setup, SECRET, {
        method: 'GET',
        path: `/admin/audit?team=${setup.teamB}`,
      });
      expect(teamB.data.map((entry) => entry.action)).toContain('team.create');
      expect(teamB.data.every((entry) => entry.team === setup.teamB)).toBe(true);
      const scoped = await json<{ data: Array<{ team?: string }> }>(setup, setup.tokens.teamAdmin, {
        method: 'GET',
        path: '/admin/audit?limit=1000',
      });
      expect(scoped.data.length).toBeGreaterThan(0);
      // Only entries of teams it administers (team A, and the matrix's teams it was made admin of): never team B's.
      expect(scoped.data.map((entry) => entry.team)).toContain(setup.teamA);
      expect(scoped.data.filter((entry) => entry.team === undefined || entry.team === setup.teamB)).toEqual([]);
    });

    it('lets no one raise a role: a viewer cannot issue an admin token, a member cannot join another team', async () => {
      const raise = await call(setup, setup.tokens.viewer, {
        method: 'POST',
        path: '/admin/tokens',
        body: { role: 'admin' },
      });
      expect(raise.status).toBe(403);
      const join = await call(setup, setup.tokens.member, {
        method: 'POST',
        path: `/admin/teams/${setup.teamB}/members`,
        body: { subject: 'mo', role: 'team-admin' },
      });
      expect(join.status).toBe(404);
    });

    it("keeps a team role's keys within the team's limits, and shows a key its team's limits", async () => {
      const team = await json<{ id: string }>(
        setup,
        SECRET,
        {
          method: 'POST',
          path: '/admin/teams',
          body: { name: unique('capped'), rpm: 10, budgets: [{ period: 'month', cost: 50 }] },
        },
        201,
      );
      await json(setup, SECRET, {
        method: 'POST',
        path: `/admin/teams/${team.id}/members`,
        body: { subject: 'mo', role: 'member' },
      });
      const over = await call(setup, setup.tokens.member, {
        method: 'POST',
        path: '/admin/keys',
        body: { name: unique('greedy'), team: team.id, rpm: 20, budgets: [{ period: 'month', cost: 80 }] },
      });
      const overBody = (await over.json()) as { error: { code: string; message: string } };
      expect(over.status).toBe(400);
      expect(overBody.error.code).toBe('beyond_team_limits');
      expect(overBody.error.message).toContain("rpm: 20 is more than the team's 10");
      const within = await json<{ id: string }>(
        setup,
        setup.tokens.member,
        { method: 'POST', path: '/admin/keys', body: { name: unique('modest'), team: team.id, rpm: 5 } },
        201,
      );
      const view = await json<{ team: string; owner: string; teamLimits: unknown }>(setup, setup.tokens.member, {
        method: 'GET',
        path: `/admin/keys/${within.id}`,
      });
      expect(view).toMatchObject({
        team: team.id,
        owner: 'mo',
        teamLimits: { rpm: 10, budgets: [{ period: 'month', cost: 50 }] },
      });
      await json(setup, SECRET, { method: 'DELETE', path: `/admin/keys/${within.id}` });
    });
  });
}
