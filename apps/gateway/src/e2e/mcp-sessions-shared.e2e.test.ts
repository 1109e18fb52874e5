import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../store/memory-store.js';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { sendMcp } from './mcp-raw-request.test-support.js';
import { EVERYTHING_BIN } from './mcp-upstreams.test-support.js';

/**
 * Two gateway instances sharing a keyring and a state store (as a fleet shares Redis): a session
 * issued by one is served by the other, a subscription taken by one is held by the other when it
 * has the session's stream, and a session ended on one is ended on both (its stream there closes).
 */
const KEY = 'mcp-shared-key-0001';
const instances: Harness[] = [];

beforeAll(async () => {
  const store = new MemoryStore();
  for (let i = 0; i < 2; i += 1)
    instances.push(
      await startHarness((_request, response) => void response.end(), {
        keys: [{ name: 'shared', secret: KEY, mcp: { servers: ['*'] } }],
        store,
        sections: {
          responses: { compaction: { secret: 'mcp-shared-keyring-secret-0001' } },
          mcp: { servers: [{ name: 'everything', command: process.execPath, args: [EVERYTHING_BIN] }] },
        },
      }),
    );
}, 60_000);
afterAll(() => Promise.all(instances.map((instance) => instance.close())));

function send(instance: number, method: string, sessionId?: string, message?: unknown): Promise<Response> {
  return sendMcp(`${instances[instance]!.url}/mcp`, KEY, method, sessionId, message);
}

const rpc = (id: number, method: string, params: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method, params });

/** Reads an event stream until `wanted` shows in it; the text read, or what there was when it ended. */
async function readUntil(body: ReadableStream<Uint8Array>, wanted: string): Promise<{ text: string; ended: boolean }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text, ended: true };
    text += decoder.decode(value, { stream: true });
    if (text.includes(wanted)) {
      reader.releaseLock();
      return { text, ended: false };
    }
  }
}

describe('an MCP session over two instances sharing a keyring and a store', () => {
  it('is served by both; updates of a subscription taken on one go out on the stream of the other', async () => {
    const initialize = rpc(1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'shared-test', version: '1' },
    });
    const opened = await send(0, 'POST', undefined, initialize);
    await opened.body?.cancel();
    const id = opened.headers.get('mcp-session-id') ?? '';
    expect(id).not.toBe('');

    const stream = await send(1, 'GET', id);
    expect(stream.status).toBe(200);
    const uri = 'everything__demo://resource/static/document/architecture.md';
    const subscribed = await send(0, 'POST', id, rpc(2, 'resources/subscribe', { uri }));
    expect(await subscribed.text()).toContain('"result":{}');
    // server-everything sends updates of its subscriptions on the connection that toggled them (instance 1's).
    const toggle = rpc(3, 'tools/call', { name: 'everything__toggle-subscriber-updates', arguments: {} });
    expect((await send(1, 'POST', id, toggle)).status).toBe(200);
    const update = await readUntil(stream.body!, 'notifications/resources/updated');
    expect(update.text).toContain(JSON.stringify({ uri }).slice(1, -1));

    expect((await send(0, 'DELETE', id)).status).toBe(200);
    // Instance 1 reads the end from the store: its stream closes, and the id is refused there.
    expect((await readUntil(stream.body!, '\u0000')).ended).toBe(true);
    expect((await send(1, 'POST', id, rpc(4, 'ping', {}))).status).toBe(404);
  }, 30_000);
});
