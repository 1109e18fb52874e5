import type { IrMcpCallPart } from '@interlingua/ir';

/** An MCP call with its result, as the MCP tests of this package send and expect it. */
export const MCP_CALL: IrMcpCallPart = {
  type: 'mcp-call',
  id: 'mcptoolu_01',
  server: 'docs',
  name: 'search',
  argumentsJson: '{"q":"zod"}',
  output: 'zod is a schema library',
};
