import type { IrWebSearchPart, SseMessage } from '@interlingua/ir';
import type { Emit } from './openai-responses-mcp-stream.js';
import { irSearchToWebSearchCall } from './openai-responses-search-results.js';

/**
 * The stream events of one whole web search at `outputIndex`, in the order OpenAI sends them:
 * `output_item.added` (the call in progress, its action a bare `search`), then
 * `response.web_search_call.in_progress`, `.searching` and `.completed`, then `output_item.done`
 * with the whole item (its query and pages). `id` is the item's id when the search carries none.
 */
export function webSearchItemEvents(
  part: IrWebSearchPart,
  id: string,
  outputIndex: number,
  emit: Emit,
): { events: SseMessage[]; item: Record<string, unknown> } {
  const item = irSearchToWebSearchCall(part, id);
  const itemId = String(item.id);
  const added = { type: 'web_search_call', id: itemId, status: 'in_progress', action: { type: 'search' } };
  const events = [emit('response.output_item.added', { output_index: outputIndex, item: added })];
  for (const phase of ['in_progress', 'searching', 'completed'])
    events.push(emit(`response.web_search_call.${phase}`, { output_index: outputIndex, item_id: itemId }));
  events.push(emit('response.output_item.done', { output_index: outputIndex, item }));
  return { events, item };
}
