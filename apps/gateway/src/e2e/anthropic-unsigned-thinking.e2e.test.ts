import Anthropic from '@anthropic-ai/sdk';
import { loadRecording, sendJson, type ReceivedRequest } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/** Anthropic's answer to a thinking block whose signature it did not mint. */
function invalidSignature(turn: number, block: number): Record<string, unknown> {
  return {
    type: 'error',
    error: {
      type: 'invalid_request_error',
      message: `messages.${turn}.content.${block}: Invalid \`signature\` in \`thinking\` block`,
    },
    request_id: 'req_011CSHoEeqs5C35K2UUqR7Fy',
  };
}

/** The position of the first thinking block with an empty or missing signature, if any. */
function unsignedAt(body: { messages?: Array<{ content?: unknown }> }): [number, number] | undefined {
  for (const [turn, message] of (body.messages ?? []).entries()) {
    if (!Array.isArray(message.content)) continue;
    const block = message.content.findIndex(
      (b: { type?: string; signature?: unknown }) =>
        b.type === 'thinking' && (typeof b.signature !== 'string' || b.signature === ''),
    );
    if (block !== -1) return [turn, block];
  }
  return undefined;
}

const ANSWER = loadRecording('anthropic-messages/01-text.json');
const received: ReceivedRequest[] = [];
let harness: Harness;
let client: Anthropic;

beforeAll(async () => {
  harness = await startHarness(
    (request, response) => {
      received.push(request);
      const at = unsignedAt(request.json() as { messages?: Array<{ content?: unknown }> });
      if (at) return sendJson(response, 400, invalidSignature(...at));
      return sendJson(response, 200, ANSWER.body);
    },
    { upstreamProvider: { type: 'anthropic' } },
  );
  client = new Anthropic({ apiKey: GATEWAY_KEY, baseURL: harness.url, maxRetries: 0 });
});

afterAll(async () => {
  await harness.close();
});

const FOREIGN_TURN = {
  role: 'assistant' as const,
  content: [
    { type: 'thinking' as const, thinking: 'From another provider.', signature: '' },
    { type: 'text' as const, text: 'Paris.' },
  ],
};

describe('a thinking block without a signature never reaches Anthropic (same-style fast path)', () => {
  it('is removed, with a warning, and the call succeeds', async () => {
    const { data, response } = await client.messages
      .create({
        model: 'up/claude-sonnet-4-5',
        max_tokens: 64,
        messages: [
          { role: 'user', content: 'Capital of France?' },
          FOREIGN_TURN,
          { role: 'user', content: 'And of Spain?' },
        ],
      })
      .withResponse();
    expect(data.content[0]).toMatchObject({ type: 'text' });
    expect(response.headers.get('x-interlingua-warnings')).toContain(
      'dropped messages[1].content[0]: a thinking block without a signature was removed',
    );
    const sent = received.at(-1)?.json() as { messages: Array<{ content: unknown }> };
    expect(sent.messages[1]?.content).toEqual([{ type: 'text', text: 'Paris.' }]);
  });

  it('a turn holding only such a block is removed, also when the JSON has spaces', async () => {
    const body = JSON.stringify(
      {
        model: 'up/claude-sonnet-4-5',
        max_tokens: 64,
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: [{ type: 'thinking', thinking: 'x', signature: '' }] },
          { role: 'user', content: 'Hi again' },
        ],
      },
      null,
      1,
    );
    const answer = await fetch(`${harness.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': GATEWAY_KEY, 'anthropic-version': '2023-06-01' },
      body,
    });
    expect(answer.status).toBe(200);
    const sent = received.at(-1)?.json() as { messages: Array<{ role: string }> };
    expect(sent.messages.map((message) => message.role)).toEqual(['user', 'user']);
  });

  it('a signed thinking block goes up untouched', async () => {
    const body = JSON.stringify({
      model: 'up/claude-sonnet-4-5',
      max_tokens: 64,
      messages: [
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'x', signature: 'EqQBCgIYAhIM' },
            { type: 'text', text: 'Hello' },
          ],
        },
        { role: 'user', content: 'Hi again' },
      ],
    });
    const answer = await fetch(`${harness.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': GATEWAY_KEY, 'anthropic-version': '2023-06-01' },
      body,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-interlingua-warnings')).toBeNull();
    expect((received.at(-1)?.json() as { messages: unknown }).messages).toEqual(
      (JSON.parse(body) as { messages: unknown }).messages,
    );
  });
});
