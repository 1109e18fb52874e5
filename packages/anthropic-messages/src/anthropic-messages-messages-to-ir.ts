import type { IrContentPart, IrMessage, IrRole } from '@interlingua/ir';
import { anthropicBlockToIr } from './anthropic-messages-block-to-ir.js';
import type {
  AnthropicContentBlockParam,
  AnthropicMcpToolResultBlockParam,
  AnthropicTextBlockParam,
} from './anthropic-messages-content-schema.js';
import { noteIdOf, unknownFields, type AnthropicBlockNote } from './anthropic-messages-extension.js';
import { withAnthropicMcpResult } from './anthropic-messages-mcp-blocks.js';
import type { AnthropicMessageParam } from './anthropic-messages-request-schema.js';

/** IR messages plus the positional notes for what the IR could not carry. */
export interface MessagesReading {
  messages: IrMessage[];
  notes: AnthropicBlockNote[];
}

interface Draft {
  role: IrRole;
  parts: IrContentPart[];
  notes: AnthropicBlockNote[];
}

function draft(role: IrRole): Draft {
  return { role, parts: [], notes: [] };
}

/**
 * An `mcp_tool_result` onto the `mcp-call` of its `mcp_tool_use` earlier in the turn (fields the
 * part does not carry, and content other than plain text blocks, kept in a note). False when the
 * turn holds no call waiting for it.
 */
function addMcpResult(target: Draft, block: AnthropicMcpToolResultBlockParam): boolean {
  const position = target.parts.findIndex(
    (part) => part.type === 'mcp-call' && part.id === block.tool_use_id && (part.output ?? part.error) === undefined,
  );
  const call = target.parts[position];
  if (call?.type !== 'mcp-call') return false;
  target.parts[position] = withAnthropicMcpResult(call, block);
  const { content } = block;
  const plain = !Array.isArray(content) || content.every((item) => Object.keys(item).length === 2);
  const extra = {
    ...unknownFields(block, ['type', 'tool_use_id', 'content', 'is_error']),
    ...(plain ? {} : { content }),
  };
  if (Object.keys(extra).length > 0)
    target.notes.push({ part: position, role: target.role, kind: 'mcp_tool_result', id: call.id, extra });
  return true;
}

function addBlock(target: Draft, block: AnthropicContentBlockParam, toolNames: Map<string, string>): void {
  if (block.type === 'mcp_tool_result' && addMcpResult(target, block as AnthropicMcpToolResultBlockParam)) return;
  const { part, extra } = anthropicBlockToIr(block, toolNames);
  const position = target.parts.length;
  if (!part) {
    target.notes.push({ part: position, role: target.role, block });
    return;
  }
  if (part.type === 'tool-call') toolNames.set(part.id, part.name);
  const id = noteIdOf(part);
  if (extra)
    target.notes.push({
      part: position,
      role: target.role,
      kind: block.type,
      ...(id === undefined ? {} : { id }),
      extra,
    });
  target.parts.push(part);
}

function blocksOf(content: AnthropicMessageParam['content'] | AnthropicTextBlockParam[]): AnthropicContentBlockParam[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

/**
 * A wire turn -> IR messages. A user turn holding `tool_result` blocks becomes a `tool` message
 * with every result, then a `user` message with the other blocks in their order (when any).
 */
function turnToIr(message: AnthropicMessageParam, toolNames: Map<string, string>): Draft[] {
  const blocks = blocksOf(message.content);
  if (message.role !== 'user') {
    const turn = draft(message.role);
    for (const block of blocks) addBlock(turn, block, toolNames);
    return [turn];
  }
  const results = draft('tool');
  const rest = draft('user');
  for (const block of blocks) addBlock(block.type === 'tool_result' ? results : rest, block, toolNames);
  const hasResults = results.parts.length > 0 || results.notes.length > 0;
  const hasRest = rest.parts.length > 0 || rest.notes.length > 0 || !hasResults;
  return [...(hasResults ? [results] : []), ...(hasRest ? [rest] : [])];
}

/**
 * `system` + `messages` -> ordered IR messages. The top-level `system` (string or blocks) becomes
 * ONE leading IR `system` message with one text part per block, so that each block keeps its
 * `cache_control`. Mid-conversation `system` turns stay where they are.
 */
export function anthropicMessagesToIr(
  system: string | AnthropicTextBlockParam[] | undefined,
  messages: AnthropicMessageParam[],
): MessagesReading {
  const toolNames = new Map<string, string>();
  const drafts: Draft[] = [];
  if (system !== undefined) {
    const turn = draft('system');
    for (const block of blocksOf(system)) addBlock(turn, block, toolNames);
    drafts.push(turn);
  }
  for (const message of messages) drafts.push(...turnToIr(message, toolNames));
  const out: MessagesReading = { messages: [], notes: [] };
  drafts.forEach((turn, index) => {
    out.messages.push({ role: turn.role, content: turn.parts });
    for (const note of turn.notes) out.notes.push({ message: index, ...note });
  });
  return out;
}
