import type { IrMcpCallPart } from '@interlingua/ir';
import { asRecord, stringOrEmpty } from '@interlingua/ir-utils';

type Block = Record<string, unknown>;

/** True for an `mcp_tool_use` block (a call Anthropic's MCP connector made). */
export function isMcpToolUse(block: Block): boolean {
  return block.type === 'mcp_tool_use';
}

/** The text of an `mcp_tool_result`'s content: the string, or its text blocks joined by newlines. */
export function mcpResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const item of content) {
    const block = asRecord(item);
    if (block?.type === 'text' && typeof block.text === 'string') texts.push(block.text);
  }
  return texts.join('\n');
}

/** `mcp_tool_use` -> an `mcp-call` part without a result yet. */
export function anthropicMcpUseToIr(block: Block): IrMcpCallPart {
  return {
    type: 'mcp-call',
    id: stringOrEmpty(block.id),
    server: stringOrEmpty(block.server_name),
    name: stringOrEmpty(block.name),
    argumentsJson: JSON.stringify(block.input ?? {}),
  };
}

/** The call with its `mcp_tool_result`: the text as `output`, or as `error` when `is_error`. */
export function withAnthropicMcpResult(part: IrMcpCallPart, result: Block): IrMcpCallPart {
  const text = mcpResultText(result.content);
  return result.is_error === true ? { ...part, error: text } : { ...part, output: text };
}

/**
 * An `mcp-call` part -> its `mcp_tool_use` (wire id `id`, arguments `input`) and, once the call
 * has a result, the `mcp_tool_result` after it (Anthropic takes no empty text block: an empty
 * result has no content blocks).
 */
export function irMcpCallToAnthropic(
  part: IrMcpCallPart,
  id: string,
  input: Record<string, unknown>,
): Array<Block & { type: string }> {
  const use = { type: 'mcp_tool_use', id, name: part.name, server_name: part.server, input };
  if (part.output === undefined && part.error === undefined) return [use];
  const text = part.error ?? part.output ?? '';
  const result = {
    type: 'mcp_tool_result',
    tool_use_id: id,
    is_error: part.error !== undefined,
    content: text === '' ? [] : [{ type: 'text', text }],
  };
  return [use, result];
}
