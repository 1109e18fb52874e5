import { ApiError, type Content, type GoogleGenAI } from '@google/genai';
import {
  geminiUpstreamCountTokensRequestSchema,
  geminiUpstreamPathSchema,
  geminiUpstreamRequestSchema,
  loadRecording,
  recordingJson,
  recordingSseBody,
  sendJson,
  sendSse,
} from '@interlingua/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import {
  expected,
  gatedSse,
  geminiClient,
  lastUpstreamBody,
  replayJson,
  replaySse,
  replies,
  type Reply,
} from './gemini-e2e.test-support.js';

let harness: Harness;
let reply: Reply;
let ai: GoogleGenAI;

beforeAll(async () => {
  harness = await startHarness(
    (request, response) => {
      if (request.url.startsWith('/models?'))
        return sendJson(response, 200, {
          models: [
            {
              name: 'models/gemini-2.5-flash',
              displayName: 'Gemini 2.5 Flash',
              supportedGenerationMethods: ['generateContent', 'countTokens'],
            },
          ],
        });
      return reply(request, response);
    },
    { upstreamProvider: { type: 'gemini' } },
  );
  ai = geminiClient(harness);
});

afterAll(async () => harness.close());

beforeEach(() => {
  reply = () => {
    throw new Error('no reply set');
  };
});

const route = (response: { sdkHttpResponse?: { headers?: Record<string, string> } }) =>
  response.sdkHttpResponse?.headers?.['x-interlingua-route'];
const post = (path: string, body: unknown) =>
  fetch(`${harness.url}/v1beta/models/${path}`, {
    method: 'POST',
    headers: { 'x-goog-api-key': GATEWAY_KEY },
    body: JSON.stringify(body),
  });
const TRAILING_SIGNATURE = 'gemini/03-text-stream-trailing-signature.chunks.jsonl';
const hello = { contents: [{ role: 'user', parts: [{ text: 'How many r in strawberry?' }] }] };

/** A text part of candidate 0 (thought parts aside), joined. */
function answerText(element: unknown): string {
  const parts =
    (element as { candidates?: Array<{ content?: { parts?: Array<{ text?: string; thought?: boolean }> } }> })
      .candidates?.[0]?.content?.parts ?? [];
  return parts.map((part) => (part.thought ? '' : (part.text ?? ''))).join('');
}

describe('Gemini callers to a Gemini upstream: the fast path', () => {
  it('forwards a generateContent body and answers the upstream bytes', async () => {
    const recording = loadRecording('gemini/01-text.json');
    reply = replayJson('gemini/01-text.json');
    const response = await ai.models.generateContent({
      model: 'up/gemini-3-pro-preview',
      contents: 'How many r in strawberry?',
      config: { thinkingConfig: { thinkingLevel: 'HIGH' as never } },
    });
    expect(response.text).toBe(recording.expect.text);
    expect(route(response)).toContain('path=fast');
    expect(harness.upstream.requests.at(-1)?.url).toBe('/models/gemini-3-pro-preview:generateContent');
    expect(
      lastUpstreamBody(harness, ':generateContent', geminiUpstreamRequestSchema).generationConfig?.thinkingConfig,
    ).toEqual({ thinkingLevel: 'HIGH' });
    const raw = await post('up/gemini-3-pro-preview:generateContent', hello);
    expect(await raw.json()).toEqual(recordingJson(recording));
    expect(harness.upstream.requests.at(-1)?.body.toString('utf8')).toBe(JSON.stringify(hello));
  });

  it('sends the thought signature back on a function call round trip', async () => {
    reply = replies(replayJson('gemini/05-function-call.json'), replayJson('gemini/01-text.json'));
    const tools = [
      {
        functionDeclarations: [
          { name: 'weather', parametersJsonSchema: { type: 'object', properties: { location: { type: 'string' } } } },
        ],
      },
    ];
    const user: Content = { role: 'user', parts: [{ text: 'Weather in San Francisco?' }] };
    const first = await ai.models.generateContent({
      model: 'up/gemini-3-pro-preview',
      contents: [user],
      config: { tools },
    });
    const call = first.functionCalls?.[0];
    expect(call).toMatchObject({ name: 'weather', args: { location: 'San Francisco' } });
    const answer: Content = {
      role: 'user',
      parts: [{ functionResponse: { name: 'weather', response: { temperature: 18 } } }],
    };
    await ai.models.generateContent({
      model: 'up/gemini-3-pro-preview',
      contents: [user, first.candidates?.[0]?.content as Content, answer],
      config: { tools },
    });
    const signature = (
      recordingJson(loadRecording('gemini/05-function-call.json')) as {
        candidates: Array<{ content: { parts: Array<{ thoughtSignature: string }> } }>;
      }
    ).candidates[0]?.content.parts[0]?.thoughtSignature;
    expect(
      lastUpstreamBody(harness, ':generateContent', geminiUpstreamRequestSchema).contents[1]?.parts[0],
    ).toMatchObject({ functionCall: { name: 'weather' }, thoughtSignature: signature });
  });

  it('relays an alt=sse stream byte for byte', async () => {
    const recording = loadRecording('gemini/02-text-stream.sse');
    reply = replaySse('gemini/02-text-stream.sse');
    const stream = await ai.models.generateContentStream({
      model: 'up/gemini-2.0-flash-exp',
      contents: 'Capital of France?',
    });
    let text = '';
    for await (const chunk of stream) text += chunk.text ?? '';
    expect(text).toBe(recording.expect.text);
    expect(harness.upstream.requests.at(-1)?.url).toBe('/models/gemini-2.0-flash-exp:streamGenerateContent?alt=sse');
    const raw = await post('up/gemini-2.0-flash-exp:streamGenerateContent?alt=sse', hello);
    expect(raw.headers.get('x-interlingua-route')).toContain('path=fast');
    expect(await raw.text()).toBe(recordingSseBody(recording));
  });

  it('answers an upstream error before the first byte with the upstream body', async () => {
    reply = replayJson('gemini/14-error-429-quota.json');
    const error = await ai.models
      .generateContent({ model: 'up/gemini-2.5-flash', contents: 'hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    const raw = await post('up/gemini-2.5-flash:generateContent', hello);
    expect(raw.status).toBe(429);
    expect(await raw.json()).toEqual(recordingJson(loadRecording('gemini/14-error-429-quota.json')));
  });

  it('throws ApiError in the SDK when the upstream stream breaks after the first chunk', async () => {
    reply = (_request, response) =>
      sendSse(response, recordingSseBody(loadRecording(TRAILING_SIGNATURE)), { resetAfterPieces: 1 });
    const stream = await ai.models.generateContentStream({
      model: 'up/gemini-3-pro-preview',
      contents: 'How many r in strawberry?',
    });
    let text = '';
    const error = await (async () => {
      for await (const chunk of stream) text += chunk.text ?? '';
    })().catch((e: unknown) => e);
    expect(text).toBe('There are **3**');
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
  });

  it('passes an upstream in-band error event on, which the SDK throws', async () => {
    const first = recordingSseBody(loadRecording('gemini/02-text-stream.sse')).split('\n\n')[0];
    reply = (_request, response) =>
      sendSse(
        response,
        `${first}\n\ndata: {"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}\n\n`,
      );
    const stream = await ai.models.generateContentStream({
      model: 'up/gemini-2.0-flash-exp',
      contents: 'Capital of France?',
    });
    const error = await (async () => {
      for await (const _chunk of stream) continue;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
  });

  it('counts tokens natively', async () => {
    reply = (_request, response) => sendJson(response, 200, { totalTokens: 7 });
    const counted = await ai.models.countTokens({ model: 'up/gemini-2.5-flash', contents: 'How many tokens?' });
    expect(counted.totalTokens).toBe(7);
    expect(harness.upstream.requests.at(-1)?.url).toBe('/models/gemini-2.5-flash:countTokens');
    expect(
      lastUpstreamBody(harness, ':countTokens', geminiUpstreamCountTokensRequestSchema).generateContentRequest?.model,
    ).toBe('models/gemini-2.5-flash');
  });

  it('lists the upstream models under the route prefix', async () => {
    const pager = await ai.models.list();
    expect(pager.page.map((model) => model.name)).toContain('models/up/gemini-2.5-flash');
  });
});

describe('Gemini callers to a Gemini upstream without alt=sse (JSON array, translated from SSE)', () => {
  it('streams element by element and keeps thought signatures', async () => {
    const lines = loadRecording(TRAILING_SIGNATURE)
      .body.split('\n')
      .filter((line) => line.trim() !== '');
    const gated = gatedSse(
      `data: ${lines[0]}\n\n`,
      lines
        .slice(1)
        .map((line) => `data: ${line}\n\n`)
        .join(''),
    );
    reply = gated.reply;
    const response = await post('up/gemini-3-pro-preview:streamGenerateContent', hello);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('x-interlingua-route')).toContain('path=translated:gemini>gemini');
    expect(harness.upstream.requests.at(-1)?.url).toBe('/models/gemini-3-pro-preview:streamGenerateContent?alt=sse');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('There are')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('ended before the first element');
      text += decoder.decode(value, { stream: true });
    }
    expect(text).not.toContain('strawberry');
    gated.release();
    for (let next = await reader.read(); !next.done; next = await reader.read())
      text += decoder.decode(next.value, { stream: true });
    const elements = JSON.parse(text) as unknown[];
    expect(elements.map(answerText).join('')).toBe(expected(TRAILING_SIGNATURE).text);
    expect(JSON.stringify(elements)).toContain('"thoughtSignature"');
    expect((elements.at(-1) as { usageMetadata?: unknown }).usageMetadata).toMatchObject({
      promptTokenCount: 9,
      thoughtsTokenCount: 185,
    });
  });

  it('ends with an {"error"} element then ] when the upstream breaks', async () => {
    reply = (_request, response) =>
      sendSse(response, recordingSseBody(loadRecording(TRAILING_SIGNATURE)), { resetAfterPieces: 1 });
    const body = await (await post('up/gemini-3-pro-preview:streamGenerateContent', hello)).text();
    expect(body.endsWith(']')).toBe(true);
    const elements = JSON.parse(body) as Array<Record<string, unknown>>;
    expect(answerText(elements[0])).toBe('There are **3**');
    expect(elements.at(-1)).toMatchObject({ error: { code: 502, status: 'UNAVAILABLE' } });
  });

  it('answers an error before the first element as a plain Gemini error', async () => {
    reply = replayJson('gemini/13-error-404-model-not-found.json');
    const response = await post('up/gemini-3.6-flahs:streamGenerateContent', hello);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
  });

  it('never asks the upstream for anything but documented paths', () => {
    for (const request of harness.upstream.requests) {
      if (request.url.startsWith('/models?')) continue;
      expect(() => geminiUpstreamPathSchema.parse(request.url)).not.toThrow();
    }
  });
});
