import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../config/config-schema.js';
import { setRequestLogging } from '../observe/request-log.js';
import { startGateway, type RunningGateway } from '../server.js';

setRequestLogging(false);
let running: RunningGateway;

beforeAll(async () => {
  running = await startGateway(
    configSchema.parse({
      server: { port: 0, cors: { origins: ['https://app.example'] } },
      admin: { secret: 'admin-secret-for-cors-tests' },
      keys: [{ name: 'k', secret: 'browser-key-1' }],
      providers: [{ id: 'mock', type: 'mock' }],
      models: [{ name: 'mock', targets: [{ provider: 'mock' }] }],
    }),
  );
});
afterAll(() => running.close());

describe('CORS', () => {
  it('answers a browser preflight from an allowed origin, echoing the requested headers', async () => {
    const response = await fetch(`${running.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key, anthropic-version, anthropic-dangerous-direct-browser-access',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(response.headers.get('access-control-allow-headers')).toContain('anthropic-dangerous-direct-browser-access');
  });

  it('exposes the gateway headers on real answers and ignores other origins', async () => {
    const ok = await fetch(`${running.url}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        origin: 'https://app.example',
        authorization: 'Bearer browser-key-1',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(ok.headers.get('access-control-expose-headers')).toContain('x-interlingua-route');
    const other = await fetch(`${running.url}/v1/models`, {
      headers: { origin: 'https://evil.example', authorization: 'Bearer browser-key-1' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    '/admin/keys/x',
    '/admin/keys',
    '/ADMIN/keys',
    '//admin/usage',
    '/%61dmin/keys',
    '/metrics',
    '/metrics/',
    '/console',
    '/console/app.js',
  ])('gives a cross-origin preflight for %s no allow headers, even from an allowed origin', async (path) => {
    const response = await fetch(`${running.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization',
      },
    });
    await response.arrayBuffer();
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
    expect(response.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('adds no CORS headers to answers of the admin API and /metrics', async () => {
    for (const path of ['/admin/keys', '/metrics']) {
      const response = await fetch(`${running.url}${path}`, {
        headers: { origin: 'https://app.example', authorization: 'Bearer admin-secret-for-cors-tests' },
      });
      await response.arrayBuffer();
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});
