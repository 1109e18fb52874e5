import type { IrMcpAnswerPart, SseMessage } from '@interlingua/ir';
import { irMcpPartToItem } from './openai-responses-mcp.js';

/** Writes one stream event (the encoder numbers it). */
export type Emit = (type: string, payload: Record<string, unknown>) => SseMessage;

/**
 * The stream events of one whole MCP item at `outputIndex`, in the order OpenAI sends them:
 * `output_item.added` (listed tools without their tools, a call without arguments or result, in
 * progress), the item's own progress events (`response.mcp_list_tools.*`; `response.mcp_call.*`
 * around `response.mcp_call_arguments.delta`/`.done`), then `output_item.done` with the whole item.
 * An approval request has only the two item events.
 */
export function mcpItemEvents(
  part: IrMcpAnswerPart,
  id: string,
  outputIndex: number,
  emit: Emit,
): { events: SseMessage[]; item: Record<string, unknown> } {
  const item = irMcpPartToItem(part, id);
  const at = { item_id: id, output_index: outputIndex };
  let added = item;
  if (part.type === 'mcp-list-tools') added = { type: item.type, id, server_label: part.server, tools: [] };
  if (part.type === 'mcp-call') added = { ...item, arguments: '', output: null, error: null, status: 'in_progress' };
  const events = [emit('response.output_item.added', { output_index: outputIndex, item: added })];
  const ended = part.type !== 'mcp-approval-request' && part.error !== undefined ? 'failed' : 'completed';
  if (part.type === 'mcp-list-tools')
    events.push(emit('response.mcp_list_tools.in_progress', at), emit(`response.mcp_list_tools.${ended}`, at));
  if (part.type === 'mcp-call') {
    events.push(emit('response.mcp_call.in_progress', at));
    events.push(emit('response.mcp_call_arguments.delta', { ...at, delta: part.argumentsJson }));
    events.push(emit('response.mcp_call_arguments.done', { ...at, arguments: part.argumentsJson }));
    // A call without a result yet stays `calling`: neither completed nor failed.
    if (item.status !== 'calling') events.push(emit(`response.mcp_call.${ended}`, at));
  }
  events.push(emit('response.output_item.done', { output_index: outputIndex, item }));
  return { events, item };
}
