import { invalidRequest, type IrRequest } from '@interlingua/ir';
import {
  OPENAI_RESPONSES_STYLE,
  type OpenAiResponsesPassthroughItem,
  type OpenAiResponsesRequestExtensions,
} from '@interlingua/openai-responses';

/** The input item with which Codex asks for a compaction on an ordinary `/v1/responses` call. */
export const COMPACTION_TRIGGER = 'compaction_trigger';

function extensionsOf(ir: IrRequest): OpenAiResponsesRequestExtensions {
  return (ir.extensions?.[OPENAI_RESPONSES_STYLE] ?? {}) as OpenAiResponsesRequestExtensions;
}

function misplaced(entry: OpenAiResponsesPassthroughItem): never {
  const field = entry.index === undefined ? 'input' : `input[${entry.index}]`;
  throw invalidRequest(
    `${field}: the '${COMPACTION_TRIGGER}' item must be the final input item, and a request holds at most one`,
    field,
  );
}

/**
 * The request's `compaction_trigger` item (it asks for the conversation before it to be
 * compacted into one `compaction` output item), or undefined. A trigger that is not the one,
 * last input item is refused with a 400 naming it, as OpenAI does.
 */
export function findCompactionTrigger(ir: IrRequest): OpenAiResponsesPassthroughItem | undefined {
  const items = extensionsOf(ir).items ?? [];
  const triggers = items.filter((entry) => entry.item.type === COMPACTION_TRIGGER);
  const trigger = triggers[0];
  if (!trigger) return undefined;
  const second = triggers[1];
  if (second) misplaced(second);
  if (items.at(-1) !== trigger || trigger.before !== ir.messages.length) misplaced(trigger);
  return trigger;
}

/** The request without its trigger item (the conversation to compact). */
export function withoutCompactionTrigger(ir: IrRequest, trigger: OpenAiResponsesPassthroughItem): IrRequest {
  const ext = extensionsOf(ir);
  const items = (ext.items ?? []).filter((entry) => entry !== trigger);
  return {
    ...ir,
    extensions: { ...ir.extensions, [OPENAI_RESPONSES_STYLE]: { ...ext, items } as Record<string, unknown> },
  };
}
