import fc from 'fast-check';
import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_NAMES } from '../config/operations-schema.js';
import { BAD_BODIES, BODY_LIMIT, errorStyleOfPath, JSON_ROUTES, styleErrorMessage, type JsonRoute } from './bad-input.test-support.js';
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

const ADMIN_SECRET = 'admin-secret-for-bad-input-tests';

beforeAll(async () => {
  harness = await startHarness((_request, response) => sendJson(response, 500, { error: { message: 'upstream failure', type: 'server_error', param: null, code: null } }), {
    sections: { admin: { secret: ADMIN_SECRET }, limits: { maxBodyBytes: Object.fromEntries(ENDPOINT_NAMES.map((name) => [name, BODY_LIMIT])) } },
  });
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

/** Sends a request and checks the answer is a 4xx error in the path's style; returns status and message. */
async function expectStyledError(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; message: string; headers: Headers }> {
  const response = await fetch(`${harness.url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(response.status, text.slice(0, 300)).toBeLessThan(500);
  return { status: response.status, message: styleErrorMessage(errorStyleOfPath(path), text), headers: response.headers };
}

describe('bad bodies on every JSON route: a 4xx in the caller\'s style naming the problem', () => {
  const cases = JSON_ROUTES.flatMap((route) => BAD_BODIES.map((bad) => [`${route.path}: ${bad.name}`, route, bad] as const));

  it.each(cases)('%s', async (_name, route, bad) => {
    const { status, message } = await expectStyledError('POST', route.path, { ...route.auth, 'content-type': 'application/json' }, bad.body(route));
    expect(status, message).toBe(bad.status);
    expect(message).toMatch(bad.names(route));
  });

  it.each(JSON_ROUTES.map((route) => [route.path, route] as const))('%s: an unknown model is a 404 naming it', async (_path, route: JsonRoute) => {
    const path = route.model === 'path' ? route.path.replace('/mock:', '/no-such-model:') : route.path;
    const body = route.model === 'path' ? route.valid : { ...route.valid, model: 'no-such-model' };
    const { status, message } = await expectStyledError('POST', path, { ...route.auth, 'content-type': 'application/json' }, JSON.stringify(body));
    expect(status).toBe(404);
    expect(message).toContain('no-such-model');
  });

  it.each(JSON_ROUTES.map((route) => [route.path, route] as const))('%s: a form body instead of JSON is a 400', async (_path, route: JsonRoute) => {
    const { status, message } = await expectStyledError('POST', route.path, { ...route.auth, 'content-type': 'application/x-www-form-urlencoded' }, 'model=mock&input=hi');
    expect(status).toBe(400);
    expect(message).toMatch(/JSON/);
  });
});

describe('GET and DELETE routes with any id', () => {
  const idRoutes: Array<[string, (id: string) => string]> = [
    ['GET', (id) => `/v1/models/${id}`],
    ['GET', (id) => `/v1beta/models/${id}`],
    ['GET', (id) => `/v1/responses/${id}`],
    ['GET', (id) => `/v1/responses/${id}/input_items`],
    ['DELETE', (id) => `/v1/responses/${id}`],
  ];

  it.each(idRoutes)('%s %s answers an unknown id with a 404 in style, and any id with no 5xx', async (method, pathOf) => {
    const headers = { authorization: `Bearer ${GATEWAY_KEY}`, 'x-goog-api-key': GATEWAY_KEY };
    expect((await expectStyledError(method, pathOf('no-such-thing'), headers)).status).toBe(404);
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }), async (id) => {
        const response = await fetch(`${harness.url}${pathOf(encodeURIComponent(id))}`, { method, headers });
        const text = await response.text();
        expect(response.status, text.slice(0, 200)).toBeLessThan(500);
      }),
      { numRuns: 20 },
    );
  });
});

describe('wrong methods', () => {
  it.each([
    ['PUT', '/v1/chat/completions', 'POST'],
    ['GET', '/v1/messages', 'POST'],
    ['PATCH', '/v1/responses/resp_1', 'GET, DELETE'],
    ['POST', '/v1/models', 'GET'],
    ['GET', '/v1/embeddings', 'POST'],
    ['PUT', '/v1beta/models/mock:generateContent', 'GET, POST'],
    ['POST', '/metrics', 'GET'],
  ])('%s %s is a 405 in style naming the allowed methods', async (method, path, allowed) => {
    const { status, message, headers } = await expectStyledError(method, path, { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' }, method === 'GET' ? undefined : '{}');
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe(allowed);
    expect(message).toContain(method);
  });
});

describe('admin and metrics', () => {
  it.each(['/metrics', '/admin/usage'])('%s refuses no key, a gateway key and any other value, and answers the admin key', async (path) => {
    expect((await expectStyledError('GET', path, {})).status).toBe(401);
    expect((await expectStyledError('GET', path, { authorization: `Bearer ${GATEWAY_KEY}` })).status).toBe(401);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }).filter((value) => !value.includes(ADMIN_SECRET)), async (value) => {
        const response = await fetch(`${harness.url}${path}`, { headers: { authorization: `Bearer ${value.replace(/[^\x20-\x7e]/g, '')}` } });
        expect(response.status).toBe(401);
        await response.arrayBuffer();
      }),
      { numRuns: 15 },
    );
    const ok = await fetch(`${harness.url}${path}`, { headers: { authorization: `Bearer ${ADMIN_SECRET}` } });
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
  });
});

describe('multipart routes', () => {
  const routes = ['/v1/audio/transcriptions', '/v1/audio/translations', '/v1/images/edits', '/v1/images/variations'];
  const auth = { authorization: `Bearer ${GATEWAY_KEY}` };

  it.each(routes)('%s refuses a JSON body with a 415 naming multipart', async (path) => {
    const { status, message } = await expectStyledError('POST', path, { ...auth, 'content-type': 'application/json' }, '{"model":"mock"}');
    expect(status).toBe(415);
    expect(message).toMatch(/multipart/);
  });

  it.each(routes)('%s refuses a multipart body cut short with a 400', async (path) => {
    const file = path.includes('audio') ? 'file' : 'image';
    const body = `--cut\r\nContent-Disposition: form-data; name="model"\r\n\r\nmock\r\n--cut\r\nContent-Disposition: form-data; name="${file}"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\nhalf a fi`;
    const { status, message } = await expectStyledError('POST', path, { ...auth, 'content-type': 'multipart/form-data; boundary=cut' }, body);
    expect(status).toBe(400);
    expect(message).toMatch(/cut short|truncated|Unexpected end|malformed/i);
  });
});
