import type { IrError } from '@interlingua/ir';
import { type IrMcpServer } from '@interlingua/ir';
import type { GatewayKey } from '../auth/api-keys.js';
import { grantAllowsServer } from '../auth/mcp-grant.js';
import type { McpUpstreams } from '../mcp/mcp-upstreams.js';
import type { UpstreamServer } from '../mcp/upstream-server.js';
import { gatewayError } from '../http/style-errors.js';

/** A server of the request the gateway runs: the request's entry and the upstream servers behind it. */
export interface ServedServer {
  entry: IrMcpServer;
  servers: UpstreamServer[];
  /** `/mcp`: every server the key may use, tool names prefixed with their server's. */
  aggregate: boolean;
}

/** The request's MCP servers split: those the gateway runs, and the others (passed through or dropped). */
export interface ServerSplit {
  served: ServedServer[];
  others: IrMcpServer[];
}

/**
 * Which of the request's MCP servers are the gateway's: a label naming a server of `mcp.servers`,
 * or a URL whose path is the gateway's `/mcp` or `/mcp/{server}` on the host the request came to.
 * A gateway server the key may not use is refused like one that does not exist (404).
 */
export function splitServers(
  entries: readonly IrMcpServer[],
  mcp: McpUpstreams | undefined,
  key: Pick<GatewayKey, 'mcp'>,
  host: string | undefined,
): ServerSplit {
  const split: ServerSplit = { served: [], others: [] };
  for (const entry of entries) {
    const named = mcp?.get(entry.label) ? entry.label : undefined;
    const path = named === undefined ? gatewayPath(entry.url, host) : undefined;
    if (named === undefined && path === undefined) {
      split.others.push(entry);
      continue;
    }
    const name = named ?? path?.server;
    if (name === undefined) {
      const servers = (mcp?.all() ?? []).filter((server) => grantAllowsServer(key.mcp, server.config.name));
      split.served.push({ entry, servers, aggregate: true });
      continue;
    }
    const server = mcp?.get(name);
    if (!server || !grantAllowsServer(key.mcp, name)) throw unknownServer(entry.label, name);
    split.served.push({ entry, servers: [server], aggregate: false });
  }
  return split;
}

/** Whether the request's entry lets the model be offered `tool`: allowed (or every tool is) and not blocked. */
export function requestOffers(entry: Pick<IrMcpServer, 'allowedTools' | 'blockedTools'>, tool: string): boolean {
  return (!entry.allowedTools || entry.allowedTools.includes(tool)) && !entry.blockedTools?.includes(tool);
}

/** `{}` for the gateway's `/mcp`, `{ server }` for `/mcp/{server}`; undefined for any other URL or host. */
function gatewayPath(url: string | undefined, host: string | undefined): { server?: string } | undefined {
  if (url === undefined || host === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.host.toLowerCase() !== host.toLowerCase()) return undefined;
  const match = /^\/mcp(?:\/([^/]+))?\/?$/.exec(parsed.pathname);
  if (!match) return undefined;
  return match[1] === undefined ? {} : { server: decodeURIComponent(match[1]) };
}

function unknownServer(label: string, name: string): IrError {
  return gatewayError(
    'not-found',
    `MCP server "${label}": this gateway has no MCP server named "${name}" for this key`,
    { param: 'tools', code: 'mcp_server_not_found' },
  );
}
