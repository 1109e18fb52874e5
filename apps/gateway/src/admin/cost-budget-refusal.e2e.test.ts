import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../e2e/gateway-harness.test-support.js';
import { TEST_DATABASES } from '../ledger/test-databases.test-support.js';

const SECRET = 'admin-secret-for-cost-budget-tests-01';
const COST = [{ period: 'month', cost: 5 }];

async function admin(harness: Harness, method: string, path: string, body: unknown): Promise<[number, string]> {
  const response = await fetch(`${harness.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return [response.status, await response.text()];
}

function expectRefused([status, text]: [number, string], param: string): void {
  expect(status, text).toBe(400);
  const { error } = JSON.parse(text) as { error: { param: string; message: string; code: string } };
  expect(error).toMatchObject({ param, code: 'cost_budget_matches_no_traffic' });
  expect(error.message).toContain('no route this key may use has a price, so a cost budget would never count anything');
}

function idOf([status, text]: [number, string]): string {
  expect(status, text).toBe(201);
  return (JSON.parse(text) as { id: string }).id;
}

for (const database of TEST_DATABASES) {
  describe(`cost budgets that can match no traffic on ${database.name}`, () => {
    let harness: Harness;
    beforeAll(async () => {
      // Catalog off; one row prices the `mock` provider, nothing prices the `up/*` pass-through route.
      const pricing = [{ provider: 'mock', model: 'mock', inputPerMillion: 1, outputPerMillion: 1 }];
      harness = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), {
        sections: { admin: { secret: SECRET }, database: await database.fresh(), priceCatalog: false, pricing },
      });
    });
    afterAll(async () => harness?.close());

    it('refuses a cost budget on a key whose models reach only unpriced routes, on create and on change', async () => {
      expectRefused(
        await admin(harness, 'POST', '/admin/keys', { name: 'up-only', models: ['up/*'], budgets: COST }),
        'budgets[0].cost',
      );
      const id = idOf(await admin(harness, 'POST', '/admin/keys', { name: 'up-tokens', models: ['up/*'] }));
      const budgets = [{ period: 'day', tokens: 10 }, ...COST];
      expectRefused(await admin(harness, 'PATCH', `/admin/keys/${id}`, { budgets }), 'budgets[1].cost');
      const priced = idOf(
        await admin(harness, 'POST', '/admin/keys', { name: 'mock-cost', models: ['mock'], budgets: COST }),
      );
      expectRefused(await admin(harness, 'PATCH', `/admin/keys/${priced}`, { models: ['up/*'] }), 'budgets[0].cost');
      const [status] = await admin(harness, 'PATCH', `/admin/keys/${id}`, { models: ['*'], budgets: COST });
      expect(status).toBe(200);
    });
  });

  describe(`team cost budgets on a gateway without prices on ${database.name}`, () => {
    let harness: Harness;
    beforeAll(async () => {
      harness = await startHarness((_request, response) => sendJson(response, 500, { error: 'unused' }), {
        sections: { admin: { secret: SECRET }, database: await database.fresh(), priceCatalog: false },
      });
    });
    afterAll(async () => harness?.close());

    it('refuses a cost budget on a team when no route has a price, on create and on change', async () => {
      expectRefused(
        await admin(harness, 'POST', '/admin/teams', { name: 'spenders', budgets: COST }),
        'budgets[0].cost',
      );
      const id = idOf(
        await admin(harness, 'POST', '/admin/teams', { name: 'counters', budgets: [{ period: 'day', tokens: 9 }] }),
      );
      expectRefused(await admin(harness, 'PATCH', `/admin/teams/${id}`, { budgets: COST }), 'budgets[0].cost');
      expectRefused(
        await admin(harness, 'POST', '/admin/keys', { name: 'any-cost', budgets: COST }),
        'budgets[0].cost',
      );
    });
  });
}
