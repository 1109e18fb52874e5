import type { IrMcpServer, IrWarning } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import type { AnthropicMcpServer } from './anthropic-messages-request-schema.js';

type Tool = Record<string, unknown>;

/** True for an `mcp_toolset` tool (beta `mcp-client-2025-11-20`): the tool settings of one MCP server. */
export function isMcpToolset(tool: Tool): boolean {
  return tool.type === 'mcp_toolset';
}

const enabledOf = (config: unknown): unknown => asRecord(config)?.enabled;

/**
 * The tools a server may offer: none when its `tool_configuration` is disabled, else its
 * `allowed_tools`; with an `mcp_toolset` whose `default_config` disables every tool, only those
 * its `configs` enable. Undefined = every tool. Tools a toolset disables one by one while the
 * others stay on are the server's `blockedTools` (see `blockedToolsOf`).
 */
function allowedToolsOf(server: AnthropicMcpServer, toolset: Tool | undefined): string[] | undefined {
  const configuration = server.tool_configuration;
  let allowed = configuration?.enabled === false ? [] : (configuration?.allowed_tools ?? undefined);
  if (toolset && enabledOf(toolset.default_config) === false) {
    const configs = asRecord(toolset.configs) ?? {};
    const enabled = Object.keys(configs).filter((name) => enabledOf(configs[name]) === true);
    allowed = allowed ? allowed.filter((name) => enabled.includes(name)) : enabled;
  }
  return allowed && [...allowed];
}

/** The tools an `mcp_toolset` that keeps its tools on (`default_config`) disables by name in its `configs`. */
function blockedToolsOf(toolset: Tool | undefined): string[] {
  if (!toolset || enabledOf(toolset.default_config) === false) return [];
  const configs = asRecord(toolset.configs) ?? {};
  return Object.keys(configs).filter((name) => enabledOf(configs[name]) === false);
}

/**
 * `mcp_servers` (and the `mcp_toolset` tools naming them) -> the IR's MCP servers. Anthropic's
 * connector asks for no approvals, so every server is `requireApproval: 'never'`; the entry as
 * sent is kept as `raw` for an Anthropic upstream.
 */
export function anthropicMcpServersToIr(servers: AnthropicMcpServer[], tools: Tool[]): IrMcpServer[] {
  return servers.map((server) => {
    const ir: IrMcpServer = {
      label: server.name,
      url: server.url,
      requireApproval: 'never',
      raw: { origin: 'anthropic', value: server },
    };
    if (server.authorization_token) ir.authorization = server.authorization_token;
    const toolset = tools.find((tool) => isMcpToolset(tool) && tool.mcp_server_name === server.name);
    const allowed = allowedToolsOf(server, toolset);
    if (allowed) ir.allowedTools = allowed;
    const blocked = blockedToolsOf(toolset);
    if (blocked.length > 0) ir.blockedTools = blocked;
    return ir;
  });
}

/** One IR server -> an `mcp_servers` entry of the `mcp-client-2025-04-04` form, or undefined without a URL. */
function builtServer(server: IrMcpServer, field: string, warnings: IrWarning[]): Record<string, unknown> | undefined {
  const lost = (kind: IrWarning['kind'], at: string, what: string): undefined => {
    warnings.push({ kind, field: field + at, message: `Anthropic's MCP connector ${what}` });
    return undefined;
  };
  if (!server.url) return lost('dropped', '', `reaches servers by URL; "${server.label}" has none`);
  const wire: Record<string, unknown> = { type: 'url', url: server.url, name: server.label };
  let token = server.authorization;
  for (const [name, value] of Object.entries(server.headers ?? {})) {
    const bearer = /^authorization$/i.test(name) && /^Bearer\s+(.+)$/i.exec(value)?.[1];
    if (bearer) token ??= bearer;
    else lost('dropped', '.headers', `sends no header ${name}`);
  }
  if (token) wire.authorization_token = token;
  const blocked = new Set(server.blockedTools);
  if (server.allowedTools)
    wire.tool_configuration = {
      enabled: true,
      allowed_tools: server.allowedTools.filter((name) => !blocked.has(name)),
    };
  else if (blocked.size > 0)
    lost('dropped', '.blockedTools', `names only the tools it allows: ${[...blocked].join(', ')} stay offered`);
  if (server.requireApproval !== 'never')
    lost('approximated', '.requireApproval', `has no approvals: calls to "${server.label}" run without one`);
  return wire;
}

/**
 * The IR's MCP servers -> `mcp_servers`: an Anthropic caller's entry as it sent it, others built
 * (URL, name, bearer token, allowed tools minus blocked ones), with a warning for what the connector cannot carry.
 */
export function irMcpServersToAnthropic(servers: IrMcpServer[], warnings: IrWarning[]): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  servers.forEach((server, index) => {
    const wire =
      server.raw?.origin === 'anthropic' ? server.raw.value : builtServer(server, `mcpServers[${index}]`, warnings);
    if (wire) out.push(wire);
  });
  return out;
}
