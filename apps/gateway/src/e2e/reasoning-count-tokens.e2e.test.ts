import Anthropic from '@anthropic-ai/sdk';
import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configKeyId } from '../auth/api-keys.js';
import { CARRIER_PREFIX, sealCarrier } from '../reasoning/reasoning-carrier.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

const SECRET = 'count-tokens-carrier-secret';
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness((_request, response) => sendJson(response, 200, { input_tokens: 42 }), {
    upstreamProvider: { type: 'anthropic' },
    sections: { responses: { compaction: { secret: SECRET } } },
  });
});

afterAll(async () => harness.close());

describe('token counts never carry a reasoning carrier upstream', () => {
  it('an Anthropic caller counting a conversation that holds a carrier: the count request has none', async () => {
    const carrier = sealCarrier(
      { origin: 'gemini', opaque: { origin: 'gemini', kind: 'signature', data: 'CiQBsignature' } },
      { secret: SECRET, keyId: configKeyId({ name: 'test', secret: GATEWAY_KEY, models: ['*'] }) },
    );
    const client = new Anthropic({ apiKey: GATEWAY_KEY, baseURL: harness.url, maxRetries: 0 });
    const count = await client.messages.countTokens({
      model: 'up/claude-sonnet-4-5',
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Gemini thought.', signature: carrier },
            { type: 'text', text: 'Sunny.' },
          ],
        },
        { role: 'user', content: 'And Rome?' },
      ],
    });
    expect(count.input_tokens).toBe(42);
    const sent = harness.upstream.requests.at(-1);
    expect(sent?.url).toContain('count_tokens');
    expect(sent?.body.includes(CARRIER_PREFIX)).toBe(false);
  });
});
