import type { IrRequest } from '@interlingua/ir';
import type { SignableRequest } from '../../transport/upstream-transport.js';

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
 * The headers an Anthropic request needs for what its IR holds: the MCP connector only takes
 * `mcp_servers` under its beta, so a request whose IR holds MCP servers (one another style asked
 * for, or an Anthropic caller's own) gets `mcp-client-2025-04-04` beside the betas it carries.
 * The encoder writes `mcp_servers` whenever the IR has the list, even empty: so does this.
 * Known from the IR: the encoded body is never searched.
 */
export function anthropicIrHeaders(
  ir: Pick<IrRequest, 'mcpServers'>,
  headers: Readonly<Record<string, string>>,
): Record<string, string> {
  return ir.mcpServers !== undefined ? withMcpBeta(headers) : {};
}

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
 * The same header read from the final body, for callers that do not yet hand the adapter the IR
 * (`hooks.irHeaders`): it searches every body for `"mcp_servers"`. Goes once the gateway's
 * translated path and token counts call `irHeaders`.
 */
export async function anthropicMcpBetaHeader(request: SignableRequest): Promise<Record<string, string>> {
  return holdsMcpServers(request.body) ? withMcpBeta(request.headers) : {};
}
