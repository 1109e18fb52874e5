import type { IrContentPart, IrRole, IrToolResultPart, IrWarning } from '@interlingua/ir';
import type { AnthropicContentBlockParam } from './anthropic-messages-content-schema.js';
import { irFileToAnthropic } from './ir-to-anthropic-messages-file.js';
import {
  irMcpCallBlocks,
  irReasoningPartToAnthropic,
  irToolCallToAnthropic,
} from './ir-to-anthropic-messages-blocks.js';

/** Where a part sits, for warnings, and how to name tool-use ids. */
export interface PartContext {
  field: string;
  warnings: IrWarning[];
  /** The wire id for an IR tool-call / tool-result id. */
  toolUseId(id: string, isCall: boolean): string;
}

function textBlock(text: string, cache?: IrContentPart & { type: 'text' }): AnthropicContentBlockParam | undefined {
  if (text === '') return undefined;
  const block: AnthropicContentBlockParam = { type: 'text', text };
  if (cache?.cacheControl) block.cache_control = { ...cache.cacheControl };
  return block;
}

function toolResult(part: IrToolResultPart, context: PartContext): AnthropicContentBlockParam {
  const content: AnthropicContentBlockParam[] = [];
  part.content.forEach((item, index) => {
    const field = `${context.field}.content[${index}]`;
    if (item.type === 'text') {
      const block: AnthropicContentBlockParam = { type: 'text', text: item.text };
      if (item.cacheControl) block.cache_control = { ...item.cacheControl };
      content.push(block);
    } else {
      const block = irFileToAnthropic(item, field, context.warnings);
      if (block) content.push(block);
    }
  });
  const block: AnthropicContentBlockParam = {
    type: 'tool_result',
    tool_use_id: context.toolUseId(part.toolCallId, false),
  };
  const only = content[0];
  if (content.length === 1 && only?.type === 'text' && only.cache_control === undefined) block.content = only.text;
  else if (content.length > 0) block.content = content;
  if (part.isError) block.is_error = true;
  if (part.cacheControl) block.cache_control = { ...part.cacheControl };
  return block;
}

/** Parts each role can carry on the wire. */
const ALLOWED: Record<IrRole, ReadonlySet<IrContentPart['type']>> = {
  system: new Set(['text', 'refusal']),
  developer: new Set(['text', 'refusal']),
  user: new Set(['text', 'refusal', 'file', 'tool-result']),
  tool: new Set(['text', 'refusal', 'file', 'tool-result']),
  assistant: new Set(['text', 'refusal', 'reasoning', 'tool-call', 'mcp-call']),
};

/**
 * One IR part -> one request block (an MCP call: its `mcp_tool_use` and `mcp_tool_result`), or
 * undefined when it has no wire form here. Reasoning without an Anthropic signature is dropped
 * silently: the API rejects thinking blocks whose signature it did not mint. So is an MCP tool
 * listing: Anthropic's connector lists the server's tools itself on every request.
 */
export function irPartToAnthropic(
  part: IrContentPart,
  role: IrRole,
  context: PartContext,
): AnthropicContentBlockParam | AnthropicContentBlockParam[] | undefined {
  if (part.type === 'mcp-list-tools') return undefined;
  if (!ALLOWED[role].has(part.type)) {
    context.warnings.push({
      kind: 'dropped',
      field: context.field,
      message: `a ${part.type} part cannot be sent in a ${role} turn to Anthropic`,
    });
    return undefined;
  }
  switch (part.type) {
    case 'text':
      return textBlock(part.text, part);
    case 'refusal':
      return textBlock(part.text);
    case 'file':
      return irFileToAnthropic(part, context.field, context.warnings);
    case 'reasoning':
      return irReasoningPartToAnthropic(part);
    case 'tool-call':
      return irToolCallToAnthropic(part, context.toolUseId(part.id, true), context.field, context.warnings);
    case 'tool-result':
      return toolResult(part, context);
    case 'mcp-call':
      return irMcpCallBlocks(part, context.field, context.field, context.warnings);
  }
}
