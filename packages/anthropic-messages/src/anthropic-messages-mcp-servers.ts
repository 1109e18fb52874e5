import type { IrMcpServer, IrWarning } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import type { AnthropicMcpServer } from './anthropic-messages-request-schema.js';

type Tool = Record<string, unknown>;

/** True for an `mcp_toolset` tool (beta `mcp-client-2025-11-20`): the tool settings of one MCP server. */
export function isMcpToolset(tool: Tool): boolean {
  return tool.type === 'mcp_toolset';
}

const enabledOf = (config: unknown): boolean | undefined => {
  const enabled = asRecord(config)?.enabled;
  return typeof enabled === 'boolean' ? enabled : undefined;
};

/**
 * The tools an `mcp_toolset` enables: with `default_config.enabled: false`, those its `configs`
 * enable; otherwise every tool (undefined). The IR names allowed tools only, so tools a toolset
 * disables one by one while the others stay on are not carried.
 */
function toolsetAllowedTools(toolset: Tool | undefined): string[] | undefined {
  if (!toolset || enabledOf(toolset.default_config) !== false) return undefined;
  const configs = asRecord(toolset.configs) ?? {};
  return Object.keys(configs).filter((name) => enabledOf(configs[name]) === true);
}

/** The tools `tool_configuration` allows: none when it is disabled, its `allowed_tools`, or every tool. */
function configuredAllowedTools(server: AnthropicMcpServer): string[] | undefined {
  const configuration = server.tool_configuration;
  if (configuration?.enabled === false) return [];
  return configuration?.allowed_tools ? [...configuration.allowed_tools] : undefined;
}

function intersect(a: string[] | undefined, b: string[] | undefined): string[] | undefined {
  if (!a || !b) return a ?? b;
  return a.filter((name) => b.includes(name));
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
    const allowed = intersect(configuredAllowedTools(server), toolsetAllowedTools(toolset));
    if (allowed) ir.allowedTools = allowed;
    return ir;
  });
}

/** The bearer token of an `Authorization` header, and the names of the other headers. */
function splitHeaders(headers: Record<string, string> | undefined): { token?: string; others: string[] } {
  const out: { token?: string; others: string[] } = { others: [] };
  for (const [name, value] of Object.entries(headers ?? {})) {
    const bearer = name.toLowerCase() === 'authorization' ? /^Bearer\s+(.+)$/i.exec(value)?.[1] : undefined;
    if (bearer) out.token = bearer;
    else out.others.push(name);
  }
  return out;
}

/** One IR server -> an `mcp_servers` entry of the `mcp-client-2025-04-04` form, or undefined without a URL. */
function builtServer(server: IrMcpServer, field: string, warnings: IrWarning[]): Record<string, unknown> | undefined {
  if (!server.url) {
    warnings.push({
      kind: 'dropped',
      field,
      message: `MCP server "${server.label}" has no URL; Anthropic's MCP connector reaches servers by URL`,
    });
    return undefined;
  }
  const wire: Record<string, unknown> = { type: 'url', url: server.url, name: server.label };
  const headers = splitHeaders(server.headers);
  const token = server.authorization ?? headers.token;
  if (token) wire.authorization_token = token;
  if (server.allowedTools) wire.tool_configuration = { enabled: true, allowed_tools: [...server.allowedTools] };
  if (headers.others.length > 0)
    warnings.push({
      kind: 'dropped',
      field: `${field}.headers`,
      message: `Anthropic's MCP connector sends only a bearer token; headers ${headers.others.join(', ')} not sent`,
    });
  if (server.requireApproval !== 'never')
    warnings.push({
      kind: 'approximated',
      field: `${field}.requireApproval`,
      message: `Anthropic's MCP connector has no approvals; calls to "${server.label}" run without one`,
    });
  return wire;
}

/**
 * The IR's MCP servers -> `mcp_servers`: an Anthropic caller's entry as it sent it, others built
 * (URL, name, bearer token, allowed tools), with a warning for what the connector cannot carry.
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
