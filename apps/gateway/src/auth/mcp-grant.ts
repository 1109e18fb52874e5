import type { McpGrantConfig } from '../config/mcp-schema.js';
import { globToRegExp } from '../config/model-glob.js';

/** What a grant's globs filter: tool names, prompt names, resource URIs (and URI templates). */
export type McpGrantKind = 'tools' | 'prompts' | 'resources';

/** A key's MCP grant, ready to check: its servers (`all` for `*`) and its globs of each kind. */
export interface McpGrant {
  servers: ReadonlySet<string> | 'all';
  tools: readonly RegExp[];
  prompts: readonly RegExp[];
  resources: readonly RegExp[];
}

export function compileMcpGrant(grant: Partial<McpGrantConfig>): McpGrant {
  const servers = grant.servers ?? [];
  return {
    servers: servers.includes('*') ? 'all' : new Set(servers),
    tools: (grant.tools ?? ['*']).map(globToRegExp),
    prompts: (grant.prompts ?? ['*']).map(globToRegExp),
    resources: (grant.resources ?? ['*']).map(globToRegExp),
  };
}

/** Whether a key with this grant may use the server at all. */
export function grantAllowsServer(grant: McpGrant | undefined, server: string): boolean {
  if (!grant) return false;
  return grant.servers === 'all' || grant.servers.has(server);
}

/** Whether a key with this grant may see and use the server's tool, prompt or resource (its own name or URI there). */
export function grantAllows(grant: McpGrant | undefined, kind: McpGrantKind, server: string, name: string): boolean {
  if (!grant || !grantAllowsServer(grant, server)) return false;
  return grant[kind].some((pattern) => pattern.test(name));
}
