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
  narrow: {
    secret: 'mcp-matrix-narrow-0001',
    mcp: {
      servers: ['*'],
      tools: ['echo'],
      prompts: ['simple-*', 'greet'],
      resources: ['demo://resource/static/document/s*', 'demo://resource/dynamic/text/*'],
    },
  },
} as const;
type Kind = 'tools' | 'prompts' | 'resources';
type KeyName = keyof typeof KEYS;
const SERVERS = ['everything', 'calc'] as const;

let harness: Harness;
let calc: LoopbackMcpServer;
/** Every tool of each server, as the key with every grant sees them on `/mcp/{server}`. */
const allTools: Record<string, string[]> = {};
/** Every prompt name, resource URI and resource template of each server, read the same way. */
const allPrompts: Record<string, string[]> = {};
const allResources: Record<string, string[]> = {};
const allTemplates: Record<string, string[]> = {};

interface RpcAnswer {
  status: number;
  body: { result?: Record<string, unknown>; error?: { code: number; message: string } };
}

async function rpc(
  path: string,
  key: KeyName,
  method: string,
  params: Record<string, unknown> = {},
  sessionId?: string,
): Promise<RpcAnswer> {
  const answer = await rpcAnswer(path, key, method, params, sessionId);
  return { status: answer.status, body: (await answer.json()) as RpcAnswer['body'] };
}

function rpcAnswer(
  path: string,
  key: KeyName,
  method: string,
  params: Record<string, unknown>,
  sessionId?: string,
): Promise<Response> {
  return fetch(`${harness.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${KEYS[key].secret}`,
      'content-type': 'application/json',
      ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
}

/** A session's id on `path` for the key (subscriptions need one). */
async function sessionOn(path: string, key: KeyName): Promise<string> {
  const clientInfo = { name: 'matrix', version: '1' };
  const params = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo };
  const answer = await rpcAnswer(path, key, 'initialize', params);
  await answer.body?.cancel();
  return answer.headers.get('mcp-session-id') ?? '';
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
  for (const server of SERVERS) {
    allTools[server] = names(await rpc(`/mcp/${server}`, 'all', 'tools/list'), 'tools');
    allPrompts[server] = await listAll(`/mcp/${server}`, 'all', 'prompts', 'name');
    allResources[server] = await listAll(`/mcp/${server}`, 'all', 'resources', 'uri');
    allTemplates[server] = await listAll(`/mcp/${server}`, 'all', 'resourceTemplates', 'uriTemplate');
  }
}, 60_000);

/** One field of every item of a list, page after page. */
async function listAll(path: string, key: KeyName, list: string, field: string): Promise<string[]> {
  const method = list === 'resourceTemplates' ? 'resources/templates/list' : `${list}/list`;
  const found: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page += 1) {
    const answer = await rpc(path, key, method, cursor === undefined ? {} : { cursor });
    const items = (answer.body.result?.[list] as Array<Record<string, string>> | undefined) ?? [];
    found.push(...items.map((item) => item[field] ?? ''));
    cursor = answer.body.result?.nextCursor as string | undefined;
    if (cursor === undefined) break;
  }
  return found;
}
afterAll(async () => {
  await harness.close();
  await calc.close();
});

/** Whether the key may use the server (kind `servers`) and, for another kind, the server's name or URI. */
const grants = (key: KeyName, server: string, name: string, kind: Kind | 'servers' = 'tools'): boolean => {
  const grant = (KEYS[key] as { mcp?: { servers: readonly string[] } & Partial<Record<Kind, readonly string[]>> }).mcp;
  if (!grant || !(grant.servers.includes('*') || grant.servers.includes(server))) return false;
  if (kind === 'servers') return true;
  const globs = grant[kind] ?? ['*'];
  const escaped = (glob: string) => glob.replace(/[.+^${}()|[\]\\?]/g, '\\$&').replace(/\*/g, '.*');
  return globs.some((glob) => new RegExp(`^${escaped(glob)}$`).test(name));
};

/** A URI of a template, its variables filled in. */
const filled = (template: string): string => template.replace(/\{[^}]*\}/g, '1');

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
      if (!grants(key, server, '', 'servers')) {
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

  it.each(['/mcp', ...SERVERS.map((server) => `/mcp/${server}`)])(
    'on %s: lists only the prompts, resources and templates it may use; every other is refused like an unknown one',
    async (path) => {
      const aggregate = path === '/mcp';
      const servers = aggregate ? SERVERS : SERVERS.filter((server) => path === `/mcp/${server}`);
      if (!aggregate && !grants(key, servers[0] ?? '', '', 'servers')) return;
      const shown = (server: string, name: string) => (aggregate ? `${server}__${name}` : name);
      const split = (all: Record<string, string[]>, kind: Kind) => {
        const pairs = servers.flatMap((server) => (all[server] ?? []).map((name) => ({ server, name })));
        const visible = pairs.filter((pair) => grants(key, pair.server, pair.name, kind));
        const hidden = pairs.filter((pair) => !grants(key, pair.server, pair.name, kind));
        return { visible: visible.map((pair) => shown(pair.server, pair.name)).sort(), hidden };
      };
      const prompts = split(allPrompts, 'prompts');
      const resources = split(allResources, 'resources');
      const templates = split(allTemplates, 'resources');
      expect((allPrompts.everything ?? []).length).toBeGreaterThan(1);
      expect((await listAll(path, key, 'prompts', 'name')).sort()).toEqual(prompts.visible);
      expect((await listAll(path, key, 'resources', 'uri')).sort()).toEqual(resources.visible);
      expect((await listAll(path, key, 'resourceTemplates', 'uriTemplate')).sort()).toEqual(templates.visible);
      if (key === 'narrow' && aggregate)
        for (const kind of [prompts, resources, templates]) {
          expect(kind.hidden.length).toBeGreaterThan(0);
          expect(kind.visible.length).toBeGreaterThan(0);
        }

      const unknownPromptName = aggregate ? 'nosuch__prompt' : 'no-such-prompt';
      const unknownUri = aggregate ? 'nosuch__demo://nothing' : 'demo://nothing/here';
      const refused = async (method: string, name: string, params: Record<string, unknown>) =>
        withoutName(await rpc(path, key, method, params), name);
      const complete = (ref: Record<string, string>) => ({ ref, argument: { name: 'a', value: '' } });
      const unknown = {
        get: await refused('prompts/get', unknownPromptName, { name: unknownPromptName }),
        completePrompt: await refused(
          'completion/complete',
          unknownPromptName,
          complete({ type: 'ref/prompt', name: unknownPromptName }),
        ),
        read: await refused('resources/read', unknownUri, { uri: unknownUri }),
        completeTemplate: await refused(
          'completion/complete',
          unknownUri,
          complete({ type: 'ref/resource', uri: unknownUri }),
        ),
      };
      expect(unknown.get.error?.code).toBe(-32602);
      for (const { server, name } of prompts.hidden) {
        const joined = shown(server, name);
        expect(await refused('prompts/get', joined, { name: joined })).toEqual(unknown.get);
        const ref = { type: 'ref/prompt', name: joined };
        expect(await refused('completion/complete', joined, complete(ref))).toEqual(unknown.completePrompt);
      }
      for (const { server, name } of resources.hidden) {
        const joined = shown(server, name);
        expect(await refused('resources/read', joined, { uri: joined })).toEqual(unknown.read);
      }
      // A subscription to a hidden URI is answered as one to a URI the server lacks (it takes any).
      const hiddenOnEverything = resources.hidden.filter((pair) => pair.server === 'everything');
      if (hiddenOnEverything.length > 0 && grants(key, 'everything', '', 'servers')) {
        const session = await sessionOn(path, key);
        const subscribe = async (uri: string) =>
          withoutName(await rpc(path, key, 'resources/subscribe', { uri }, session), uri);
        const unknownSubscription = await subscribe(shown('everything', 'demo://nothing/here'));
        expect(unknownSubscription.result).toEqual({});
        for (const { name } of hiddenOnEverything)
          expect(await subscribe(shown('everything', name))).toEqual(unknownSubscription);
      }
      for (const { server, name } of templates.hidden) {
        const joined = shown(server, name);
        const uri = shown(server, filled(name));
        expect(await refused('resources/read', uri, { uri })).toEqual(unknown.read);
        const ref = { type: 'ref/resource', uri: joined };
        expect(await refused('completion/complete', joined, complete(ref))).toEqual(unknown.completeTemplate);
      }
    },
    60_000,
  );
});
