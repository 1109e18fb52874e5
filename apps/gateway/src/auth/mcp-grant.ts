import type { McpGrantConfig } from '../config/mcp-schema.js';
import { globToRegExp } from '../config/model-glob.js';

/** A key's MCP grant, ready to check: its servers (`all` for `*`) and its tool globs. */
export interface McpGrant {
  servers: ReadonlySet<string> | 'all';
  tools: readonly RegExp[];
}

export function compileMcpGrant(grant: Partial<McpGrantConfig>): McpGrant {
  const servers = grant.servers ?? [];
  return {
    servers: servers.includes('*') ? 'all' : new Set(servers),
    tools: (grant.tools ?? ['*']).map(globToRegExp),
  };
}

/** Whether a key with this grant may use the server at all. */
export function grantAllowsServer(grant: McpGrant | undefined, server: string): boolean {
  if (!grant) return false;
  return grant.servers === 'all' || grant.servers.has(server);
}

/** Whether a key with this grant may see and call the tool (its name on its server). */
export function grantAllowsTool(grant: McpGrant | undefined, server: string, tool: string): boolean {
  if (!grant || !grantAllowsServer(grant, server)) return false;
  return grant.tools.some((pattern) => pattern.test(tool));
}
