import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { loadRecording, recordingSseBody, sendJson } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';

const RECORDING = loadRecording('openai-chat/03-text-stream-after-tool.sse');
const EVENTS = recordingSseBody(RECORDING)
  .split('\n\n')
  .filter((event) => event.trim().length > 0)
  .map((event) => `${event}\n\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const chatBody = (model: string, content = 'hi') =>
  JSON.stringify({ model, stream: true, messages: [{ role: 'user', content }] });

/** POSTs a streamed chat request and reads the raw answer to its end. */
async function rawStream(
  url: string,
  model: string,
  content?: string,
): Promise<{ status: number; route: string; text: string }> {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${GATEWAY_KEY}`, 'content-type': 'application/json' },
    body: chatBody(model, content),
  });
  return {
    status: response.status,
    route: response.headers.get('x-interlingua-route') ?? '',
    text: await response.text(),
  };
}

describe('keep-alives and stream limits', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness(
      async (request, response) => {
        const model = String((request.json() as { model?: unknown }).model);
        if (model === 'fail-late') {
          await pause(600);
          return sendJson(response, 500, {
            error: { message: 'late failure', type: 'server_error', param: null, code: null },
          });
        }
        if (model === 'late-start') await pause(600);
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        if (model === 'endless') {
          while (!response.destroyed) {
            response.write(EVENTS[1] ?? '');
            await pause(100);
          }
          return;
        }
        for (const [i, event] of EVENTS.entries()) {
          response.write(event);
          if (model === 'silent' && i === 1) await pause(600);
        }
        response.end();
      },
      {
        models: [
          {
            name: 'fail-then-mock',
            targets: [
              { provider: 'upstream', model: 'fail-late' },
              { provider: 'mock', model: 'mock', priority: 1 },
            ],
          },
        ],
        sections: { streams: { keepAliveMs: 100, firstEventKeepAliveMs: 300, maxDurationMs: 1_500 } },
      },
    );
  });
  afterAll(() => harness.close());

  it('writes SSE comments while an upstream is silent after the first event, and the SDK reads through them', async () => {
    const { text } = await rawStream(harness.url, 'up/silent');
    const comment = text.indexOf(': keep-alive\n\n');
    expect(comment).toBeGreaterThan(text.indexOf('data: '));
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    const client = new OpenAI({ baseURL: `${harness.url}/v1`, apiKey: GATEWAY_KEY, maxRetries: 0 });
    let content = '';
    for await (const chunk of await client.chat.completions.create({
      model: 'up/silent',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    }))
      content += chunk.choices[0]?.delta.content ?? '';
    expect(content).toBe(RECORDING.expect.text);
  });

  it('keeps Anthropic callers alive with ping events', async () => {
    const response = await fetch(`${harness.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': GATEWAY_KEY, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'up/silent',
        max_tokens: 100,
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    const text = await response.text();
    expect(text).toContain('event: ping\ndata: {"type":"ping"}');
    const client = new Anthropic({ baseURL: harness.url, apiKey: GATEWAY_KEY, maxRetries: 0 });
    const message = await client.messages
      .stream({ model: 'up/silent', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(message.content[0]).toMatchObject({ type: 'text', text: RECORDING.expect.text });
  });

  it('keeps Gemini SSE callers alive with comments that @google/genai skips', async () => {
    const ai = new GoogleGenAI({ apiKey: GATEWAY_KEY, httpOptions: { baseUrl: harness.url } });
    let text = '';
    for await (const chunk of await ai.models.generateContentStream({ model: 'up/silent', contents: 'hi' }))
      text += chunk.text ?? '';
    expect(text).toBe(RECORDING.expect.text);
    const raw = await fetch(`${harness.url}/v1beta/models/up/silent:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'x-goog-api-key': GATEWAY_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(await raw.text()).toContain(': keep-alive\n\n');
  });

  it('commits early with a keep-alive when the first event is slow, and the answer still arrives whole', async () => {
    const { status, text } = await rawStream(harness.url, 'up/late-start');
    expect(status).toBe(200);
    expect(text.startsWith(': keep-alive\n\n')).toBe(true);
    expect(text).toContain('data: [DONE]');
  });

  it('no longer falls back after an early keep-alive: the failure arrives in-band', async () => {
    const { status, route, text } = await rawStream(harness.url, 'fail-then-mock', 'fallback?');
    expect(status).toBe(200);
    expect(route).toContain('model=fail-late; attempts=1');
    expect(text.startsWith(': keep-alive')).toBe(true);
    expect(text).toMatch(/data: \{"error":\{"message":"late failure"/);
    expect(text).not.toContain('You said');
  });

  it('ends a stream at streams.maxDurationMs with an in-band error and lets the upstream go', async () => {
    const aborted = harness.upstream.nextAbort();
    const { text } = await rawStream(harness.url, 'up/endless');
    expect(text).toMatch(/"error":\{"message":"The stream reached its maximum duration/);
    expect(text).not.toContain('[DONE]');
    await aborted;
  });
});

describe('graceful shutdown and reload', () => {
  const slowMock = { id: 'slow-mock', type: 'mock', options: { latencyMs: 60 } };
  const slowModel = { name: 'slow', targets: [{ provider: 'slow-mock' }] };
  const longText = 'one two three four five six seven eight nine ten eleven twelve';

  /** Starts a stream and resolves once its first bytes arrived; `rest` reads it to the end. */
  async function openStream(url: string, key = GATEWAY_KEY): Promise<{ rest: Promise<string> }> {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: chatBody('slow', longText),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    const read = async (text: string): Promise<string> => {
      const next = await reader.read();
      return next.done ? text : read(text + decoder.decode(next.value, { stream: true }));
    };
    return { rest: read(decoder.decode(first.value, { stream: true })) };
  }

  it('lets an open stream finish, refusing new work meanwhile', async () => {
    const harness = await startHarness(() => undefined, { providers: [slowMock], models: [slowModel] });
    try {
      const stream = await openStream(harness.url);
      const stopped = harness.gateway.shutdown(10_000);
      const ready = await fetch(`${harness.url}/ready`).then(
        (r) => r.status,
        () => 'refused',
      );
      expect(ready === 503 || ready === 'refused').toBe(true);
      const text = await stream.rest;
      expect(text).toContain('twelve');
      expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
      await stopped;
    } finally {
      await harness.close();
    }
  });

  it('ends streams still open at the deadline with an in-style error', async () => {
    const harness = await startHarness(() => undefined, { providers: [slowMock], models: [slowModel] });
    try {
      const stream = await openStream(harness.url);
      await harness.gateway.shutdown(100);
      const text = await stream.rest;
      expect(text).toMatch(/data: \{"error":\{"message":"The gateway is shutting down/);
      expect(text).not.toContain('[DONE]');
    } finally {
      await harness.close();
    }
  });

  it('reloads keys without dropping an open stream', async () => {
    const harness = await startHarness(() => undefined, { providers: [slowMock], models: [slowModel] });
    try {
      const stream = await openStream(harness.url);
      const current = harness.gateway.gateway.config;
      harness.gateway.reload(
        configSchema.parse({ ...current, keys: [{ name: 'rotated', secret: 'rotated-key-000001' }] }),
      );
      const ask = (key: string) =>
        fetch(`${harness.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'hi' }] }),
        });
      expect((await ask(GATEWAY_KEY)).status).toBe(401);
      expect((await ask('rotated-key-000001')).status).toBe(200);
      expect(await stream.rest).toContain('data: [DONE]');
    } finally {
      await harness.close();
    }
  });
});
