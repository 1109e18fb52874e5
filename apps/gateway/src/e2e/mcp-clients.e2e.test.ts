import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_KEY, startHarness, type Harness } from './gateway-harness.test-support.js';
import { EVERYTHING_MAIN, runInspector } from './mcp-judges.test-support.js';
import { connectSdkClient, firstText } from './mcp-sdk-client.test-support.js';

/**
 * Real MCP clients list and call tools through the gateway: the official TypeScript SDK's client
 * and the MCP Inspector CLI, on the aggregated `/mcp` (names prefixed `everything__`) and on
 * `/mcp/everything`, with server-everything spawned over stdio as the upstream. A key granted only
 * `echo` sees nothing else through either client. Prints the client table.
 */
const NARROW_KEY = 'mcp-clients-narrow-key';

interface ClientRow {
  client: string;
  endpoint: string;
  tools: number;
  call: string;
}

describe('MCP clients through the gateway', () => {
  let harness: Harness;
  const rows: ClientRow[] = [];

  beforeAll(async () => {
    harness = await startHarness(() => undefined, {
      keys: [
        { name: 'mcp-all', secret: GATEWAY_KEY, mcp: { servers: ['everything'] } },
        { name: 'mcp-echo-only', secret: NARROW_KEY, mcp: { servers: ['everything'], tools: ['echo'] } },
      ],
      sections: { mcp: { servers: [{ name: 'everything', command: process.execPath, args: [EVERYTHING_MAIN] }] } },
    });
  });

  afterAll(async () => {
    await harness?.close();
    if (rows.length > 0) {
      const table = [
        '| client | endpoint | tools listed | echo called |',
        '| --- | --- | --- | --- |',
        ...rows.map((row) => `| ${row.client} | ${row.endpoint} | ${row.tools} | ${row.call} |`),
      ].join('\n');
      console.log(`MCP clients through the gateway:\n${table}`);
    }
  });

  const endpoints = [
    { endpoint: '/mcp', echo: 'everything__echo' },
    { endpoint: '/mcp/everything', echo: 'echo' },
  ];

  it.each(endpoints)('the SDK client lists and calls tools on $endpoint', async ({ endpoint, echo }) => {
    const sdk = await connectSdkClient(`${harness.url}${endpoint}`, GATEWAY_KEY);
    try {
      const { tools } = await sdk.client.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names).toContain(echo);
      if (endpoint === '/mcp') expect(names.every((name) => name.startsWith('everything__'))).toBe(true);
      const result = await sdk.client.callTool({ name: echo, arguments: { message: 'through the gateway' } });
      expect(firstText(result)).toBe('Echo: through the gateway');
      rows.push({ client: 'TypeScript SDK', endpoint, tools: tools.length, call: 'yes' });
    } finally {
      await sdk.close();
    }
  });

  it.each(endpoints)(
    'the MCP Inspector CLI lists and calls tools on $endpoint',
    async ({ endpoint, echo }) => {
      const url = `${harness.url}${endpoint}`;
      const auth = { Authorization: `Bearer ${GATEWAY_KEY}` };
      const listed = await runInspector(url, auth, ['--method', 'tools/list']);
      expect(listed.code, listed.stderr).toBe(0);
      const { tools } = JSON.parse(listed.stdout) as { tools: Array<{ name: string }> };
      expect(tools.map((tool) => tool.name)).toContain(echo);
      const called = await runInspector(url, auth, [
        '--method',
        'tools/call',
        '--tool-name',
        echo,
        '--tool-arg',
        'message=from the inspector',
      ]);
      expect(called.code, called.stderr).toBe(0);
      expect(firstText(JSON.parse(called.stdout))).toBe('Echo: from the inspector');
      rows.push({ client: 'MCP Inspector CLI 1.0.3', endpoint, tools: tools.length, call: 'yes' });
    },
    40_000,
  );

  it('shows a key granted only echo nothing else, through either client', async () => {
    const sdk = await connectSdkClient(`${harness.url}/mcp`, NARROW_KEY);
    try {
      const { tools } = await sdk.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['everything__echo']);
      const hidden = await sdk.client.callTool({ name: 'everything__get-sum', arguments: { a: 1, b: 2 } }).then(
        (result) => ({ result }),
        (error: unknown) => ({ error: String(error) }),
      );
      const unknown = await sdk.client.callTool({ name: 'everything__no-such-tool', arguments: {} }).then(
        (result) => ({ result }),
        (error: unknown) => ({ error: String(error) }),
      );
      // A hidden tool is refused exactly like a name that does not exist (only the name differs).
      expect(JSON.stringify(hidden).replaceAll('get-sum', 'NAME')).toBe(
        JSON.stringify(unknown).replaceAll('no-such-tool', 'NAME'),
      );
    } finally {
      await sdk.close();
    }
    const listed = await runInspector(`${harness.url}/mcp/everything`, { Authorization: `Bearer ${NARROW_KEY}` }, [
      '--method',
      'tools/list',
    ]);
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name)).toEqual([
      'echo',
    ]);
  }, 40_000);
});
