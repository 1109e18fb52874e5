import type { IrOpaque, SseMessage } from '@interlingua/ir';
import { reasoningOutputItem } from './ir-to-openai-responses-response.js';
import type { Emit } from './openai-responses-mcp-stream.js';
import type { OpenAiResponsesOutputItem } from './openai-responses-strict-response-schema.js';

/** What the stream encoder keeps of an open reasoning item. */
export interface ReasoningStreamBlock {
  itemId: string;
  outputIndex: number;
  /** The summary text so far. */
  text: string;
  summaryStarted: boolean;
  opaque?: IrOpaque;
}

/** The `item_id` and `output_index` that the events of an open item's block carry. */
export const blockItemRef = (block: Pick<ReasoningStreamBlock, 'itemId' | 'outputIndex'>) => ({
  item_id: block.itemId,
  output_index: block.outputIndex,
});

/** `response.reasoning_summary_part.added` (once, before the first delta) or `.done`. */
function summaryPart(block: ReasoningStreamBlock, phase: 'added' | 'done', emit: Emit): SseMessage[] {
  if (phase === 'added' && block.summaryStarted) return [];
  block.summaryStarted = true;
  const part = { type: 'summary_text', text: phase === 'added' ? '' : block.text };
  return [emit(`response.reasoning_summary_part.${phase}`, { ...blockItemRef(block), summary_index: 0, part })];
}

/** A summary delta, after the summary part's `added` event when it is the first. */
export function reasoningDeltaEvents(block: ReasoningStreamBlock, delta: string, emit: Emit): SseMessage[] {
  const events = summaryPart(block, 'added', emit);
  block.text += delta;
  events.push(emit('response.reasoning_summary_text.delta', { ...blockItemRef(block), summary_index: 0, delta }));
  return events;
}

/**
 * The summary's `.done` events (when it had any text), then the whole item for `output_item.done`:
 * under the id OpenAI gave it when it came from OpenAI, with its encrypted content.
 */
export function reasoningDoneEvents(
  block: ReasoningStreamBlock,
  emit: Emit,
): { events: SseMessage[]; item: OpenAiResponsesOutputItem } {
  const events: SseMessage[] = [];
  if (block.summaryStarted) {
    events.push(
      emit('response.reasoning_summary_text.done', { ...blockItemRef(block), summary_index: 0, text: block.text }),
      ...summaryPart(block, 'done', emit),
    );
  }
  const opaque = block.opaque;
  const id = opaque?.origin === 'openai' && opaque.itemId ? opaque.itemId : block.itemId;
  return {
    events,
    item: reasoningOutputItem({ type: 'reasoning', text: block.text, ...(opaque ? { opaque } : {}) }, id),
  };
}
