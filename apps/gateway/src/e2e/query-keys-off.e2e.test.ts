import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { startGateway, type RunningGateway } from '../server.js';
import { isOpen, openResponsesSocket } from '../websocket/websocket-client.test-support.js';

/**
 * `server.queryKeys: false`: a key in the URL (`?key=`, however its name is spelled) is refused
 * with a 401 in the caller's style that names the setting and the headers to use instead, while
 * the same key in a header is served.
 */
const SECRET = 'query-keys-off-secret';
let running: RunningGateway;

beforeAll(async () => {
  const config = configSchema.parse({
    server: { host: '127.0.0.1', port: 0, queryKeys: false },
    keys: [{ name: 'gemini-client', secret: SECRET }],
    providers: [{ id: 'mock', type: 'mock' }],
    models: [{ name: 'mock', targets: [{ provider: 'mock' }] }],
  });
  running = await startGateway(config);
});
afterAll(async () => {
  await running?.close();
});

function generate(query: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${running.url}/v1beta/models/mock:generateContent${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
  });
}

describe('server.queryKeys: false', () => {
  it.each(['key', '%6bey', 'k%65y'])('refuses ?%s= with a 401 naming the setting', async (name) => {
    const response = await generate(`?alt=json&${name}=${SECRET}`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { status: string; message: string } };
    expect(body.error.status).toBe('UNAUTHENTICATED');
    expect(body.error.message).toContain('server.queryKeys: false');
    expect(body.error.message).toContain('x-goog-api-key');
    expect(body.error.message).not.toContain(SECRET);
  });

  it('refuses the Responses WebSocket upgrade whose only key is in the URL', async () => {
    const result = await openResponsesSocket(running.url, undefined, `/v1/responses?key=${SECRET}`);
    expect(isOpen(result)).toBe(false);
    if (isOpen(result)) return void (await result.close());
    expect(result.status).toBe(401);
    expect(JSON.parse(result.body)).toMatchObject({ error: { code: 'query_key_disabled' } });
  });

  it('serves the same key sent in a header', async () => {
    const response = await generate('?alt=json', { 'x-goog-api-key': SECRET });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });
});
