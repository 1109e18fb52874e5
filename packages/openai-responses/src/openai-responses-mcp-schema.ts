import * as z from 'zod/mini';
import './zod-english.js';

/**
 * Loose zod schemas for the Responses `mcp` tool and the MCP items of inputs and answers
 * (`mcp_list_tools`, `mcp_call`, `mcp_approval_request`, `mcp_approval_response`).
 * @see https://platform.openai.com/docs/guides/tools-remote-mcp
 */

const nullishString = z.nullish(z.string());
const toolNames = z.array(z.string());
/** Which tools of the server a rule covers: by name, or the read-only ones. */
const toolFilter = z.looseObject({ tool_names: z.nullish(toolNames), read_only: z.nullish(z.boolean()) });

/** An MCP server the model may use; the provider lists and calls its tools. */
export const openAiResponsesMcpToolSchema = z.looseObject({
  type: z.literal('mcp'),
  server_label: z.string(),
  server_url: nullishString,
  server_description: nullishString,
  allowed_tools: z.nullish(z.union([toolNames, toolFilter])),
  require_approval: z.nullish(
    z.union([
      z.literal(['always', 'never']),
      z.looseObject({ always: z.nullish(toolFilter), never: z.nullish(toolFilter) }),
    ]),
  ),
  headers: z.nullish(z.record(z.string(), z.string())),
  authorization: nullishString,
});

const call = { id: nullishString, server_label: z.string(), name: z.string(), arguments: z.string() };

export const openAiResponsesMcpListToolsItemSchema = z.looseObject({
  type: z.literal('mcp_list_tools'),
  id: nullishString,
  server_label: z.string(),
  tools: z.array(z.looseObject({ name: z.string(), description: nullishString })),
  error: nullishString,
});

export const openAiResponsesMcpCallItemSchema = z.looseObject({
  type: z.literal('mcp_call'),
  ...call,
  output: nullishString,
  approval_request_id: nullishString,
});

export const openAiResponsesMcpApprovalRequestItemSchema = z.looseObject({
  type: z.literal('mcp_approval_request'),
  ...call,
});

export const openAiResponsesMcpApprovalResponseItemSchema = z.looseObject({
  type: z.literal('mcp_approval_response'),
  approval_request_id: z.string(),
  approve: z.boolean(),
  id: nullishString,
  reason: nullishString,
});

/** The MCP items, by type. */
export const OPENAI_RESPONSES_MCP_ITEM_SCHEMAS = {
  mcp_list_tools: openAiResponsesMcpListToolsItemSchema,
  mcp_call: openAiResponsesMcpCallItemSchema,
  mcp_approval_request: openAiResponsesMcpApprovalRequestItemSchema,
  mcp_approval_response: openAiResponsesMcpApprovalResponseItemSchema,
} as const;

export type OpenAiResponsesMcpTool = z.infer<typeof openAiResponsesMcpToolSchema>;
export type OpenAiResponsesMcpItem = z.infer<
  (typeof OPENAI_RESPONSES_MCP_ITEM_SCHEMAS)[keyof typeof OPENAI_RESPONSES_MCP_ITEM_SCHEMAS]
>;
