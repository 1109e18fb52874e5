import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import {
  connectClient,
  EVERYTHING_BIN,
  FILESYSTEM_BIN,
  startLoopbackMcpServer,
  type LoopbackMcpServer,
} from './mcp-upstreams.test-support.js';

/**
 * The MCP gateway against real servers: server-everything spawned over stdio and a loopback
 * Streamable HTTP server, reached by an SDK client through `/mcp` (both, names prefixed) and
 * `/mcp/{server}` (one).
 */
const FULL = 'mcp-full-key-0001';
const NONE = 'mcp-none-key-0001';
const folder = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-files-')));
writeFileSync(join(folder, 'note.txt'), 'a note for the agent');

let harness: Harness;
let calc: LoopbackMcpServer;
/** The server that takes the caller's own token (`passCallerToken`). */
let ownCalc: LoopbackMcpServer;
const clients: Client[] = [];

beforeAll(async () => {
  calc = await startLoopbackMcpServer();
  ownCalc = await startLoopbackMcpServer();
  harness = await startHarness((_request, response) => response.end(), {
    keys: [
      { name: 'full', secret: FULL, mcp: { servers: ['*'] } },
      { name: 'none', secret: NONE },
    ],
    sections: {
      mcp: {
        servers: [
          { name: 'everything', command: process.execPath, args: [EVERYTHING_BIN], env: { GREETING: 'hi' } },
          { name: 'calc', url: calc.url, headers: { authorization: 'Bearer upstream-token' } },
          { name: 'calc-own', url: ownCalc.url, passCallerToken: true },
          { name: 'files', command: process.execPath, args: [FILESYSTEM_BIN, folder] },
        ],
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await harness.close();
  await calc.close();
  await ownCalc.close();
});

async function client(path: string, key = FULL): Promise<Client> {
  const connected = await connectClient(`${harness.url}${path}`, key);
  clients.push(connected);
  return connected;
}

const text = (result: { content?: unknown }): string =>
  ((result.content as Array<{ type: string; text?: string }>)[0]?.text ?? '') as string;

describe('/mcp aggregates every server the key may use', () => {
  it('lists tools of both servers, prefixed, and calls each', async () => {
    const mcp = await client('/mcp');
    const names = (await mcp.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['everything__echo', 'everything__get-sum', 'calc__add']));
    expect(text(await mcp.callTool({ name: 'everything__echo', arguments: { message: 'ping' } }))).toContain('ping');
    expect(text(await mcp.callTool({ name: 'calc__add', arguments: { a: 2, b: 3 } }))).toBe('5');
  }, 60_000);

  it('lists, gets and reads prompts and resources under prefixed names', async () => {
    const mcp = await client('/mcp');
    const prompts = (await mcp.listPrompts()).prompts.map((prompt) => prompt.name);
    expect(prompts).toEqual(expect.arrayContaining(['calc__greet', 'everything__simple-prompt']));
    const greeting = await mcp.getPrompt({ name: 'calc__greet', arguments: { who: 'Ada' } });
    expect(greeting.messages[0]?.content).toMatchObject({ text: 'Hello Ada' });
    const resources = (await mcp.listResources()).resources;
    const motd = resources.find((resource) => resource.name === 'calc__motd');
    expect(motd?.uri).toBe('calc__calc://motd');
    const read = await mcp.readResource({ uri: 'calc__calc://motd' });
    expect(read.contents[0]).toMatchObject({ uri: 'calc__calc://motd', text: 'calc is up' });
    const templates = (await mcp.listResourceTemplates()).resourceTemplates;
    expect(templates.every((template) => template.uriTemplate.startsWith('everything__'))).toBe(true);
  }, 60_000);

  it('relays progress under the caller token', async () => {
    const mcp = await client('/mcp');
    const progress: number[] = [];
    const result = await mcp.callTool(
      { name: 'everything__trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } },
      undefined,
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(text(result)).toContain('completed');
    // The last notice can arrive in the same read as the result, which the SDK client settles first
    // (it hands notifications on a microtask later): the notices before it are always seen.
    expect(progress.slice(0, 2)).toEqual([1, 2]);
  }, 60_000);
});

describe('/ready', () => {
  it("reports each MCP server's state", async () => {
    await (await client('/mcp/everything')).listTools();
    const ready = (await (await fetch(`${harness.url}/ready`)).json()) as { mcp: Record<string, { state: string }> };
    expect(ready.mcp.everything).toMatchObject({ state: 'up', transport: 'stdio', restarts: 0 });
    expect(ready.mcp.calc?.transport).toBe('http');
  }, 60_000);
});

describe('/mcp/{server} serves one server under its own names', () => {
  it('lists and calls the stdio server', async () => {
    const everything = await client('/mcp/everything');
    const names = (await everything.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('echo');
    expect(names.some((name) => name.includes('__'))).toBe(false);
    const sum = await everything.callTool({ name: 'get-sum', arguments: { a: 20, b: 22 } });
    expect(text(sum)).toContain('42');
  }, 60_000);

  it('lists and calls the HTTP server with the gateway credentials, never the caller key', async () => {
    const direct = await client('/mcp/calc');
    expect((await direct.listTools()).tools.map((tool) => tool.name)).toContain('add');
    expect(text(await direct.callTool({ name: 'seen-authorization', arguments: {} }))).toBe('Bearer upstream-token');
    expect(calc.seen.some((headers) => JSON.stringify(headers).includes(FULL))).toBe(false);
  }, 60_000);

  it('passes the caller token only to a server that opts in', async () => {
    const own = await client('/mcp/calc-own');
    expect(text(await own.callTool({ name: 'seen-authorization', arguments: {} }))).toBe(`Bearer ${FULL}`);
  }, 60_000);

  it('serves server-filesystem on a temporary folder, tool names with "_" joined unambiguously on /mcp', async () => {
    const mcp = await client('/mcp');
    const names = (await mcp.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('files__read_text_file');
    const read = await mcp.callTool({ name: 'files__read_text_file', arguments: { path: join(folder, 'note.txt') } });
    expect(text(read)).toBe('a note for the agent');
  }, 60_000);

  it('spawns the stdio server without the gateway environment', async () => {
    process.env.MCP_TEST_GATEWAY_SECRET = 'not-for-children';
    const everything = await client('/mcp/everything');
    const env = text(await everything.callTool({ name: 'get-env', arguments: {} }));
    expect(env).toContain('GREETING');
    expect(env).not.toContain('MCP_TEST_GATEWAY_SECRET');
  }, 60_000);
});

describe('the HTTP details clients trip on', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
  };

  it('answers JSON to a POST without Accept (no 406) and without redirecting /mcp/', async () => {
    for (const path of ['/mcp', '/mcp/']) {
      const answer = await fetch(`${harness.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { authorization: `Bearer ${FULL}`, 'content-type': 'application/json' },
        body: JSON.stringify(initialize),
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(((await answer.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe(
        '2025-06-18',
      );
    }
  });

  it('answers bad JSON with a JSON-RPC parse error, GET with 405, and no key with 401', async () => {
    const bad = await fetch(`${harness.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FULL}`, 'content-type': 'application/json' },
      body: '{"jsonrpc":',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    const get = await fetch(`${harness.url}/mcp`, { headers: { authorization: `Bearer ${FULL}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const anonymous = await fetch(`${harness.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(initialize),
    });
    expect(anonymous.status).toBe(401);
  });

  it('answers a JSON-RPC error to a message that is not JSON-RPC', async () => {
    const answer = await fetch(`${harness.url}/mcp/calc`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FULL}`, 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
  });
});

describe('a key without an MCP grant', () => {
  it('sees no server', async () => {
    const mcp = await client('/mcp', NONE);
    expect((await mcp.listTools()).tools).toEqual([]);
    const named = await fetch(`${harness.url}/mcp/calc`, {
      method: 'POST',
      headers: { authorization: `Bearer ${NONE}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(named.status).toBe(404);
  });
});
