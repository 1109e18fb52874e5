import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { MAX_MODEL_NAME_LENGTH } from '@interlingua/ir';
import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_NAMES } from '../config/operations-schema.js';
import {
  BAD_BODIES,
  BODY_LIMIT,
  errorStyleOfPath,
  HOSTILE_BODIES,
  JSON_ROUTES,
  multipartBody,
  styleErrorMessage,
  type FormPart,
  type JsonRoute,
} from './bad-input.test-support.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

/** Every route the gateway serves that takes a body, with the key header its clients send. */
/** Hostile bodies per kind, spread over the JSON routes: enough for a fuzz, few enough for a quick file. */
const HOSTILE_RUNS = 200;
/** Huge part headers and cut multipart bodies per multipart route. */
const MULTIPART_RUNS = 25;
/** A fuzzed case sends hundreds of requests, some of 64 KB. */
const FUZZ_TIMEOUT_MS = 120_000;

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
    messages: fc.oneof(
      fc.anything(),
      fc.array(
        fc.record({
          role: fc.oneof(fc.constantFrom('user', 'assistant', 'system', 'tool'), fc.anything()),
          content: fc.anything(),
        }),
        { maxLength: 3 },
      ),
    ),
    input: fc.anything(),
    contents: fc.anything(),
    stream: fc.oneof(fc.boolean(), fc.anything()),
    max_tokens: fc.anything(),
    tools: fc.anything(),
  },
  { requiredKeys: [] },
);
const anyBody = fc.oneof(
  requestLike.map((value) => JSON.stringify(value)),
  fc.json(),
  fc.string(),
  fc.constant(''),
  fc.constant(
    '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  ),
);

let harness: Harness;
/** Heap in use before the suite: hostile input must not leave the gateway holding memory. */
let heapBefore = 0;

const ADMIN_SECRET = 'admin-secret-for-bad-input-tests';

beforeAll(async () => {
  heapBefore = process.memoryUsage().heapUsed;
  harness = await startHarness(
    (_request, response) =>
      sendJson(response, 500, {
        error: { message: 'upstream failure', type: 'server_error', param: null, code: null },
      }),
    {
      sections: {
        admin: { secret: ADMIN_SECRET, maxFailedLogins: 100_000 },
        limits: { maxBodyBytes: Object.fromEntries(ENDPOINT_NAMES.map((name) => [name, BODY_LIMIT])) },
      },
    },
  );
});
afterAll(() => harness.close());

describe('bad input on every route', () => {
  it.each(BODY_ROUTES)('$path answers random bodies with no 5xx', async ({ path, auth }) => {
    await fc.assert(
      fc.asyncProperty(
        anyBody,
        fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x'),
        async (body, contentType) => {
          const response = await fetch(`${harness.url}${path}`, {
            method: 'POST',
            headers: { ...auth, 'content-type': contentType },
            body,
          });
          const text = await response.text();
          // The loopback upstream always fails: its 5xx passed on is the one expected server error.
          const upstreamFailure = response.status >= 500 && text.includes('upstream failure');
          expect(response.status < 500 || upstreamFailure, `${response.status} ${text.slice(0, 200)}`).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it.each(BODY_ROUTES)('$path refuses a missing key with a 401', async ({ path }) => {
    const response = await fetch(`${harness.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
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
async function expectStyledError(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; message: string; headers: Headers }> {
  const response = await fetch(`${harness.url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(response.status, text.slice(0, 300)).toBeLessThan(500);
  return {
    status: response.status,
    message: styleErrorMessage(errorStyleOfPath(path), text),
    headers: response.headers,
  };
}

describe("bad bodies on every JSON route: a 4xx in the caller's style naming the problem", () => {
  const cases = JSON_ROUTES.flatMap((route) =>
    BAD_BODIES.map((bad) => [`${route.path}: ${bad.name}`, route, bad] as const),
  );

  it.each(cases)('%s', async (_name, route, bad) => {
    const { status, message } = await expectStyledError(
      'POST',
      route.path,
      { ...route.auth, 'content-type': 'application/json' },
      bad.body(route),
    );
    expect(status, message).toBe(bad.status);
    expect(message).toMatch(bad.names(route));
  });

  it.each(JSON_ROUTES.map((route) => [route.path, route] as const))(
    '%s: an unknown model is a 404 naming it',
    async (_path, route: JsonRoute) => {
      const path = route.model === 'path' ? route.path.replace('/mock:', '/no-such-model:') : route.path;
      const body = route.model === 'path' ? route.valid : { ...route.valid, model: 'no-such-model' };
      const { status, message } = await expectStyledError(
        'POST',
        path,
        { ...route.auth, 'content-type': 'application/json' },
        JSON.stringify(body),
      );
      expect(status).toBe(404);
      expect(message).toContain('no-such-model');
    },
  );

  it.each(JSON_ROUTES.map((route) => [route.path, route] as const))(
    '%s: a form body instead of JSON is a 400',
    async (_path, route: JsonRoute) => {
      const { status, message } = await expectStyledError(
        'POST',
        route.path,
        { ...route.auth, 'content-type': 'application/x-www-form-urlencoded' },
        'model=mock&input=hi',
      );
      expect(status).toBe(400);
      expect(message).toMatch(/JSON/);
    },
  );
});

/** A model name just over the limit (`MAX_MODEL_NAME_LENGTH`, 256 characters). */
const LONG_MODEL = `mock/${'m'.repeat(MAX_MODEL_NAME_LENGTH)}`;

/** The body routes beyond `JSON_ROUTES`, each with a valid body for `mock`. */
const MORE_MODEL_ROUTES: Array<{ path: string; body: Record<string, unknown> }> = [
  { path: '/v1/responses/compact', body: { model: 'mock', input: 'hi' } },
  { path: '/v1/rerank', body: { model: 'mock', query: 'q', documents: ['a'] } },
  { path: '/v1/images/generations', body: { model: 'mock', prompt: 'a cat' } },
  { path: '/v1/audio/speech', body: { model: 'mock', input: 'hi', voice: 'alloy' } },
];

describe("a model name longer than a model name may be: a 400 in the caller's style naming model", () => {
  it.each(JSON_ROUTES.map((route) => [route.path, route] as const))('%s', async (_path, route: JsonRoute) => {
    const path = route.model === 'path' ? route.path.replace('/mock:', `/${LONG_MODEL}:`) : route.path;
    const body = route.model === 'path' ? route.valid : { ...route.valid, model: LONG_MODEL };
    const { status, message } = await expectStyledError(
      'POST',
      path,
      { ...route.auth, 'content-type': 'application/json' },
      JSON.stringify(body),
    );
    expect(status).toBe(400);
    expect(message).toMatch(/^model: (too long|Too big)/);
    expect(message.length).toBeLessThan(200);
  });

  it.each(MORE_MODEL_ROUTES.map((route) => [route.path, route] as const))('%s', async (path, route) => {
    const { status, message } = await expectStyledError(
      'POST',
      path,
      { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
      JSON.stringify({ ...route.body, model: LONG_MODEL }),
    );
    expect(status).toBe(400);
    expect(message).toMatch(/^model: (too long|Too big)/);
  });

  it.each([
    ['/v1/audio/transcriptions', 'file'],
    ['/v1/images/edits', 'image'],
  ])('%s (a form field)', async (path, file) => {
    const parts: FormPart[] = [
      { name: 'model', value: LONG_MODEL },
      { name: 'prompt', value: 'p' },
      { name: file, value: Buffer.from('RIFF0000WAVE'), filename: 'a.wav' },
    ];
    const { status, message } = await expectStyledError(
      'POST',
      path,
      { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'multipart/form-data; boundary=b' },
      multipartBody('b', parts).toString('latin1'),
    );
    expect(status).toBe(400);
    expect(message).toMatch(/model: (too long|Too big)/);
  });

  it.each(['/v1/models/', '/v1beta/models/'])('GET %s{model}', async (path) => {
    const { status, message } = await expectStyledError('GET', `${path}${LONG_MODEL}`, {
      authorization: `Bearer ${GATEWAY_KEY}`,
      'x-goog-api-key': GATEWAY_KEY,
    });
    expect(status).toBe(400);
    expect(message).toMatch(/model: too long/);
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

  it.each(idRoutes)(
    '%s %s answers an unknown id with a 404 in style, and any id with no 5xx',
    async (method, pathOf) => {
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
    },
  );
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
    const { status, message, headers } = await expectStyledError(
      method,
      path,
      { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
      method === 'GET' ? undefined : '{}',
    );
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe(allowed);
    expect(message).toContain(method);
  });
});

describe('admin and metrics', () => {
  it.each(['/metrics', '/admin/usage'])(
    '%s refuses no key, a gateway key and any other value, and answers the admin key',
    async (path) => {
      expect((await expectStyledError('GET', path, {})).status).toBe(401);
      expect((await expectStyledError('GET', path, { authorization: `Bearer ${GATEWAY_KEY}` })).status).toBe(401);
      await fc.assert(
        fc.asyncProperty(
          fc.string({ maxLength: 60 }).filter((value) => !value.includes(ADMIN_SECRET)),
          async (value) => {
            const response = await fetch(`${harness.url}${path}`, {
              headers: { authorization: `Bearer ${value.replace(/[^\x20-\x7e]/g, '')}` },
            });
            expect(response.status).toBe(401);
            await response.arrayBuffer();
          },
        ),
        { numRuns: 15 },
      );
      const ok = await fetch(`${harness.url}${path}`, { headers: { authorization: `Bearer ${ADMIN_SECRET}` } });
      expect(ok.status).toBe(200);
      await ok.arrayBuffer();
    },
  );
});

describe('multipart routes', () => {
  const routes = ['/v1/audio/transcriptions', '/v1/audio/translations', '/v1/images/edits', '/v1/images/variations'];
  const auth = { authorization: `Bearer ${GATEWAY_KEY}` };

  it.each(routes)('%s refuses a JSON body with a 415 naming multipart', async (path) => {
    const { status, message } = await expectStyledError(
      'POST',
      path,
      { ...auth, 'content-type': 'application/json' },
      '{"model":"mock"}',
    );
    expect(status).toBe(415);
    expect(message).toMatch(/multipart/);
  });

  it.each(routes)('%s refuses a multipart body cut short with a 400', async (path) => {
    const file = path.includes('audio') ? 'file' : 'image';
    const body = `--cut\r\nContent-Disposition: form-data; name="model"\r\n\r\nmock\r\n--cut\r\nContent-Disposition: form-data; name="${file}"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\nhalf a fi`;
    const { status, message } = await expectStyledError(
      'POST',
      path,
      { ...auth, 'content-type': 'multipart/form-data; boundary=cut' },
      body,
    );
    expect(status).toBe(400);
    expect(message).toMatch(/cut short|truncated|Unexpected end|malformed/i);
  });
});

/** POSTs `body` with chunked transfer encoding, in pieces cut at `cuts`; resolves with the status and text. */
function postChunked(
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  cuts: readonly number[],
): Promise<{ status: number; text: string }> {
  const url = new URL(harness.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: { ...headers, 'transfer-encoding': 'chunked' },
        agent: false,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (piece: string) => (text += piece));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    let at = 0;
    for (const cut of [...cuts].sort((a, b) => a - b)) {
      const end = Math.min(body.length, Math.max(at, cut));
      if (end > at) request.write(body.subarray(at, end));
      at = end;
    }
    request.end(body.subarray(at));
  });
}

/** Checks an answer is the expected 4xx in the path's style and names the problem. */
function expectHostileAnswer(
  path: string,
  status: number,
  text: string,
  expected: { status: number; names: RegExp },
): void {
  expect(status, text.slice(0, 300)).toBe(expected.status);
  expect(styleErrorMessage(errorStyleOfPath(path), text)).toMatch(expected.names);
}

describe("hostile JSON bodies on every JSON route (fuzzed): a 4xx in the caller's style naming the problem", () => {
  it.each(HOSTILE_BODIES)(
    `%s, on any JSON route (${HOSTILE_RUNS} bodies)`,
    async (_name, kind) => {
      const routed = fc
        .constantFrom(...JSON_ROUTES)
        .chain((route) => kind(route).map((hostile) => ({ route, hostile })));
      await fc.assert(
        fc.asyncProperty(routed, async ({ route, hostile }) => {
          const response = await fetch(`${harness.url}${route.path}`, {
            method: 'POST',
            headers: { ...route.auth, 'content-type': 'application/json' },
            body: hostile.bytes,
          });
          expectHostileAnswer(route.path, response.status, await response.text(), hostile);
        }),
        { numRuns: HOSTILE_RUNS },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it.each(JSON_ROUTES.map((route) => [route.path, route] as const))(
    '%s: the same bodies sent chunked, in random pieces, and one over the limit',
    async (_path, route: JsonRoute) => {
      const kinds = fc.oneof(...HOSTILE_BODIES.map(([, kind]) => kind(route)));
      await fc.assert(
        fc.asyncProperty(kinds, fc.array(fc.nat({ max: BODY_LIMIT }), { maxLength: 6 }), async (hostile, cuts) => {
          const { status, text } = await postChunked(
            route.path,
            { ...route.auth, 'content-type': 'application/json' },
            hostile.bytes,
            cuts,
          );
          expectHostileAnswer(route.path, status, text, hostile);
        }),
        { numRuns: Math.ceil(HOSTILE_RUNS / JSON_ROUTES.length) },
      );
      const oversized = Buffer.from(JSON.stringify({ ...route.valid, padding: 'z'.repeat(BODY_LIMIT * 3) }));
      const { status, text } = await postChunked(
        route.path,
        { ...route.auth, 'content-type': 'application/json' },
        oversized,
        [1000, BODY_LIMIT, BODY_LIMIT * 2],
      );
      expectHostileAnswer(route.path, status, text, { status: 413, names: new RegExp(`${BODY_LIMIT}`) });
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe("bad percent-escapes in paths: a 400 in the path's style", () => {
  it.each([
    ['POST', '/v1beta/models/%ff:generateContent'],
    ['POST', '/v1beta/models/mo%E0%A4%A:streamGenerateContent?alt=sse'],
    ['GET', '/v1/responses/%E0%A4%A'],
    ['GET', '/v1/models/%zz'],
    ['GET', '/v1beta/models/%C0%AF'],
  ])('%s %s', async (method, path) => {
    const headers = {
      authorization: `Bearer ${GATEWAY_KEY}`,
      'x-goog-api-key': GATEWAY_KEY,
      'content-type': 'application/json',
    };
    const { status, message } = await expectStyledError(
      method,
      path,
      headers,
      method === 'POST' ? '{"contents":[{"parts":[{"text":"hi"}]}]}' : undefined,
    );
    expect(status).toBe(400);
    expect(message).toMatch(/escape|percent|encod/i);
  });
});

describe('multipart abuse on every multipart route (fuzzed)', () => {
  const routes = [
    { path: '/v1/audio/transcriptions', file: 'file' },
    { path: '/v1/audio/translations', file: 'file' },
    { path: '/v1/images/edits', file: 'image' },
    { path: '/v1/images/variations', file: 'image' },
  ];
  const auth = { authorization: `Bearer ${GATEWAY_KEY}` };
  const form = (boundary: string) => ({ ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` });
  const validParts = (file: string): FormPart[] => [
    { name: 'model', value: 'mock' },
    { name: 'prompt', value: 'a cat' },
    { name: file, value: Buffer.alloc(64, 1), filename: 'a.png' },
  ];

  it.each(routes)('$path: a multipart type without a boundary is a 415 naming it', async ({ path }) => {
    const { status, message } = await expectStyledError(
      'POST',
      path,
      { ...auth, 'content-type': 'multipart/form-data' },
      '--x\r\n',
    );
    expect(status).toBe(415);
    expect(message).toMatch(/boundary/);
  });

  it.each(routes)('$path: too many fields is a 413 naming the limit', async ({ path, file }) => {
    const parts = [...validParts(file), ...Array.from({ length: 300 }, (_, i) => ({ name: `extra${i}`, value: 'v' }))];
    const response = await fetch(`${harness.url}${path}`, {
      method: 'POST',
      headers: form('b'),
      body: multipartBody('b', parts),
    });
    expectHostileAnswer(path, response.status, await response.text(), { status: 413, names: /Too many form fields/ });
  });

  it.each(routes)('$path: more files than the field takes is a 400 naming the field', async ({ path, file }) => {
    const parts = [
      ...validParts(file),
      ...Array.from({ length: 20 }, () => ({ name: file, value: Buffer.alloc(8, 2), filename: 'b.png' })),
    ];
    const response = await fetch(`${harness.url}${path}`, {
      method: 'POST',
      headers: form('b'),
      body: multipartBody('b', parts),
    });
    expectHostileAnswer(path, response.status, await response.text(), { status: 400, names: new RegExp(file) });
  });

  it.each(routes)(
    '$path: huge part headers, and parts cut anywhere, are 4xx naming the problem',
    async ({ path, file }) => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 40_000 }),
          fc.integer({ min: 0, max: 100_000 }),
          async (headerSize, cut) => {
            const huge = [
              ...validParts(file).slice(0, 1),
              { name: 'prompt', value: 'x', headers: `\r\nX-Padding: ${'h'.repeat(headerSize)}` },
              ...validParts(file).slice(2),
            ];
            const bigHead = await fetch(`${harness.url}${path}`, {
              method: 'POST',
              headers: form('b'),
              body: multipartBody('b', huge),
            });
            expect(bigHead.status, await bigHead.clone().text()).toBeLessThan(500);
            if (bigHead.status >= 400) styleErrorMessage('openai', await bigHead.text());
            else await bigHead.arrayBuffer();
            const whole = multipartBody('b', validParts(file));
            const cutBody = whole.subarray(0, cut % (whole.length - 8));
            const cutShort = await fetch(`${harness.url}${path}`, {
              method: 'POST',
              headers: form('b'),
              body: cutBody,
            });
            const text = await cutShort.text();
            expect(cutShort.status, text.slice(0, 300)).toBeGreaterThanOrEqual(400);
            expect(cutShort.status, text.slice(0, 300)).toBeLessThan(500);
            expect(styleErrorMessage('openai', text)).toMatch(
              /cut short|truncated|Unexpected end|malformed|missing|required|no file|expects/i,
            );
          },
        ),
        { numRuns: MULTIPART_RUNS },
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe('after the hostile suites', () => {
  it('the gateway is still up, and holds no memory from them (heap within 150 MB of where it started)', async () => {
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'still there?' }] }),
    });
    expect(response.status).toBe(200);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(150 * 1024 * 1024);
  });
});
