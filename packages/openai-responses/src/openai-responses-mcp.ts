import { callArgumentsJson } from './openai-responses-call-arguments.js';
import type {
  IrContentPart,
  IrMcpAnswerPart,
  IrMcpCallPart,
  IrMcpPart,
  IrMcpServer,
  IrMcpToolInfo,
} from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';
import {
  OPENAI_RESPONSES_MCP_ITEM_SCHEMAS,
  type OpenAiResponsesMcpItem,
  type OpenAiResponsesMcpTool,
} from './openai-responses-mcp-schema.js';

type Item = Record<string, unknown>;
type ToolFilter = { tool_names?: string[] | null } | null | undefined;

/** The MCP item schema of an item's type, when it is one. */
export const mcpItemSchemaOf = (
  type: unknown,
): (typeof OPENAI_RESPONSES_MCP_ITEM_SCHEMAS)[keyof typeof OPENAI_RESPONSES_MCP_ITEM_SCHEMAS] | undefined =>
  Object.hasOwn(OPENAI_RESPONSES_MCP_ITEM_SCHEMAS, String(type))
    ? OPENAI_RESPONSES_MCP_ITEM_SCHEMAS[type as keyof typeof OPENAI_RESPONSES_MCP_ITEM_SCHEMAS]
    : undefined;

/** `record` without its null and undefined fields. */
function present<T extends object>(record: T): { [K in keyof T]: Exclude<T[K], null> } {
  for (const [key, value] of Object.entries(record)) if (value == null) delete record[key as keyof T];
  return record as { [K in keyof T]: Exclude<T[K], null> };
}

const names = (filter: ToolFilter): string[] | undefined => (filter?.tool_names ? [...filter.tool_names] : undefined);

/** An `mcp` tool -> the IR's MCP server; the tool itself is kept whole for an OpenAI upstream. */
export function mcpToolToIr(tool: OpenAiResponsesMcpTool, raw: Item): IrMcpServer {
  const approval = tool.require_approval;
  const allowed = tool.allowed_tools;
  return present({
    label: tool.server_label,
    url: tool.server_url,
    description: tool.server_description,
    allowedTools: Array.isArray(allowed) ? [...allowed] : names(allowed),
    requireApproval:
      typeof approval === 'object' && approval
        ? present({ always: names(approval.always), never: names(approval.never) })
        : approval,
    headers: tool.headers && { ...tool.headers },
    authorization: tool.authorization,
    raw: { origin: 'openai', value: structuredClone(raw) },
  });
}

/** An IR MCP server -> an `mcp` tool (the caller's own when it came from a Responses caller). */
export function irMcpServerToTool(server: IrMcpServer): Item {
  if (server.raw?.origin === 'openai') return server.raw.value;
  const approval = server.requireApproval;
  const filter = (tools: string[] | undefined): Item | undefined => (tools ? { tool_names: tools } : undefined);
  return present({
    type: 'mcp',
    server_label: server.label,
    server_url: server.url,
    server_description: server.description,
    allowed_tools: server.allowedTools,
    require_approval:
      typeof approval === 'object'
        ? present({ always: filter(approval.always), never: filter(approval.never) })
        : approval,
    headers: server.headers,
    authorization: server.authorization,
  });
}

/**
 * An `mcp_call` error as the IR's text and code: today's API sends an object
 * (`mcp_protocol_error` and `http_error` with a code and a message, `mcp_tool_execution_error`
 * with the tool's content); older answers sent a string.
 */
function errorOf(error: unknown, status: unknown): { error?: string; errorCode?: number } {
  if (typeof error === 'string') return { error };
  const record = asRecord(error);
  if (!record) return status === 'failed' ? { error: 'failed' } : {};
  if (record.type === 'mcp_tool_execution_error') return { error: contentText(record.content) };
  return present({
    error: typeof record.message === 'string' ? record.message : JSON.stringify(record),
    errorCode: typeof record.code === 'number' ? record.code : undefined,
  });
}

/** A tool execution error's content as text: its text items joined, anything else as JSON. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return JSON.stringify(content ?? null);
  return content
    .map((item) => {
      const text = asRecord(item)?.text;
      return typeof text === 'string' ? text : JSON.stringify(item);
    })
    .join('\n');
}

/** An IR call's error as today's `mcp_call.error` object (null when the call did not fail). */
function irErrorToItem(part: IrMcpCallPart): Item | null {
  if (part.error === undefined) return null;
  if (part.errorCode !== undefined) return { type: 'mcp_protocol_error', code: part.errorCode, message: part.error };
  return { type: 'mcp_tool_execution_error', content: [{ type: 'text', text: part.error }] };
}

function toolInfoToIr(tool: Item & { name: string; description?: string | null }): IrMcpToolInfo {
  return present({
    name: tool.name,
    description: tool.description,
    inputSchema: asRecord(tool.input_schema),
    annotations: asRecord(tool.annotations),
  });
}

/** An MCP item (as its schema reads it) -> its IR part. */
export function mcpItemToIr(item: OpenAiResponsesMcpItem): IrMcpPart {
  if (item.type === 'mcp_approval_response')
    return present({
      type: 'mcp-approval-response',
      approvalRequestId: item.approval_request_id,
      approve: item.approve,
      reason: item.reason,
      id: item.id,
    });
  const head = { id: item.id ?? '', server: item.server_label };
  if (item.type === 'mcp_list_tools')
    return present({
      type: 'mcp-list-tools',
      ...head,
      tools: item.tools.map(toolInfoToIr),
      error: item.error,
    });
  const call = { ...head, name: item.name, argumentsJson: callArgumentsJson(item.arguments) };
  if (item.type === 'mcp_approval_request') return { type: 'mcp-approval-request', ...call };
  return present({
    type: 'mcp-call',
    ...call,
    output: item.output,
    ...errorOf(item.error, item.status),
    approvalRequestId: item.approval_request_id,
  });
}

/** The status of an `mcp_call` item for an IR call. */
const callStatus = (part: { output?: string; error?: string }): string =>
  part.error !== undefined ? 'failed' : part.output !== undefined ? 'completed' : 'calling';

/**
 * An IR MCP part -> its item (input item or output item alike), with `id` when given (an empty
 * part id is left out). `mcp_call` always carries `output`, `error` and `approval_request_id`.
 */
export function irMcpPartToItem(part: IrMcpPart, id?: string): Item {
  const head = { type: '', ...(id ? { id } : {}) };
  switch (part.type) {
    case 'mcp-approval-response':
      return present({
        type: 'mcp_approval_response',
        id: part.id,
        approval_request_id: part.approvalRequestId,
        approve: part.approve,
        reason: part.reason,
      });
    case 'mcp-list-tools':
      return present({
        ...head,
        type: 'mcp_list_tools',
        server_label: part.server,
        tools: part.tools.map((tool) => ({
          name: tool.name,
          description: tool.description ?? null,
          input_schema: tool.inputSchema ?? {},
          annotations: tool.annotations ?? null,
        })),
        error: part.error,
      });
    case 'mcp-approval-request':
      return {
        ...head,
        type: 'mcp_approval_request',
        server_label: part.server,
        name: part.name,
        arguments: part.argumentsJson,
      };
    case 'mcp-call':
      return {
        ...head,
        type: 'mcp_call',
        server_label: part.server,
        name: part.name,
        arguments: part.argumentsJson,
        output: part.output ?? null,
        error: irErrorToItem(part),
        approval_request_id: part.approvalRequestId ?? null,
        status: callStatus(part),
      };
  }
}

/** An MCP part an answer carries (listed tools, a call, an approval request). */
export const isMcpAnswerPart = (part: IrContentPart): part is IrMcpAnswerPart =>
  part.type === 'mcp-list-tools' || part.type === 'mcp-call' || part.type === 'mcp-approval-request';

/** The prefix of a generated id of an MCP output item, as OpenAI spells them. */
export const mcpItemPrefix = (part: IrMcpPart): 'mcpl' | 'mcp' | 'mcpr' =>
  part.type === 'mcp-list-tools' ? 'mcpl' : part.type === 'mcp-call' ? 'mcp' : 'mcpr';
