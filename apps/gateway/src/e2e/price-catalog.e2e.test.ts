import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRecording, recordingJson, sendJson } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';

// No `pricing` rows: the shipped catalog prices the recorded gpt-4o-mini answer (104 prompt and 16 completion tokens)
// at OpenAI's published $0.15 / $0.60 per million tokens.
const ANSWER = loadRecording('openai-chat/09-tool-call.json');
const MODEL = 'up/gpt-4o-mini-2024-07-18';
const COST = (104 * 0.15 + 16 * 0.6) / 1e6;
const KEY = 'catalog-key-0001';
const BUDGETED = 'budgeted-key-001';
const ADMIN = 'catalog-admin-secret';
// Room for two answers and part of a third: the third is refused once two are spent.
const BUDGET = COST * 2.5;

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness((_request, response) => sendJson(response, 200, recordingJson(ANSWER)), {
    keys: [
      { name: 'plain', secret: KEY },
      { name: 'budgeted', secret: BUDGETED, budgets: [{ period: 'day', cost: BUDGET }] },
    ],
    sections: {
      admin: { secret: ADMIN },
      database: { type: 'sqlite', dir: mkdtempSync(join(tmpdir(), 'interlingua-price-catalog-')) },
    },
  });
});

afterAll(async () => harness.close());

const client = (apiKey: string) => new OpenAI({ baseURL: `${harness.url}/v1`, apiKey, maxRetries: 0 });
const ask = (apiKey: string) =>
  client(apiKey)
    .chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'weather?' }] })
    .withResponse();

async function admin<T>(path: string): Promise<T> {
  const response = await fetch(`${harness.url}${path}`, { headers: { authorization: `Bearer ${ADMIN}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('the shipped price catalog on a route without pricing rows', () => {
  it('answers carry the catalog cost, and the ledger row has the same cost', async () => {
    const { response } = await ask(KEY);
    expect(Number(response.headers.get('x-interlingua-cost'))).toBeCloseTo(COST, 12);
    const totals = await admin<{ data: Array<{ group: string; cost: number | null }> }>('/admin/usage?group_by=key');
    expect(totals.data.find((row) => row.group === 'plain')?.cost).toBeCloseTo(COST, 12);
  });

  it('a cost budget counts catalog prices and refuses once it is spent', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        await ask(BUDGETED).then(
          ({ response }) => response.status,
          (error: { status?: number }) => error.status ?? 0,
        ),
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('/admin/prices lists each routed target with its price, source and date', async () => {
    const listing = await admin<{ data: Array<{ route: string; upstreamModel: string; source: string | null }> }>(
      '/admin/prices',
    );
    expect(listing.data.find((row) => row.route === 'up/*')).toMatchObject({ upstreamModel: '*' });
    expect(listing.data.find((row) => row.route === 'mock')).toMatchObject({ source: null });
  });
});
