import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { EVERYTHING_BIN } from './mcp-upstreams.test-support.js';

/**
 * Two gateway instances, no stickiness: a client whose requests alternate between them (as a
 * load balancer without affinity would send them) keeps working, and goes on when one instance
 * is gone.
 */
const KEY = 'mcp-fleet-key-0001';
const instances: Harness[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i += 1)
    instances.push(
      await startHarness((_request, response) => void response.end(), {
        keys: [{ name: 'fleet', secret: KEY, mcp: { servers: ['*'] } }],
        sections: { mcp: { servers: [{ name: 'everything', command: process.execPath, args: [EVERYTHING_BIN] }] } },
      }),
    );
}, 60_000);
afterAll(() => Promise.all(instances.map((instance) => instance.close())));

describe('an MCP client across instances', () => {
  it('initializes on one, lists and calls on the other, and goes on when one is gone', async () => {
    const alive = [0, 1];
    const served: number[] = [];
    let turn = 0;
    const balanced: typeof fetch = (input, init) => {
      const index = alive[turn++ % alive.length] as number;
      served.push(index);
      const url = new URL(String(input instanceof Request ? input.url : input));
      return fetch(`${instances[index]!.url}${url.pathname}`, init);
    };
    const client = new Client({ name: 'fleet-client', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${instances[0]!.url}/mcp`), {
        fetch: balanced,
        requestInit: { headers: { authorization: `Bearer ${KEY}` } },
      }),
    );
    for (let i = 0; i < 4; i += 1) {
      const result = await client.callTool({ name: 'everything__echo', arguments: { message: `round ${i}` } });
      expect(JSON.stringify(result.content)).toContain(`round ${i}`);
    }
    expect(new Set(served)).toEqual(new Set([0, 1]));
    await instances[0]!.gateway.close();
    alive.splice(0, 1);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('everything__echo');
    await client.close();
  }, 60_000);
});
