import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { connectClient, EVERYTHING_BIN } from './mcp-upstreams.test-support.js';

/** The MCP bounds answer in JSON-RPC: a message too large (413), a key with too many requests open (429). */
const KEY = 'mcp-bounds-key-0001';
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness((_request, response) => response.end(), {
    keys: [{ name: 'bounded', secret: KEY, mcp: { servers: ['*'] } }],
    sections: {
      mcp: {
        servers: [{ name: 'everything', command: process.execPath, args: [EVERYTHING_BIN] }],
        limits: { maxMessageBytes: 2_000, maxConcurrentPerKey: 1 },
      },
    },
  });
}, 60_000);
afterAll(() => harness.close());

const post = (body: string) =>
  fetch(`${harness.url}/mcp/everything`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body,
  });

describe('MCP bounds', () => {
  it('refuses a message above maxMessageBytes with 413 and a JSON-RPC error naming the bound', async () => {
    const message = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'x'.repeat(3_000) } },
    };
    const answer = await post(JSON.stringify(message));
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { message: expect.stringContaining('2000 bytes (mcp.limits.maxMessageBytes)') },
    });
  });

  it('refuses a request past maxConcurrentPerKey with 429 while another is open, then serves again', async () => {
    const client = await connectClient(`${harness.url}/mcp/everything`, KEY);
    const long = client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 3, steps: 3 } });
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });
    let refused: Response | undefined;
    for (let i = 0; i < 200 && !refused; i += 1) {
      const answer = await post(ping);
      if (answer.status === 429) refused = answer;
      else await answer.body?.cancel();
    }
    expect(refused?.status).toBe(429);
    expect(await refused?.json()).toMatchObject({ error: { message: expect.stringContaining('maxConcurrentPerKey') } });
    await long;
    expect((await post(ping)).status).toBe(200);
    await client.close();
  }, 60_000);
});
