import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';

// One key that may use only `mock`; `hidden` is routed (to the mock) but not the key's. Every way a request names a
// model refuses `hidden` the same way, in the caller's style, and answers 404 for a model the key may use but
// nothing routes.
const NARROW = 'narrow-key-0001';
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness((_request, response) => sendJson(response, 500, { error: { message: 'no upstream' } }), {
    models: [{ name: 'hidden', targets: [{ provider: 'mock' }] }],
    keys: [{ name: 'narrow', secret: NARROW, models: ['mock', 'unrouted-*'] }],
  });
});

afterAll(async () => harness.close());

const chat = (model: string) => ({ model, messages: [{ role: 'user', content: 'hi' }] });
const messages = (model: string) => ({ model, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] });
const contents = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };

interface Way {
  name: string;
  method: 'GET' | 'POST';
  path: (model: string) => string;
  body?: (model: string) => unknown;
  /** The refusal's text and code, read from the caller style's error body. */
  error: (body: Record<string, unknown>) => { message: string; code: unknown };
}

const openaiError = (body: Record<string, unknown>) => {
  const error = body.error as { message: string; code: unknown };
  return { message: error.message, code: error.code };
};
const anthropicError = (body: Record<string, unknown>) => {
  const error = body.error as { message: string; type: string };
  return { message: error.message, code: error.type };
};
const geminiError = (body: Record<string, unknown>) => {
  const error = body.error as { message: string; status: string };
  return { message: error.message, code: error.status };
};

const WAYS: Way[] = [
  { name: 'chat', method: 'POST', path: () => '/v1/chat/completions', body: chat, error: openaiError },
  {
    name: 'responses',
    method: 'POST',
    path: () => '/v1/responses',
    body: (model) => ({ model, input: 'hi' }),
    error: openaiError,
  },
  { name: 'messages', method: 'POST', path: () => '/v1/messages', body: messages, error: anthropicError },
  {
    name: 'count_tokens',
    method: 'POST',
    path: () => '/v1/messages/count_tokens',
    body: messages,
    error: anthropicError,
  },
  {
    name: 'gemini generate',
    method: 'POST',
    path: (m) => `/v1beta/models/${m}:generateContent`,
    body: () => contents,
    error: geminiError,
  },
  {
    name: 'embeddings',
    method: 'POST',
    path: () => '/v1/embeddings',
    body: (model) => ({ model, input: 'hi' }),
    error: openaiError,
  },
  {
    name: 'rerank',
    method: 'POST',
    path: () => '/v1/rerank',
    body: (model) => ({ model, query: 'q', documents: ['a'] }),
    error: openaiError,
  },
  {
    name: 'speech',
    method: 'POST',
    path: () => '/v1/audio/speech',
    body: (model) => ({ model, input: 'hi', voice: 'alloy' }),
    error: openaiError,
  },
  { name: 'model get', method: 'GET', path: (m) => `/v1/models/${m}`, error: openaiError },
  { name: 'gemini model get', method: 'GET', path: (m) => `/v1beta/models/${m}`, error: geminiError },
];

async function call(way: Way, model: string): Promise<Response> {
  return fetch(`${harness.url}${way.path(model)}`, {
    method: way.method,
    headers: { authorization: `Bearer ${NARROW}`, 'content-type': 'application/json', 'x-goog-api-key': NARROW },
    ...(way.body ? { body: JSON.stringify(way.body(model)) } : {}),
  });
}

describe('the key may use this model, else 403 (every way a request names a model)', () => {
  it.each(WAYS.map((way) => [way.name, way] as const))(
    '%s refuses a routed model outside the key',
    async (_name, way) => {
      const response = await call(way, 'hidden');
      expect(response.status).toBe(403);
      const refusal = way.error((await response.json()) as Record<string, unknown>);
      expect(refusal.message).toBe('This API key may not use model "hidden"');
    },
  );

  it.each(WAYS.map((way) => [way.name, way] as const))(
    '%s answers 404 for an unrouted model the key may use',
    async (_name, way) => {
      const response = await call(way, 'unrouted-x');
      expect(response.status).toBe(404);
      expect(way.error((await response.json()) as Record<string, unknown>).message).toContain('"unrouted-x"');
    },
  );
});
