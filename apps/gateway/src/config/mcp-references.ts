import type { GatewayConfig } from './config-schema.js';

/** MCP servers with one name each, and key grants naming configured servers only. */
export function mcpReferenceProblems(config: Pick<GatewayConfig, 'mcp' | 'keys'>): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  config.mcp.servers.forEach((server, i) => {
    if (names.has(server.name)) problems.push(`mcp.servers[${i}].name: duplicate MCP server name "${server.name}"`);
    names.add(server.name);
  });
  config.keys.forEach((key, i) => {
    key.mcp?.servers.forEach((name, j) => {
      if (name !== '*' && !names.has(name))
        problems.push(`keys[${i}].mcp.servers[${j}]: no MCP server named "${name}" in mcp.servers`);
    });
  });
  return problems;
}
