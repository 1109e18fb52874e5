import { loadRecording, recordingJson, sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';

/** Test prices (not real ones), above 1 per million: a cap near the largest double times the price overflows. */
const PRICING = [{ model: 'priced*', inputPerMillion: 10, outputPerMillion: 50 }];
/** The recorded answer: 16 input and 363 output tokens. */
const TEXT = loadRecording('openai-chat/01-text.json');
const ANSWER_COST = (16 * 10 + 363 * 50) / 1e6;
const BUDGET = 0.05;
const KEY = 'hostile-numbers-key-0001';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness((_request, response) => sendJson(response, 200, recordingJson(TEXT)), {
    keys: [{ name: 'budgeted', secret: KEY, budgets: [{ period: 'month', cost: BUDGET }] }],
    sections: { pricing: PRICING },
  });
});
afterAll(() => harness.close());

/** A chat request with `extra` in its body, sent as raw JSON: the status. */
async function chat(extra: string): Promise<number> {
  const body = `{"model":"up/priced-model","messages":[{"role":"user","content":"hello"}]${extra}}`;
  const response = await fetch(`${harness.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

describe('a cost budget against the numbers a caller sends', () => {
  it('a chat body with "max_output_tokens": 1.7976931348623157e308 does not switch the budget off: the key is refused once it is spent', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      statuses.push(await chat(',"max_output_tokens":1.7976931348623157e308'));
      statuses.push(await chat(''));
    }
    const answered = statuses.filter((status) => status === 200).length;
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
    expect(answered * ANSWER_COST).toBeLessThanOrEqual(BUDGET + ANSWER_COST);
  });
});
