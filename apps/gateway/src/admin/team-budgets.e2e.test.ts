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
        const issue = async (name: string) =>
          (
            await admin<{ secret: string }>(
              harness,
              'POST',
              '/admin/keys',
              { name, team: team.id, models: ['mock'] },
              201,
            )
          ).secret;
        const [a, b] = [await issue(`shared-${attempt}-a`), await issue(`shared-${attempt}-b`)];
        const started = minute();
        const answers = [await chat(harness, a), await chat(harness, b), await chat(harness, a)];
        if (minute() !== started && attempt < 3) continue;
        expect(answers.slice(0, 2)).toEqual(['200', '200']);
        expect(answers[2]).toMatch(new RegExp(`^429 .*team "shared-${attempt}": 2 requests per minute`));
        await admin(harness, 'PATCH', `/admin/teams/${team.id}`, { rpm: 100 });
        expect(await chat(harness, b)).toBe('200');
        return;
      }
    });
  });
}
