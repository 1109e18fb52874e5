import { sendJson } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logCollector, startHarness, type Harness } from '../e2e/gateway-harness.test-support.js';
import { TEST_DATABASES } from '../ledger/test-databases.test-support.js';

const SECRET = 'admin-secret-for-team-limit-tests-01';

async function admin<T>(harness: Harness, method: string, path: string, body?: unknown, status = 200): Promise<T> {
  const response = await fetch(`${harness.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${SECRET}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A chat call through the gateway: 200, or the status and message of the refusal. */
async function chat(harness: Harness, secret: string): Promise<string> {
  const client = new OpenAI({ apiKey: secret, baseURL: `${harness.url}/v1`, maxRetries: 0 });
  try {
    await client.chat.completions.create({ model: 'mock', messages: [{ role: 'user', content: 'hello' }] });
    return '200';
  } catch (error) {
    if (error instanceof OpenAI.APIError) return `${String(error.status)} ${error.message}`;
    throw error;
  }
}

for (const database of TEST_DATABASES) {
  describe(`team limits through the gateway on ${database.name}`, () => {
    let harness: Harness;
    beforeAll(async () => {
      harness = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), {
        sections: { admin: { secret: SECRET }, database: await database.fresh() },
        logDestination: logCollector().destination,
      });
    });
    afterAll(async () => harness?.close());

    it("refuses a team's keys together past the team's rpm, and follows a change of it at once", async () => {
      const minute = (): number => Math.floor(Date.now() / 60_000);
      // The rpm counts per clock minute: a try that straddles two minutes is made again with a fresh team.
      for (let attempt = 1; ; attempt++) {
        const team = await admin<{ id: string }>(
          harness,
          'POST',
          '/admin/teams',
          { name: `shared-${attempt}`, rpm: 2 },
          201,
        );
        const issue = (name: string) =>
          admin<{ id: string; secret: string }>(
            harness,
            'POST',
            '/admin/keys',
            { name, team: team.id, models: ['mock'] },
            201,
          );
        const first = await issue(`shared-${attempt}-a`);
        const [a, b] = [first.secret, (await issue(`shared-${attempt}-b`)).secret];
        const started = minute();
        const answers = [await chat(harness, a), await chat(harness, b), await chat(harness, a)];
        if (minute() !== started && attempt < 3) continue;
        expect(answers.slice(0, 2)).toEqual(['200', '200']);
        expect(answers[2]).toMatch(new RegExp(`^429 .*team "shared-${attempt}": 2 requests per minute`));
        // The answer's usage is charged to the key and its team after the answer: the key's view shows the team's.
        const teamView = () =>
          admin<{ teamLimits: unknown; teamUsage: { day: { inputTokens: number } } }>(
            harness,
            'GET',
            `/admin/keys/${first.id}`,
          );
        expect((await teamView()).teamLimits).toMatchObject({ name: `shared-${attempt}`, rpm: 2 });
        await expect.poll(async () => (await teamView()).teamUsage.day.inputTokens).toBeGreaterThan(0);
        await admin(harness, 'PATCH', `/admin/teams/${team.id}`, { rpm: 100 });
        expect(await chat(harness, b)).toBe('200');
        return;
      }
    });

    it('shows a member the usage of its own keys only, in totals and in the CSV export', async () => {
      const team = await admin<{ id: string }>(harness, 'POST', '/admin/teams', { name: 'usage-team' }, 201);
      await admin(harness, 'POST', `/admin/teams/${team.id}/members`, { subject: 'mo', role: 'member' });
      const token = (await admin<{ token: string }>(harness, 'POST', '/admin/tokens', { subject: 'mo' }, 201)).token;
      const asMember = (path: string, init: RequestInit = {}) =>
        fetch(`${harness.url}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        });
      const own = (await (
        await asMember('/admin/keys', { method: 'POST', body: JSON.stringify({ name: 'mo-own', team: team.id }) })
      ).json()) as { secret: string };
      const other = await admin<{ secret: string }>(
        harness,
        'POST',
        '/admin/keys',
        { name: 'not-mo', models: ['mock'] },
        201,
      );
      expect(await chat(harness, own.secret)).toBe('200');
      expect(await chat(harness, other.secret)).toBe('200');
      const everyone = await admin<{ data: Array<{ group: string }> }>(harness, 'GET', '/admin/usage?group_by=key');
      expect(everyone.data.map((row) => row.group)).toEqual(expect.arrayContaining(['mo-own', 'not-mo']));
      const totals = (await (await asMember('/admin/usage?group_by=key')).json()) as { data: Array<{ group: string }> };
      expect(totals.data.map((row) => row.group)).toEqual(['mo-own']);
      const csv = await (await asMember('/admin/usage?format=csv')).text();
      expect(csv).toContain('mo-own');
      expect(csv).not.toContain('not-mo');
    });
  });
}
