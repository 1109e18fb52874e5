import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './gateway-harness.test-support.js';
import { EVERYTHING_BIN, startLoopbackMcpServer, type LoopbackMcpServer } from './mcp-upstreams.test-support.js';

/**
 * Keys decide what exists: for every key, on `/mcp` and on each `/mcp/{server}`, a tool, prompt
 * or resource the key may not use is absent from every list and refused exactly like a name that
 * does not exist, and a server it may not use answers like a server that does not exist.
 */
const KEYS = {
  all: { secret: 'mcp-matrix-all-0001', mcp: { servers: ['*'] } },
  echoAndGets: { secret: 'mcp-matrix-echo-0001', mcp: { servers: ['everything'], tools: ['echo', 'get-*'] } },
  calcAdd: { secret: 'mcp-matrix-calc-0001', mcp: { servers: ['calc'], tools: ['add'] } },
  none: { secret: 'mcp-matrix-none-0001' },
} as const;
type KeyName = keyof typeof KEYS;
const SERVERS = ['everything', 'calc'] as const;

let harness: Harness;
let calc: LoopbackMcpServer;
/** Every tool of each server, as the key with every grant sees them on `/mcp/{server}`. */
const allTools: Record<string, string[]> = {};

interface RpcAnswer {
  status: number;
  body: { result?: Record<string, unknown>; error?: { code: number; message: string } };
}

async function rpc(
  path: string,
  key: KeyName,
  method: string,
  params: Record<string, unknown> = {},
): Promise<RpcAnswer> {
  const answer = await fetch(`${harness.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEYS[key].secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return { status: answer.status, body: (await answer.json()) as RpcAnswer['body'] };
}

const names = (answer: RpcAnswer, list: string): string[] =>
  ((answer.body.result?.[list] as Array<{ name: string }> | undefined) ?? []).map((item) => item.name);

/** An error with the name it is about taken out, so a hidden and an unknown name's errors compare. */
const withoutName = (answer: RpcAnswer, name: string): RpcAnswer['body'] & { status: number } =>
  JSON.parse(
    JSON.stringify({ status: answer.status, error: answer.body.error, result: answer.body.result }).replaceAll(
      name,
      '<name>',
    ),
  ) as RpcAnswer['body'] & { status: number };

beforeAll(async () => {
  calc = await startLoopbackMcpServer();
  harness = await startHarness((_request, response) => void response.end(), {
    keys: Object.entries(KEYS).map(([name, key]) => ({ name, ...key })),
    sections: {
      mcp: {
        servers: [
          { name: 'everything', command: process.execPath, args: [EVERYTHING_BIN] },
          { name: 'calc', url: calc.url },
        ],
      },
    },
  });
  for (const server of SERVERS) allTools[server] = names(await rpc(`/mcp/${server}`, 'all', 'tools/list'), 'tools');
}, 60_000);
afterAll(async () => {
  await harness.close();
  await calc.close();
});

const grants = (key: KeyName, server: string, tool: string): boolean => {
  const grant = (KEYS[key] as { mcp?: { servers: readonly string[]; tools?: readonly string[] } }).mcp;
  if (!grant || !(grant.servers.includes('*') || grant.servers.includes(server))) return false;
  const globs = grant.tools ?? ['*'];
  return globs.some((glob) => new RegExp(`^${glob.replace(/\*/g, '.*')}$`).test(tool));
};

describe.each(Object.keys(KEYS) as KeyName[])('key %s', (key) => {
  it('lists on /mcp exactly the tools it may use, and every other is refused like an unknown name', async () => {
    expect(allTools.everything?.length).toBeGreaterThan(5);
    const expected = SERVERS.flatMap((server) =>
      (allTools[server] ?? []).filter((tool) => grants(key, server, tool)).map((tool) => `${server}__${tool}`),
    );
    expect(names(await rpc('/mcp', key, 'tools/list'), 'tools').sort()).toEqual(expected.sort());
    const unknown = withoutName(await rpc('/mcp', key, 'tools/call', { name: 'nosuch__tool' }), 'nosuch__tool');
    expect(unknown.result).toEqual({
      content: [{ type: 'text', text: 'MCP error -32602: Tool <name> not found' }],
      isError: true,
    });
    for (const server of SERVERS)
      for (const tool of (allTools[server] ?? []).filter((name) => !grants(key, server, name))) {
        const name = `${server}__${tool}`;
        expect(withoutName(await rpc('/mcp', key, 'tools/call', { name, arguments: {} }), name)).toEqual(unknown);
      }
  }, 60_000);

  it.each(SERVERS)(
    'on /mcp/%s: lists only its tools, refuses the rest like unknown ones, or is absent',
    async (server) => {
      const listed = await rpc(`/mcp/${server}`, key, 'tools/list');
      if (!grants(key, server, '*') && !(allTools[server] ?? []).some((tool) => grants(key, server, tool))) {
        const missing = await rpc('/mcp/nosuch', key, 'tools/list');
        expect({ ...listed, body: { ...listed.body, error: { ...listed.body.error, message: '' } } }).toEqual({
          ...missing,
          body: { ...missing.body, error: { ...missing.body.error, message: '' } },
        });
        expect(listed.status).toBe(404);
        return;
      }
      const visible = (allTools[server] ?? []).filter((tool) => grants(key, server, tool));
      expect(names(listed, 'tools').sort()).toEqual([...visible].sort());
      const unknown = withoutName(
        await rpc(`/mcp/${server}`, key, 'tools/call', { name: 'no-such-tool' }),
        'no-such-tool',
      );
      for (const tool of (allTools[server] ?? []).filter((name) => !visible.includes(name)))
        expect(
          withoutName(await rpc(`/mcp/${server}`, key, 'tools/call', { name: tool, arguments: {} }), tool),
        ).toEqual(unknown);
    },
    60_000,
  );

  it('sees prompts and resources of its servers only; others are refused like unknown ones', async () => {
    const seesCalc = grants(key, 'calc', '*') || grants(key, 'calc', 'add');
    const prompts = names(await rpc('/mcp', key, 'prompts/list'), 'prompts');
    expect(prompts.includes('calc__greet')).toBe(seesCalc);
    const resources = names(await rpc('/mcp', key, 'resources/list'), 'resources');
    expect(resources.includes('calc__motd')).toBe(seesCalc);
    if (seesCalc) return;
    const unknownPrompt = withoutName(
      await rpc('/mcp', key, 'prompts/get', { name: 'nosuch__greet' }),
      'nosuch__greet',
    );
    expect(withoutName(await rpc('/mcp', key, 'prompts/get', { name: 'calc__greet' }), 'calc__greet')).toEqual(
      unknownPrompt,
    );
    const unknownUri = 'nosuch__calc://motd';
    const unknownRead = withoutName(await rpc('/mcp', key, 'resources/read', { uri: unknownUri }), unknownUri);
    expect(
      withoutName(await rpc('/mcp', key, 'resources/read', { uri: 'calc__calc://motd' }), 'calc__calc://motd'),
    ).toEqual(unknownRead);
  }, 60_000);
});
