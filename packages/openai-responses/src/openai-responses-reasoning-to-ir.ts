import type { IrReasoningPart } from '@interlingua/ir';

/** The reasoning part of a reasoning item: summaries joined by a blank line (raw reasoning text when there is no summary). */
export function reasoningItemToIr(item: {
  id?: string | null;
  summary?: Array<{ text: string }> | null;
  content?: Array<{ text: string }> | null;
  encrypted_content?: string | null;
}): IrReasoningPart {
  const summaries = (item.summary ?? []).map((s) => s.text);
  const texts = summaries.length > 0 ? summaries : (item.content ?? []).map((c) => c.text);
  const part: IrReasoningPart = { type: 'reasoning', text: texts.join('\n\n') };
  if (item.encrypted_content) {
    part.opaque = { origin: 'openai', kind: 'encrypted', data: item.encrypted_content };
    if (item.id) part.opaque.itemId = item.id;
  }
  return part;
}
