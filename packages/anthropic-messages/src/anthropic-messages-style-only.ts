import type { IrRequest, StyleOnlyEntry } from '@interlingua/ir';
import { readRequestExtension } from './anthropic-messages-extension.js';
import { isMcpToolset } from './anthropic-messages-mcp-servers.js';
import { isAnthropicWebSearchTool } from './anthropic-messages-web-search.js';

const typeOf = (record: Record<string, unknown>): string => (typeof record.type === 'string' ? record.type : 'untyped');

/**
 * The server tools and content blocks of a decoded Messages request that the IR cannot express
 * (`code_execution_20250825`, `server_tool_use`, …; web search is carried as the IR's `webSearch`, MCP
 * toolsets as its `mcpServers` and MCP calls as its `mcp-call` parts): kept in the request's
 * extensions for an Anthropic upstream, lost on an upstream of any other style.
 */
export function anthropicMessagesStyleOnlyEntries(ir: IrRequest): StyleOnlyEntry[] {
  const ext = readRequestExtension(ir.extensions);
  const tools = (ext.tools ?? []).flatMap((note) =>
    note.tool && !isAnthropicWebSearchTool(note.tool) && !isMcpToolset(note.tool)
      ? [{ field: `tools[${note.index}]`, type: typeOf(note.tool) }]
      : [],
  );
  // The top-level `system` is the IR's leading system messages: count them out of the wire index.
  const system = ir.messages.findIndex((message) => message.role !== 'system');
  const offset = system < 0 ? ir.messages.length : system;
  const blocks = (ext.blocks ?? []).flatMap((note) =>
    note.block
      ? [
          {
            field: note.message === undefined ? 'messages' : `messages[${note.message - offset}]`,
            type: typeOf(note.block),
          },
        ]
      : [],
  );
  return [...blocks, ...tools];
}
