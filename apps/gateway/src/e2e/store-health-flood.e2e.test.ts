import { sendJson } from '@interlingua/testkit';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';

/**
 * One key sending many distinct model names on a glob route whose upstream fails: each name is
 * a target of its own, counted in the store as `failures:<target>`. With the memory store
 * bounded to a few entries, that flood must not push out another key's RPM counter (before the
 * store kept target health apart, the bystander's limit reset and it got a 200 over its RPM).
 */
let harness: Harness;

const chat = (secret: string, model: string): Promise<Response> =>
  fetch(`${harness.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hello' }] }),
  });

beforeAll(async () => {
  harness = await startHarness(
    (_request, response) => sendJson(response, 500, { error: { message: 'upstream down', type: 'server_error' } }),
    {
      keys: [
        { name: 'bystander', secret: 'bystander-secret-key', rpm: 3 },
        { name: 'flooder', secret: 'flooder-secret-key' },
      ],
      sections: { store: { type: 'memory', maxEntries: 40 } },
    },
  );
});

afterAll(() => harness.close());

describe('memory store under a flood of failing model names', () => {
  it("keeps another key's RPM counter", async () => {
    // The RPM window is the calendar minute: start well inside one.
    const secondsLeft = 60 - new Date().getUTCSeconds();
    if (secondsLeft < 15) await sleep(secondsLeft * 1000 + 200);
    for (let i = 0; i < 3; i += 1) expect((await chat('bystander-secret-key', 'mock')).status).toBe(200);
    for (let batch = 0; batch < 6; batch += 1) {
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          chat('flooder-secret-key', `up/made-up-model-${batch * 20 + i}`).then((r) => r.status),
        ),
      );
      expect(statuses.every((status) => status >= 500)).toBe(true);
    }
    expect((await chat('bystander-secret-key', 'mock')).status).toBe(429);
  });
});
