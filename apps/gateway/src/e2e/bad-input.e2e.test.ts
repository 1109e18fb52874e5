import fc from 'fast-check';
import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/** Every route the gateway serves that takes a body, with the key header its clients send. */
const BODY_ROUTES: Array<{ path: string; auth: Record<string, string> }> = [
  { path: '/v1/chat/completions', auth: { authorization: `Bearer ${GATEWAY_KEY}` } },
  { path: '/v1/responses', auth: { authorization: `Bearer ${GATEWAY_KEY}` } },
  { path: '/v1/responses/compact', auth: { authorization: `Bearer ${GATEWAY_KEY}` } },
  { path: '/v1/messages', auth: { 'x-api-key': GATEWAY_KEY } },
  { path: '/v1/messages/count_tokens', auth: { 'x-api-key': GATEWAY_KEY } },
  { path: '/v1beta/models/mock:generateContent', auth: { 'x-goog-api-key': GATEWAY_KEY } },
  { path: '/v1beta/models/mock:streamGenerateContent?alt=sse', auth: { 'x-goog-api-key': GATEWAY_KEY } },
  { path: '/v1beta/models/mock:countTokens', auth: { 'x-goog-api-key': GATEWAY_KEY } },
  { path: '/v1beta/models/mock:embedContent', auth: { 'x-goog-api-key': GATEWAY_KEY } },
  { path: '/v1beta/models/mock:batchEmbedContents', auth: { 'x-goog-api-key': GATEWAY_KEY } },
  { path: '/v1/embeddings', auth: { authorization: `Bearer ${GATEWAY_KEY}` } },
  { path: '/v1/rerank', auth: { authorization: `Bearer ${GATEWAY_KEY}` } },
  { path: '/v1/images/generations', auth: { authorization: `Bearer ${GATEWAY_KEY}` } },
  { path: '/v1/images/edits', auth: { authorization: `Bearer ${GATEWAY_KEY}` } },
  { path: '/v1/images/variations', auth: { authorization: `Bearer ${GATEWAY_KEY}` } },
  { path: '/v1/audio/speech', auth: { authorization: `Bearer ${GATEWAY_KEY}` } },
  { path: '/v1/audio/transcriptions', auth: { authorization: `Bearer ${GATEWAY_KEY}` } },
  { path: '/v1/audio/translations', auth: { authorization: `Bearer ${GATEWAY_KEY}` } },
];

/** Bodies that look a little like requests: right keys with wrong types, nesting, random JSON. */
const requestLike = fc.record(
  {
    model: fc.oneof(fc.constant('mock'), fc.constant('up/m'), fc.constant('missing'), fc.anything()),
    messages: fc.oneof(fc.anything(), fc.array(fc.record({ role: fc.oneof(fc.constantFrom('user', 'assistant', 'system', 'tool'), fc.anything()), content: fc.anything() }), { maxLength: 3 })),
    input: fc.anything(),
    contents: fc.anything(),
    stream: fc.oneof(fc.boolean(), fc.anything()),
    max_tokens: fc.anything(),
    tools: fc.anything(),
  },
  { requiredKeys: [] },
);
const anyBody = fc.oneof(requestLike.map((value) => JSON.stringify(value)), fc.json(), fc.string(), fc.constant(''), fc.constant('[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['));

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness((_request, response) => sendJson(response, 500, { error: { message: 'upstream failure', type: 'server_error', param: null, code: null } }));
});
afterAll(() => harness.close());

describe('bad input on every route', () => {
  it.each(BODY_ROUTES)('$path answers random bodies with no 5xx', async ({ path, auth }) => {
    await fc.assert(
      fc.asyncProperty(anyBody, fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x'), async (body, contentType) => {
        const response = await fetch(`${harness.url}${path}`, { method: 'POST', headers: { ...auth, 'content-type': contentType }, body });
        const text = await response.text();
        // The loopback upstream always fails: its 5xx passed on is the one expected server error.
        const upstreamFailure = response.status >= 500 && text.includes('upstream failure');
        expect(response.status < 500 || upstreamFailure, `${response.status} ${text.slice(0, 200)}`).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it.each(BODY_ROUTES)('$path refuses a missing key with a 401', async ({ path }) => {
    const response = await fetch(`${harness.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
  });

  it('stays up for the next request', async () => {
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'still there?' }] }),
    });
    expect(response.status).toBe(200);
  });
});
