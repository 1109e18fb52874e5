import type { OpaqueOrigin } from './style-id.js';

/**
 * An MCP server the caller handed the model (a Responses `mcp` tool, an entry of Anthropic's
 * `mcp_servers`). The provider runs its tool loop when the upstream speaks MCP itself; the gateway
 * runs it when the server is one it serves and the upstream cannot.
 */
export interface IrMcpServer {
  /** The name the answer's items carry (Responses `server_label`, Anthropic `name`). */
  label: string;
  /** Where the server is (Responses `server_url`, Anthropic `url`); absent for a provider connector. */
  url?: string;
  description?: string;
  /** Only these tools are offered to the model; absent = every tool of the server. */
  allowedTools?: string[];
  /**
   * These tools are never offered, whatever `allowedTools` says (an Anthropic `mcp_toolset` that keeps
   * its tools on but disables a few by name).
   */
  blockedTools?: string[];
  /**
   * Which calls wait for the caller's approval (`mcp_approval_request`). Absent = `always`, the
   * Responses default; Anthropic's connector has no approvals, so its decoder writes `never`.
   */
  requireApproval?: 'always' | 'never' | { always?: string[]; never?: string[] };
  /** Headers the caller asked to be sent to the server (Responses `headers`). */
  headers?: Record<string, string>;
  /** A bearer token for the server (Responses `authorization`, Anthropic `authorization_token`). */
  authorization?: string;
  /** The tool or server entry as sent, forwarded only to an upstream of the same family. */
  raw?: { origin: OpaqueOrigin; value: Record<string, unknown> };
}

/** One tool an MCP server listed. */
export interface IrMcpToolInfo {
  name: string;
  description?: string;
  /** The tool's JSON Schema for its arguments. */
  inputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** The tools of one server, as listed for the model (Responses `mcp_list_tools`). */
export interface IrMcpListToolsPart {
  type: 'mcp-list-tools';
  id: string;
  server: string;
  tools: IrMcpToolInfo[];
  error?: string;
}

/**
 * A call of an MCP tool and its result (Responses `mcp_call`; Anthropic `mcp_tool_use` followed by
 * its `mcp_tool_result`). `output` and `error` are both absent while the call has no result yet.
 */
export interface IrMcpCallPart {
  type: 'mcp-call';
  id: string;
  server: string;
  name: string;
  /** Always a JSON string (`"{}"` for no arguments). */
  argumentsJson: string;
  /** The tool's result as text. */
  output?: string;
  /** Why the call failed: a protocol error, a timeout, or the tool's own error result. */
  error?: string;
  /**
   * The JSON-RPC (or HTTP) code when the failure was the protocol's or the transport's, not the
   * tool's own error result (Responses `mcp_protocol_error` / `http_error` against
   * `mcp_tool_execution_error`).
   */
  errorCode?: number;
  /** The approval request this call answers, when it waited for one. */
  approvalRequestId?: string;
}

/** A call that waits for the caller's approval (Responses `mcp_approval_request`). */
export interface IrMcpApprovalRequestPart {
  type: 'mcp-approval-request';
  id: string;
  server: string;
  name: string;
  argumentsJson: string;
}

/** The caller's answer to an approval request (Responses `mcp_approval_response`), in a user message. */
export interface IrMcpApprovalResponsePart {
  type: 'mcp-approval-response';
  approvalRequestId: string;
  approve: boolean;
  reason?: string;
  /** The item's own id, when the caller gave one. */
  id?: string;
}

/** The MCP parts an answer can carry (assistant content, streamed as one `mcp` block each). */
export type IrMcpAnswerPart = IrMcpListToolsPart | IrMcpCallPart | IrMcpApprovalRequestPart;

export type IrMcpPart = IrMcpAnswerPart | IrMcpApprovalResponsePart;
