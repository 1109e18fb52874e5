import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

const OTHER_KEY = 'second-gateway-key';

let harness: Harness;
let own: OpenAI;
let other: OpenAI;

beforeAll(async () => {
  harness = await startHarness(() => undefined, {
    keys: [
      { name: 'test', secret: GATEWAY_KEY },
      { name: 'other', secret: OTHER_KEY },
    ],
    sections: { responses: { compaction: { secret: 'compaction-secret-for-key-binding' } } },
  });
  own = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0, timeout: 10_000 });
  other = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: OTHER_KEY, maxRetries: 0, timeout: 10_000 });
});

afterAll(() => harness.close());

describe('an emulated compaction item is bound to the key that made it', () => {
  it('opens for the same key and answers another key a 400 that says why', async () => {
    const compacted = await own.responses.compact({
      model: 'mock',
      input: [{ role: 'user', content: 'Plan a trip to Paris' }],
    });
    const items = [...(compacted.output as ResponseInputItem[]), { role: 'user' as const, content: 'Continue' }];
    expect(items.some((item) => item.type === 'compaction')).toBe(true);

    await expect(own.responses.create({ model: 'mock', input: items })).resolves.toMatchObject({ status: 'completed' });

    const error = await other.responses.create({ model: 'mock', input: items }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toMatch(/made under another API key/);
  });
});
