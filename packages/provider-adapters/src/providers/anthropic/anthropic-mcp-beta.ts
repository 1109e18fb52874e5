import type { SignableRequest } from '../../transport/upstream-transport.js';

/** The MCP connector beta a request with `mcp_servers` gets when the caller named no MCP beta itself. */
export const ANTHROPIC_MCP_BETA = 'mcp-client-2025-04-04';

/** The key as JSON writes it: inside a JSON string its quotes would be escaped. */
const KEY = '"mcp_servers"';
const KEY_WITH_ARRAY = /^"mcp_servers"\s*:\s*\[/;

/** True when the JSON body holds an `mcp_servers` array, found without parsing the body. */
function holdsMcpServers(body: string | Uint8Array | undefined): boolean {
  if (body === undefined) return false;
  const text = typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  for (let at = text.indexOf(KEY); at >= 0; at = text.indexOf(KEY, at + KEY.length)) {
    const head = typeof text === 'string' ? text.slice(at, at + 64) : text.toString('utf8', at, at + 64);
    if (KEY_WITH_ARRAY.test(head)) return true;
  }
  return false;
}

/**
 * The `anthropic-beta` header for a request to Anthropic: the MCP connector only takes
 * `mcp_servers` under its beta, so a request holding them (an MCP server another style asked
 * for, or an Anthropic caller's own) gets `mcp-client-2025-04-04` added to the betas it carries,
 * unless one of those already is an MCP connector beta (`mcp-client-…`). Nothing otherwise.
 */
export async function anthropicMcpBetaHeader(request: SignableRequest): Promise<Record<string, string>> {
  if (!holdsMcpServers(request.body)) return {};
  // The caller's header, or one a provider's config set in any case.
  const name = Object.keys(request.headers).find((key) => key.toLowerCase() === 'anthropic-beta') ?? 'anthropic-beta';
  const betas = (request.headers[name] ?? '')
    .split(',')
    .map((beta) => beta.trim())
    .filter((beta) => beta !== '');
  if (betas.some((beta) => beta.startsWith('mcp-client-'))) return {};
  return { [name]: [...betas, ANTHROPIC_MCP_BETA].join(',') };
}
