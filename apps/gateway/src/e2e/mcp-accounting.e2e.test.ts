import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorOf } from '../admin/operator-state.js';
import { ledgerRows } from '../ledger/ledger-queries.js';
import { TEST_DATABASES } from '../ledger/test-databases.test-support.js';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { connectClient, startLoopbackMcpServer, type LoopbackMcpServer } from './mcp-upstreams.test-support.js';

/**
 * Runtime keys get MCP grants through the admin API, and each tool call is accounted: one ledger
 * row (server, tool, duration, error, bytes) per call, counted against the key's RPM.
 */
const ADMIN = 'admin-secret-for-mcp-tests-01';
const CONFIG_KEY = 'mcp-accounting-key-01';

let harness: Harness;
let calc: LoopbackMcpServer;

beforeAll(async () => {
  calc = await startLoopbackMcpServer();
  harness = await startHarness((_request, response) => void response.end(), {
    keys: [{ name: 'config-key', secret: CONFIG_KEY, rpm: 8, mcp: { servers: ['calc'] } }],
    sections: {
      admin: { secret: ADMIN },
      database: await TEST_DATABASES[0]!.fresh(),
      mcp: { servers: [{ name: 'calc', url: calc.url }], limits: { maxToolResultBytes: 1_000 } },
    },
  });
}, 60_000);
afterAll(async () => {
  await harness.close();
  await calc.close();
});

async function admin(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await fetch(`${harness.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(answer.status).toBeLessThan(300);
  return (await answer.json()) as Record<string, unknown>;
}

async function toolNames(secret: string): Promise<string[]> {
  return (await visibleNames(secret)).tools;
}

/** The tool and prompt names and resource URIs a key sees on `/mcp`. */
async function visibleNames(secret: string): Promise<{ tools: string[]; prompts: string[]; resources: string[] }> {
  const client = await connectClient(`${harness.url}/mcp`, secret);
  try {
    return {
      tools: (await client.listTools()).tools.map((tool) => tool.name),
      prompts: (await client.listPrompts()).prompts.map((prompt) => prompt.name),
      resources: (await client.listResources()).resources.map((resource) => resource.uri),
    };
  } finally {
    await client.close();
  }
}

describe('runtime keys', () => {
  it('get an MCP grant on creation and lose it on update', async () => {
    const created = await admin('POST', '/admin/keys', {
      name: 'mcp-runtime',
      mcp: { servers: ['calc'], tools: ['add'], prompts: ['nothing-*'] },
    });
    expect(created.mcp).toEqual({ servers: ['calc'], tools: ['add'], prompts: ['nothing-*'], resources: ['*'] });
    const secret = created.secret as string;
    expect(await visibleNames(secret)).toEqual({ tools: ['calc__add'], prompts: [], resources: ['calc__calc://motd'] });
    await admin('PATCH', `/admin/keys/${String(created.id)}`, {
      mcp: { servers: ['*'], tools: ['big', 'add'], resources: ['none://*'] },
    });
    expect(await visibleNames(secret)).toEqual({
      tools: ['calc__add', 'calc__big'],
      prompts: ['calc__greet'],
      resources: [],
    });
    await admin('PATCH', `/admin/keys/${String(created.id)}`, { mcp: null });
    expect(await toolNames(secret)).toEqual([]);
  });
});

describe('tool calls', () => {
  it('write one ledger row each (server, tool, error, bytes) and count against the RPM', async () => {
    const client = await connectClient(`${harness.url}/mcp/calc`, CONFIG_KEY);
    await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } });
    const big = await client.callTool({ name: 'big', arguments: { bytes: 5_000 } });
    expect(big.isError).toBe(true);
    expect(JSON.stringify(big.content)).toContain('mcp.limits.maxToolResultBytes');
    // Every MCP request counts (initialize and lists too): within 8 requests the next call is refused.
    let calls = 2;
    const refusal = await (async () => {
      for (let i = 0; i < 8; i += 1) {
        try {
          await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } });
          calls += 1;
        } catch (error) {
          return String(error);
        }
      }
      return 'never refused';
    })();
    expect(refusal).toContain('rate_limit_exceeded');
    await client.close().catch(() => undefined);
    const operator = operatorOf(harness.gateway.gateway.ops.runtime);
    await operator?.ledger.flush();
    const rows = await ledgerRows(
      operator!.db,
      { from: 0, to: Date.now() + 1, keyId: undefined, key: 'config-key' },
      50,
    );
    const toolRows = rows.filter((row) => row.path === 'tools/call').reverse();
    expect(toolRows).toHaveLength(calls);
    const [addRow, bigRow] = toolRows;
    expect(addRow).toMatchObject({ endpoint: 'mcp', provider: 'calc', model: 'add', status: 200, error_kind: null });
    expect(Number(addRow?.request_bytes)).toBe(Buffer.byteLength('{"a":1,"b":2}'));
    expect(Number(addRow?.result_bytes)).toBeGreaterThan(0);
    expect(bigRow).toMatchObject({ model: 'big', error_kind: 'result-too-large' });
    expect(Number(bigRow?.result_bytes)).toBeGreaterThan(5_000);
    const requestIds = toolRows.map((row) => row.request_id);
    expect(rows.filter((row) => requestIds.includes(row.request_id))).toHaveLength(calls);
  });
});
