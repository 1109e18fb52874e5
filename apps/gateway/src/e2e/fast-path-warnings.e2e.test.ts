import { loadRecording, sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness(
    (_request, response) => sendJson(response, 200, loadRecording('openai-chat/01-text.json').body),
    { upstreamProvider: { type: 'groq' } },
  );
});
afterAll(() => harness.close());

describe('same-style calls report what a provider hook dropped', () => {
  it('a Groq route given logit_bias and a message name answers with x-interlingua-warnings naming both', async () => {
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'up/llama-3.3-70b-versatile',
        logit_bias: { '50256': -100 },
        messages: [{ role: 'user', name: 'ann', content: 'hi' }],
      }),
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(response.headers.get('x-interlingua-route')).toContain('fast');
    const warnings = response.headers.get('x-interlingua-warnings') ?? '';
    expect(warnings).toContain('logit_bias');
    expect(warnings).toContain('messages[0].name');
    const sent = harness.upstream.requests.at(-1)?.json() as Record<string, unknown>;
    expect(sent).not.toHaveProperty('logit_bias');
  });
});
