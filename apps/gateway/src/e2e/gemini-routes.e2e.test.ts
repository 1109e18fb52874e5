import { ApiError, GoogleGenAI, type Model } from '@google/genai';
import { geminiStrictErrorBodySchema } from '@interlingua/gemini';
import { sendJson } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, setRequestLogging } from '../observe/request-log.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

let harness: Harness;
let ai: GoogleGenAI;

const UPSTREAM_MODELS = ['gpt-4.1-nano', 'gpt-4o', 'gpt-4o-mini'];

beforeAll(async () => {
  harness = await startHarness(
    (request, response) => {
      if (request.url === '/v1/models')
        return sendJson(response, 200, {
          object: 'list',
          data: UPSTREAM_MODELS.map((id) => ({ id, object: 'model', created: 1, owned_by: 'openai' })),
        });
      return sendJson(response, 500, { error: { message: 'unexpected upstream call' } });
    },
    {
      models: [{ name: 'secret-model', targets: [{ provider: 'mock' }] }],
      keys: [
        { name: 'test', secret: GATEWAY_KEY, models: ['up/*', 'mock'] },
        { name: 'narrow', secret: 'narrow-key-0001', models: ['mock'] },
        { name: 'wide', secret: 'wide-key-000001', models: ['*'] },
      ],
    },
  );
  ai = new GoogleGenAI({ apiKey: GATEWAY_KEY, httpOptions: { baseUrl: harness.url, timeout: 10_000 } });
});

afterAll(async () => harness.close());

async function geminiError(response: Response): Promise<{ code: number; message: string; status: string }> {
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = geminiStrictErrorBodySchema.parse(await response.json());
  expect(body.error.code).toBe(response.status);
  return body.error;
}

describe('GET /v1beta/models with @google/genai', () => {
  it('lists only the models the key may use, page by page', async () => {
    const pager = await ai.models.list({ config: { pageSize: 2 } });
    expect(pager.page).toHaveLength(2);
    const names: string[] = [];
    for await (const model of pager) names.push(model.name ?? '');
    expect(names.sort()).toEqual(['models/mock', ...UPSTREAM_MODELS.map((id) => `models/up/${id}`)].sort());
    expect(names).not.toContain('models/secret-model');
  });

  it('returns the REST shape, supportedGenerationMethods included', async () => {
    const response = await fetch(`${harness.url}/v1beta/models?pageSize=1`, {
      headers: { 'x-goog-api-key': GATEWAY_KEY },
    });
    const body = (await response.json()) as { models: Model[]; nextPageToken?: string };
    expect(body.models).toHaveLength(1);
    expect(body.nextPageToken).toEqual(expect.any(String));
    expect(body.models[0]).toMatchObject({
      name: expect.stringMatching(/^models\//),
      supportedGenerationMethods: expect.arrayContaining(['generateContent', 'countTokens']),
    });
  });

  it('gets one model whose id holds a slash', async () => {
    const model = await ai.models.get({ model: 'up/gpt-4o' });
    expect(model.name).toBe('models/up/gpt-4o');
    expect(model.supportedActions).toContain('generateContent');
  });

  it('answers an unknown or forbidden model in Gemini shape', async () => {
    const missing = await fetch(`${harness.url}/v1beta/models/nowhere`, {
      headers: { 'x-goog-api-key': 'wide-key-000001' },
    });
    expect(missing.status).toBe(404);
    expect((await geminiError(missing)).status).toBe('NOT_FOUND');
    const forbidden = await fetch(`${harness.url}/v1beta/models/secret-model`, {
      headers: { 'x-goog-api-key': GATEWAY_KEY },
    });
    expect(forbidden.status).toBe(403);
    expect((await geminiError(forbidden)).status).toBe('PERMISSION_DENIED');
    await expect(ai.models.get({ model: 'secret-model' })).rejects.toMatchObject({ status: 403 });
  });

  it('rejects a page token it did not make', async () => {
    const response = await fetch(`${harness.url}/v1beta/models?pageToken=garbage`, {
      headers: { 'x-goog-api-key': GATEWAY_KEY },
    });
    expect(response.status).toBe(400);
    expect((await geminiError(response)).status).toBe('INVALID_ARGUMENT');
  });
});

describe('keys on /v1beta', () => {
  it.each([
    ['x-goog-api-key', (url: string) => fetch(url, { headers: { 'x-goog-api-key': GATEWAY_KEY } })],
    ['?key=', (url: string) => fetch(`${url}?key=${GATEWAY_KEY}`)],
    ['Bearer', (url: string) => fetch(url, { headers: { authorization: `Bearer ${GATEWAY_KEY}` } })],
  ])('accepts the key as %s', async (_name, send) => {
    const response = await send(`${harness.url}/v1beta/models/mock`);
    expect(response.status).toBe(200);
  });

  it('answers a missing or wrong key in Gemini shape', async () => {
    const missing = await fetch(`${harness.url}/v1beta/models`);
    expect(missing.status).toBe(401);
    expect((await geminiError(missing)).status).toBe('UNAUTHENTICATED');
    const wrong = new GoogleGenAI({ apiKey: 'wrong-key-123', httpOptions: { baseUrl: harness.url } });
    const error = await wrong.models.generateContent({ model: 'mock', contents: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });

  it('lists per key', async () => {
    const narrow = new GoogleGenAI({ apiKey: 'narrow-key-0001', httpOptions: { baseUrl: harness.url } });
    const pager = await narrow.models.list();
    expect(pager.page.map((m) => m.name)).toEqual(['models/mock']);
  });

  it('never writes ?key= into the request log', async () => {
    const lines: string[] = [];
    const runtime = harness.gateway.gateway.ops.runtime;
    const logger = runtime.logger;
    runtime.logger = createLogger('info', { write: (line: string) => lines.push(line) });
    setRequestLogging(true);
    try {
      const generated = await fetch(`${harness.url}/v1beta/models/mock:generateContent?key=${GATEWAY_KEY}&alt=json`, {
        method: 'POST',
        body: JSON.stringify({ contents: [{ parts: [{ text: 'hi' }] }] }),
      });
      expect(generated.status).toBe(200);
      await generated.text();
      const listed = await fetch(`${harness.url}/v1beta/models?key=${GATEWAY_KEY}`);
      expect(listed.status).toBe(200);
      await listed.text();
      await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(2));
    } finally {
      setRequestLogging(false);
      runtime.logger = logger;
    }
    expect(lines.join('')).toContain('/v1beta/models');
    for (const line of lines) expect(line).not.toContain(GATEWAY_KEY);
  });
});

describe('unknown paths and methods under /v1beta', () => {
  it.each([
    ['POST', '/v1beta/models/mock:embedSomething', 404],
    ['POST', '/v1beta/models/mock', 404],
    ['GET', '/v1beta/models/mock:generateContent', 404],
    ['GET', '/v1beta/tunedModels', 404],
    ['GET', '/v1beta', 404],
    ['POST', '/v1beta/cachedContents', 404],
    ['DELETE', '/v1beta/models', 405],
    ['PUT', '/v1beta/models/mock', 405],
  ])('%s %s is a Gemini-shaped %i', async (method, path, status) => {
    const response = await fetch(`${harness.url}${path}`, {
      method,
      headers: { 'x-goog-api-key': GATEWAY_KEY, 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: '{}' }),
    });
    expect(response.status).toBe(status);
    const error = await geminiError(response);
    expect(error.status).toBe(status === 404 ? 'NOT_FOUND' : 'INVALID_ARGUMENT');
  });
});

describe(':countTokens', () => {
  it('estimates for a provider without a count endpoint, and says so', async () => {
    const { totalTokens, sdkHttpResponse } = await ai.models.countTokens({
      model: 'mock',
      contents: 'How many tokens is this sentence?',
    });
    expect(totalTokens).toBeGreaterThan(0);
    expect(sdkHttpResponse?.headers?.['x-interlingua-warnings']).toContain('estimated');
  });

  it('reads the generateContentRequest form', async () => {
    const response = await fetch(`${harness.url}/v1beta/models/mock:countTokens`, {
      method: 'POST',
      headers: { 'x-goog-api-key': GATEWAY_KEY },
      body: JSON.stringify({
        generateContentRequest: {
          model: 'models/mock',
          contents: [{ role: 'user', parts: [{ text: 'a b c d e f g h' }] }],
          systemInstruction: { parts: [{ text: 'Be terse' }] },
        },
      }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { totalTokens: number }).totalTokens).toBeGreaterThan(0);
  });

  it('rejects a body without contents in Gemini shape', async () => {
    const response = await fetch(`${harness.url}/v1beta/models/mock:countTokens`, {
      method: 'POST',
      headers: { 'x-goog-api-key': GATEWAY_KEY },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect((await geminiError(response)).status).toBe('INVALID_ARGUMENT');
  });

  it('refuses a model the key may not use', async () => {
    const narrow = new GoogleGenAI({ apiKey: 'narrow-key-0001', httpOptions: { baseUrl: harness.url } });
    await expect(narrow.models.countTokens({ model: 'up/gpt-4o', contents: 'hi' })).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('@google/genai against the mock provider (local path)', () => {
  it('generates text and reports usage', async () => {
    const response = await ai.models.generateContent({ model: 'mock', contents: 'hello there' });
    expect(response.text).toBe('You said: hello there');
    expect(response.candidates?.[0]?.finishReason).toBe('STOP');
    expect(response.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
    expect(response.sdkHttpResponse?.headers?.['x-interlingua-route']).toContain('path=local');
  });

  it('calls a function, then reads its response, over two turns', async () => {
    const tools = [
      {
        functionDeclarations: [
          {
            name: 'lookup',
            parametersJsonSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
          },
        ],
      },
    ];
    const user = { role: 'user', parts: [{ text: 'find it' }] };
    const first = await ai.models.generateContent({ model: 'mock', contents: [user], config: { tools } });
    const call = first.functionCalls?.[0];
    expect(call).toMatchObject({ name: 'lookup', args: { q: 'mock' }, id: expect.any(String) });
    const second = await ai.models.generateContent({
      model: 'mock',
      contents: [
        user,
        first.candidates?.[0]?.content ?? {},
        {
          role: 'user',
          parts: [{ functionResponse: { id: call?.id, name: 'lookup', response: { result: 'found' } } }],
        },
      ],
      config: { tools },
    });
    expect(second.text).toBe('Tool lookup returned: found');
  });

  it('returns thoughts when asked', async () => {
    const response = await ai.models.generateContent({
      model: 'mock',
      contents: 'think',
      config: { thinkingConfig: { includeThoughts: true, thinkingBudget: 512 } },
    });
    expect(response.candidates?.[0]?.content?.parts?.[0]).toMatchObject({
      thought: true,
      text: expect.stringContaining('message'),
    });
    expect(response.text).toBe('You said: think');
  });

  it('streams with alt=sse and as a JSON array, saying the same', async () => {
    const stream = await ai.models.generateContentStream({ model: 'mock', contents: 'one two three' });
    let text = '';
    for await (const chunk of stream) text += chunk.text ?? '';
    expect(text).toBe('You said: one two three');
    const response = await fetch(`${harness.url}/v1beta/models/mock:streamGenerateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': GATEWAY_KEY },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'one two three' }] }] }),
    });
    expect(response.headers.get('content-type')).toContain('application/json');
    const elements = JSON.parse(await response.text()) as Array<{
      candidates?: Array<{ content?: { parts?: Array<{ text?: string }> } }>;
    }>;
    expect(elements.flatMap((e) => e.candidates?.[0]?.content?.parts?.map((p) => p.text ?? '') ?? []).join('')).toBe(
      'You said: one two three',
    );
  });
});
