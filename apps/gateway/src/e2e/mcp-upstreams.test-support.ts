import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** The installed `@modelcontextprotocol/server-everything` entry, spawned with `node` (never fetched). */
export const EVERYTHING_BIN = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);

/** The installed `@modelcontextprotocol/server-filesystem` entry. */
export const FILESYSTEM_BIN = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js', import.meta.url),
);

/**
 * A loopback Streamable HTTP MCP server (stateless), each request served by a server from `build`: by
 * default tools `add`, `seen-authorization` and `big`, a prompt and a resource.
 */
export interface LoopbackMcpServer {
  url: string;
  /** The request headers of every request it received. */
  seen: IncomingHttpHeaders[];
  close(): Promise<void>;
}

export async function startLoopbackMcpServer(
  build: (headers: IncomingHttpHeaders) => McpServer = buildServer,
): Promise<LoopbackMcpServer> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    const mcp = build(request.headers);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => void mcp.close());
    void mcp.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function buildServer(headers: IncomingHttpHeaders): McpServer {
  const server = new McpServer({ name: 'calc', version: '1.0.0' });
  server.registerTool('add', { inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }));
  server.registerTool('seen-authorization', {}, () => ({
    content: [{ type: 'text', text: headers.authorization ?? '(none)' }],
  }));
  server.registerTool('big', { inputSchema: { bytes: z.number() } }, ({ bytes }) => ({
    content: [{ type: 'text', text: 'x'.repeat(bytes) }],
  }));
  server.registerPrompt('greet', { argsSchema: { who: z.string() } }, ({ who }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Hello ${who}` } }],
  }));
  server.registerResource('motd', 'calc://motd', {}, (uri) => ({
    contents: [{ uri: uri.href, text: 'calc is up' }],
  }));
  return server;
}

/** An SDK client connected over Streamable HTTP to `url` with a gateway key. */
export async function connectClient(url: string, key: string): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  return client;
}
