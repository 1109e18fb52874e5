import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { setRequestLogging } from '../observe/request-log.js';
import { startGateway, type RunningGateway } from '../server.js';

/**
 * A path with a malformed percent-escape is a 400 in the style its prefix implies, after the key
 * is checked, with the request's log line like any other request (it used to be a bare 500 before
 * authentication, unlogged).
 */
const KEY = 'malformed-path-key';
const logLines: Record<string, unknown>[] = [];
let running: RunningGateway;

beforeAll(async () => {
  setRequestLogging(true);
  const config = configSchema.parse({
    server: { host: '127.0.0.1', port: 0 },
    keys: [{ name: 'paths', secret: KEY }],
    providers: [{ id: 'mock', type: 'mock' }],
    models: [{ name: 'mock', targets: [{ provider: 'mock' }] }],
  });
  running = await startGateway(config, {
    logDestination: { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
  });
});

afterAll(async () => {
  await running?.close();
  setRequestLogging(false);
});

function send(
  method: string,
  path: string,
  headers: Record<string, string> = { authorization: `Bearer ${KEY}` },
): Promise<Response> {
  return fetch(`${running.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-request-id': `req-${logLines.length}-${path.length}`,
      ...headers,
    },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
}

async function requestLine(requestId: string | null): Promise<Record<string, unknown> | undefined> {
  for (let i = 0; i < 100; i++) {
    const line = logLines.find((entry) => entry.requestId === requestId && entry.msg === 'request');
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return undefined;
}

describe('a malformed percent-escape in the path', () => {
  it('is a Gemini 400 on a Gemini path, naming the escape, and logged', async () => {
    const answer = await send('POST', '/v1beta/models/%ff:generateContent', { 'x-goog-api-key': KEY });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { error: { code: number; status: string; message: string } };
    expect(body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(body.error.message).toContain('"%ff"');
    expect(await requestLine(answer.headers.get('x-request-id'))).toMatchObject({
      status: 400,
      key: 'paths',
      endpoint: 'gemini',
    });
  });

  it('is an OpenAI 400 on a Responses path, for a truncated UTF-8 sequence', async () => {
    const answer = await send('GET', '/v1/responses/%E0%A4%A');
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { error: { type: string; code: string; message: string } };
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_path_encoding' });
    expect(body.error.message).toMatch(/malformed percent-escape "%E0%A4/);
    expect(await requestLine(answer.headers.get('x-request-id'))).toMatchObject({ status: 400, endpoint: 'responses' });
  });

  it('is an Anthropic 400 on a Messages path', async () => {
    const answer = await send('POST', '/v1/messages/%zz/count_tokens', {
      'x-api-key': KEY,
      'anthropic-version': '2023-06-01',
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });

  it('still needs a valid key first: 401 in the caller style without one', async () => {
    const answer = await send('POST', '/v1beta/models/%ff:generateContent', {});
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
    expect(await requestLine(answer.headers.get('x-request-id'))).toMatchObject({ status: 401 });
  });

  it('leaves well-formed escapes alone', async () => {
    const answer = await send('GET', '/v1/responses/resp_ilg_%41bc');
    expect(answer.status).toBe(404);
  });
});
