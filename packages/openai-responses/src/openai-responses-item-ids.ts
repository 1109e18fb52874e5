import { newAnswerId } from '@interlingua/ir-utils';

/** Prefixes of generated output item ids, as OpenAI spells them. */
export type OpenAiResponsesItemPrefix = 'msg' | 'fc' | 'rs' | 'call' | 'ws' | 'mcpl' | 'mcp' | 'mcpr';

/**
 * A deterministic item id derived from the response id and the item's position
 * (`resp_abc` + `msg` + 2 -> `msg_abc_2`).
 */
export function generatedItemId(prefix: OpenAiResponsesItemPrefix, responseId: string, index: number): string {
  const base = responseId.replace(/^resp_/, '') || 'interlingua';
  return `${prefix}_${base}_${index}`;
}

/** A fresh response id, for streams whose source never named one. */
export function newResponseId(): string {
  return newAnswerId('resp_');
}
