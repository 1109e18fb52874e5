import type { RequestHolds } from '../../provider-adapter.js';

/** The MCP connector beta a request with `mcp_servers` gets when the caller named no MCP beta itself. */
export const ANTHROPIC_MCP_BETA = 'mcp-client-2025-04-04';

/**
 * The `anthropic-beta` header that adds the MCP connector beta to the betas `headers` carry (the
 * caller's, or one a provider's config set), unless one of those already is an MCP connector beta
 * (`mcp-client-…`): then nothing.
 */
function withMcpBeta(headers: Readonly<Record<string, string>>): Record<string, string> {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === 'anthropic-beta') ?? 'anthropic-beta';
  const betas = (headers[name] ?? '')
    .split(',')
    .map((beta) => beta.trim())
    .filter((beta) => beta !== '');
  if (betas.some((beta) => beta.startsWith('mcp-client-'))) return {};
  return { [name]: [...betas, ANTHROPIC_MCP_BETA].join(',') };
}

/**
 * The headers an Anthropic request needs for what it holds: the MCP connector only takes
 * `mcp_servers` under its beta, so a request holding an MCP server list (one another style asked
 * for, or an Anthropic caller's own, even empty) gets `mcp-client-2025-04-04` beside the betas it
 * carries. The caller knows what the request holds: the body is never searched.
 */
export function anthropicRequestHeaders(
  holds: RequestHolds,
  headers: Readonly<Record<string, string>>,
): Record<string, string> {
  return holds.mcpServers ? withMcpBeta(headers) : {};
}
