import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStyleOfPath, styleErrorMessage } from './bad-input.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/**
 * A body that names a member the gateway judges on twice in one object — the top-level `model`
 * (the key's allow-list, the route) or a part's `type` (which decides the media checks) — is
 * refused with a 400 in the caller's style naming the member: a parser keeps the last of the two,
 * an upstream's parser may keep the first, so a body relayed as sent would be judged on one and
 * served on the other. Escaped spellings (`\u006dodel`) are the same name.
 */
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: 'x',
        choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
      }),
    );
  });
});
afterAll(() => harness.close());

const bearer = { authorization: `Bearer ${GATEWAY_KEY}` };
const anthropic = { 'x-api-key': GATEWAY_KEY, 'anthropic-version': '2023-06-01' };
const google = { 'x-goog-api-key': GATEWAY_KEY };

/** A private address a part would name by URL, if it were judged by its first `type`. */
const PRIVATE_URL = 'http://10.0.0.1/a.png';
/** Conversation text that takes a body past the size from which it is scanned instead of parsed. */
const LONG_TEXT = 'x'.repeat(20 * 1024);

interface TwiceCase {
  name: string;
  path: string;
  auth: Record<string, string>;
  body: string;
  names: 'model' | 'type';
}

const CASES: TwiceCase[] = [
  {
    name: 'chat: model twice',
    path: '/v1/chat/completions',
    auth: bearer,
    body: '{"model":"up/other","messages":[{"role":"user","content":"hi"}],"model":"mock"}',
    names: 'model',
  },
  {
    name: 'chat: model twice, once escaped',
    path: '/v1/chat/completions',
    auth: bearer,
    body: '{"\\u006dodel":"up/other","messages":[{"role":"user","content":"hi"}],"model":"mock"}',
    names: 'model',
  },
  {
    name: 'chat: a part names type twice',
    path: '/v1/chat/completions',
    auth: bearer,
    body: `{"model":"mock","messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"${PRIVATE_URL}"},"type":"text","text":"hi"}]}]}`,
    names: 'type',
  },
  {
    name: 'chat, relayed as sent and scanned: model twice',
    path: '/v1/chat/completions',
    auth: bearer,
    body: `{"model":"up/a","messages":[{"role":"user","content":"${LONG_TEXT}"}],"model":"up/b"}`,
    names: 'model',
  },
  {
    name: 'chat, relayed as sent and scanned: a part names type twice, once escaped',
    path: '/v1/chat/completions',
    auth: bearer,
    body: `{"model":"up/a","messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"${PRIVATE_URL}"},"\\u0074ype":"text","text":"${LONG_TEXT}"}]}]}`,
    names: 'type',
  },
  {
    name: 'Responses: model twice',
    path: '/v1/responses',
    auth: bearer,
    body: '{"model":"up/other","input":"hi","store":false,"model":"mock"}',
    names: 'model',
  },
  {
    name: 'Responses: a part names type twice',
    path: '/v1/responses',
    auth: bearer,
    body: `{"model":"mock","store":false,"input":[{"role":"user","content":[{"type":"input_image","image_url":"${PRIVATE_URL}","type":"input_text","text":"hi"}]}]}`,
    names: 'type',
  },
  {
    name: 'Messages: model twice',
    path: '/v1/messages',
    auth: anthropic,
    body: '{"model":"up/other","max_tokens":16,"messages":[{"role":"user","content":"hi"}],"model":"mock"}',
    names: 'model',
  },
  {
    name: 'Messages: a block names type twice',
    path: '/v1/messages',
    auth: anthropic,
    body: `{"model":"mock","max_tokens":16,"messages":[{"role":"user","content":[{"type":"image","source":{"type":"url","url":"${PRIVATE_URL}"},"type":"text","text":"hi"}]}]}`,
    names: 'type',
  },
  {
    name: 'Messages count_tokens: model twice',
    path: '/v1/messages/count_tokens',
    auth: anthropic,
    body: '{"model":"up/other","messages":[{"role":"user","content":"hi"}],"model":"mock"}',
    names: 'model',
  },
  {
    name: 'Gemini: a schema names type twice',
    path: '/v1beta/models/mock:generateContent',
    auth: google,
    body: '{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"tools":[{"functionDeclarations":[{"name":"f","parameters":{"type":"OBJECT","type":"STRING"}}]}]}',
    names: 'type',
  },
];

describe("a judged member named twice: a 400 in the caller's style naming it, nothing relayed", () => {
  it.each(CASES.map((twice) => [twice.name, twice] as const))('%s', async (_name, twice) => {
    const relayedBefore = harness.upstream.requests.length;
    const response = await fetch(`${harness.url}${twice.path}`, {
      method: 'POST',
      headers: { ...twice.auth, 'content-type': 'application/json' },
      body: twice.body,
    });
    const text = await response.text();
    expect(response.status, text).toBe(400);
    const message = styleErrorMessage(errorStyleOfPath(twice.path), text);
    expect(message).toMatch(new RegExp(`"${twice.names}" twice`));
    expect(harness.upstream.requests.length).toBe(relayedBefore);
  });

  it('still serves the same bodies with each member once', async () => {
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: `{"model":"up/a","messages":[{"role":"user","content":[{"type":"text","text":"${LONG_TEXT}"}]}]}`,
    });
    expect(response.status, await response.text()).toBe(200);
  });
});
