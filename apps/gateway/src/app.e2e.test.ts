import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from './config/config-schema.js';
import { startGateway, type RunningGateway } from './server.js';

/**
 * Fixed-path routes are served straight from `node:http`; everything else goes through Express.
 * Both branches must answer the same way: a client cannot tell which one served it.
 */
const KEY = 'listener-key';
let running: RunningGateway;

beforeAll(async () => {
  const config = configSchema.parse({
    server: { host: '127.0.0.1', port: 0, cors: { origins: ['https://app.example'] } },
    keys: [{ name: 'listener', secret: KEY }],
    providers: [{ id: 'mock', type: 'mock' }],
    models: [{ name: 'mock', targets: [{ provider: 'mock' }] }],
  });
  running = await startGateway(config);
});

afterAll(async () => {
  await running?.close();
});

function chat(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${running.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'hello' }] }),
  });
}

describe('the gateway listener', () => {
  it('serves a fixed path directly, with or without a query string', async () => {
    for (const path of ['/v1/chat/completions', '/v1/chat/completions?trace=1']) {
      const answer = await chat(path);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { object: string }).object).toBe('chat.completion');
    }
  });

  it('serves the spellings only Express matches (trailing slash, other case) through Express, the same way', async () => {
    for (const path of ['/v1/chat/completions/', '/V1/Chat/Completions']) {
      const answer = await chat(path);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { object: string }).object).toBe('chat.completion');
    }
  });

  it('serves Gemini model paths the same whether found by prefix (plain) or by Express (escaped)', async () => {
    for (const path of [
      '/v1beta/models/mock:generateContent',
      '/v1beta/models/mock%3AgenerateContent',
      '/v1/models/mock:generateContent',
    ]) {
      const answer = await fetch(`${running.url}${path}`, {
        method: 'POST',
        headers: { 'x-goog-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hello' }] }] }),
      });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { candidates: unknown[] }).candidates).toHaveLength(1);
    }
    const unknownMethod = await fetch(`${running.url}/v1beta/models/mock:dance`, {
      method: 'POST',
      headers: { 'x-goog-api-key': KEY },
      body: '{}',
    });
    expect(unknownMethod.status).toBe(404);
    expect(await unknownMethod.json()).toMatchObject({ error: { status: 'NOT_FOUND' } });
  });

  it('refuses a missing key on a fixed path in the caller style, before reading the body', async () => {
    const answer = await fetch(`${running.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
  });

  it('answers another method on a fixed path with a 405 naming the allowed one (Express)', async () => {
    const answer = await fetch(`${running.url}/v1/chat/completions`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  });

  it('applies CORS on the direct branch: preflight answered, allow-origin on the answer', async () => {
    const preflight = await fetch(`${running.url}/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    const answer = await chat('/v1/chat/completions', { origin: 'https://app.example' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://app.example');
    await answer.body?.cancel();
  });
});
