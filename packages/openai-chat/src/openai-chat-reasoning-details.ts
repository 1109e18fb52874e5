/** One `reasoning_details` entry as the gateway hands opaque reasoning to chat callers. */
export interface OpenAiChatReasoningDetail {
  type: 'reasoning.encrypted';
  data: string;
  format: string;
  index: number;
}

/** The format name of the entries the gateway makes. */
export const REASONING_DETAIL_FORMAT = 'interlingua-v1';

/** The `index`-th entry, holding opaque reasoning `data` (the same in answers and streams). */
export function reasoningDetail(data: string, index: number): OpenAiChatReasoningDetail {
  return { type: 'reasoning.encrypted', data, format: REASONING_DETAIL_FORMAT, index };
}
