import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { IrMcpToolInfo } from '@interlingua/ir';
import type { McpGrant } from '../auth/mcp-grant.js';
import type { McpLimits } from '../config/mcp-schema.js';
import { callTool } from '../mcp/mcp-calls.js';
import { listPage, TOOLS } from '../mcp/mcp-lists.js';
import { errorText } from '../http/style-errors.js';
import type { McpView, ToolCallRecord } from '../mcp/mcp-view.js';
import type { LoopServer, ToolAnswer } from './loop-types.js';
import { requestOffers, type ServedServer } from './loop-servers.js';

/** Pages of a server's tool list read at most (a server listing more is cut there). */
const MAX_LIST_PAGES = 20;

/** What the views of one request share: the key's grant, the MCP bounds, the caller's token and the recorder. */
export interface ViewSetting {
  grant: McpGrant | undefined;
  limits: McpLimits;
  callerAuthorization: string | undefined;
  record(call: ToolCallRecord): void;
}

/** A served server ready for the loop: its view (what the key sees of it) and its offered tools. */
export interface ReadyServer extends LoopServer {
  view: McpView;
}

/** The view of one served server, as the MCP route would make it for this key. */
export function viewOf(served: ServedServer, setting: ViewSetting): McpView {
  const token = served.entry.authorization;
  return {
    grant: setting.grant,
    servers: served.servers,
    aggregate: served.aggregate,
    callerAuthorization: token ? `Bearer ${token}` : setting.callerAuthorization,
    limits: setting.limits,
    record: setting.record,
  };
}

/**
 * The server's tools the model is offered: listed through the MCP room (the key's grant applied),
 * then only those the request allows (`allowedTools`) and does not block (`blockedTools`). A listing
 * that fails offers nothing and says why.
 */
export async function readyServer(served: ServedServer, view: McpView, signal: AbortSignal): Promise<ReadyServer> {
  const { entry } = served;
  const base = { label: entry.label, requireApproval: entry.requireApproval, view };
  try {
    const tools: IrMcpToolInfo[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const listed = await listPage(view, TOOLS, cursor, signal);
      for (const tool of listed.items)
        if (requestOffers(entry, tool.name))
          tools.push({
            name: tool.name,
            ...(tool.description ? { description: tool.description } : {}),
            inputSchema: tool.inputSchema as Record<string, unknown>,
            ...(tool.annotations ? { annotations: tool.annotations as Record<string, unknown> } : {}),
          });
      cursor = listed.nextCursor;
      if (cursor === undefined) break;
    }
    return { ...base, tools };
  } catch (error) {
    return { ...base, tools: [], listError: errorText(error) };
  }
}

/** One tool call through the MCP room (grant, time bound, result bound, its ledger row); a failure is an `error`. */
export async function callServerTool(
  view: McpView,
  tool: string,
  argumentsJson: string,
  signal: AbortSignal,
): Promise<ToolAnswer> {
  let args: unknown;
  try {
    args = JSON.parse(argumentsJson);
  } catch {
    return { error: `The arguments of ${tool} are not JSON` };
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    return { error: `The arguments of ${tool} are not a JSON object` };
  try {
    const result = await callTool(
      view,
      { name: tool, arguments: args as Record<string, unknown> },
      { signal, notify: async () => undefined },
    );
    const text = resultText(result);
    return result.isError ? { error: text } : { output: text };
  } catch (error) {
    // A protocol failure (JSON-RPC error, timeout) keeps its code; a tool's own error result has none.
    return error instanceof McpError ? { error: error.message, errorCode: error.code } : { error: errorText(error) };
  }
}

/** A tool result as text: its text items joined, any other item as its JSON. */
function resultText(result: CallToolResult): string {
  const items = result.content.map((item) => (item.type === 'text' ? item.text : JSON.stringify(item)));
  if (items.length === 0 && result.structuredContent) return JSON.stringify(result.structuredContent);
  return items.join('\n');
}
