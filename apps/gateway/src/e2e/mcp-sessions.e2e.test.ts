import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { sendMcp } from './mcp-raw-request.test-support.js';
import { connectSdkClient } from './mcp-sdk-client.test-support.js';
import { EVERYTHING_BIN } from './mcp-upstreams.test-support.js';

/**
 * The gateway's MCP sessions: `initialize` gives a sealed `Mcp-Session-Id`; ids that are not the
 * gateway's, not the key's, or ended get 404; GET opens the session's stream (bounded per key),
 * which carries the updates of its resource subscriptions.
 */
const KEY = 'mcp-sessions-key-0001';
const OTHER = 'mcp-sessions-key-0002';
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness((_request, response) => void response.end(), {
    keys: [
      { name: 'sessions', secret: KEY, mcp: { servers: ['*'] } },
      { name: 'other', secret: OTHER, mcp: { servers: ['*'] } },
    ],
    sections: {
      mcp: {
        servers: [{ name: 'everything', command: process.execPath, args: [EVERYTHING_BIN] }],
        limits: { maxStreamsPerKey: 1 },
      },
    },
  });
}, 60_000);
afterAll(() => harness.close());

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'sessions-test', version: '1' } },
};
const ping = { jsonrpc: '2.0', id: 2, method: 'ping' };

function send(method: string, key: string, body?: unknown, sessionId?: string): Promise<Response> {
  return sendMcp(`${harness.url}/mcp`, key, method, sessionId, body);
}

async function newSession(): Promise<string> {
  const answer = await send('POST', KEY, initialize);
  await answer.body?.cancel();
  expect(answer.status).toBe(200);
  const id = answer.headers.get('mcp-session-id');
  expect(id).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  return id as string;
}

describe('MCP sessions through the gateway', () => {
  it('gives a sealed id on initialize; a forged, another key’s or an ended id gets 404', async () => {
    const id = await newSession();
    expect((await send('POST', KEY, ping, id)).status).toBe(200);
    // Without an id the stateless path answers as before.
    expect((await send('POST', KEY, ping)).status).toBe(200);

    const forged = `${id.slice(0, -4)}${id.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const refused = await send('POST', KEY, ping, forged);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({
      error: { code: -32001, message: expect.stringContaining('Session') },
    });
    expect((await send('POST', OTHER, ping, id)).status).toBe(404);

    expect((await send('DELETE', KEY, undefined, id)).status).toBe(200);
    expect((await send('POST', KEY, ping, id)).status).toBe(404);
    expect((await send('GET', KEY, undefined, id)).status).toBe(404);
  });

  it('sends the updates of a subscribed resource on the session stream, its URI as the caller named it', async () => {
    const sdk = await connectSdkClient(`${harness.url}/mcp`, KEY);
    try {
      expect(sdk.transport.sessionId).toBeDefined();
      expect(sdk.client.getServerCapabilities()?.resources?.subscribe).toBe(true);
      const uri = 'everything__demo://resource/static/document/architecture.md';
      const updated = new Promise<string>((resolve) =>
        sdk.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notice) => resolve(notice.params.uri)),
      );
      await sdk.client.subscribeResource({ uri });
      // server-everything sends an update for each subscribed resource, at once and every 5 s, once toggled on.
      await sdk.client.callTool({ name: 'everything__toggle-subscriber-updates', arguments: {} });
      expect(await updated).toBe(uri);
      await sdk.client.callTool({ name: 'everything__toggle-subscriber-updates', arguments: {} });
      await sdk.client.unsubscribeResource({ uri });
      await sdk.transport.terminateSession();
    } finally {
      await sdk.close();
    }
  }, 30_000);

  it('refuses a stream past maxStreamsPerKey with 429, and a subscription on the stateless path', async () => {
    const id = await newSession();
    const first = await send('GET', KEY, undefined, id);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('text/event-stream');
    const second = await send('GET', KEY, undefined, id);
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({ error: { message: expect.stringContaining('maxStreamsPerKey') } });
    await first.body?.cancel();

    const subscribe = { jsonrpc: '2.0', id: 3, method: 'resources/subscribe', params: { uri: 'everything__x://y' } };
    const stateless = await send('POST', KEY, subscribe);
    const answer = (await stateless.text()).match(/\{.*\}/)?.[0] ?? '';
    expect(JSON.parse(answer)).toMatchObject({ error: { message: expect.stringContaining('need a session') } });
  });

  it('ends the open streams when the gateway shuts down, instead of waiting out the grace', async () => {
    const own = await startHarness((_request, response) => void response.end(), {
      keys: [{ name: 'sessions', secret: KEY, mcp: { servers: ['*'] } }],
      sections: { mcp: { servers: [{ name: 'everything', command: process.execPath, args: [EVERYTHING_BIN] }] } },
    });
    const opened = await fetch(`${own.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(initialize),
    });
    await opened.body?.cancel();
    const stream = await fetch(`${own.url}/mcp`, {
      headers: { authorization: `Bearer ${KEY}`, 'mcp-session-id': opened.headers.get('mcp-session-id') ?? '' },
    });
    expect(stream.status).toBe(200);
    // A grace far above the test's timeout: the shutdown finishes only if it ends the stream itself.
    await own.gateway.shutdown(600_000);
    expect(await stream.text()).toBe('');
    await own.upstream.close();
  }, 20_000);
});
