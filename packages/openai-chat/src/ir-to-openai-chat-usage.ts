import type { IrUsage } from '@interlingua/ir';
import { asRecord } from '@interlingua/ir-utils';

/** A chat `usage` object as OpenAI sends it. */
export interface OpenAiChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number; audio_tokens: number; cache_write_tokens?: number };
  completion_tokens_details: {
    reasoning_tokens: number;
    audio_tokens: number;
    accepted_prediction_tokens: number;
    rejected_prediction_tokens: number;
  };
}

function rawDetail(raw: unknown, group: string, key: string): number {
  const value = asRecord(asRecord(raw)?.[group])?.[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/**
 * IR usage -> a chat `usage` object with both detail objects, as OpenAI sends them. Audio and
 * prediction counts the IR does not model are copied from `raw` when it is a chat usage object.
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-usage
 */
export function irUsageToOpenAiChat(usage: IrUsage): OpenAiChatUsage {
  const raw = usage.raw;
  const promptDetails: OpenAiChatUsage['prompt_tokens_details'] = {
    cached_tokens: usage.cacheReadTokens ?? 0,
    audio_tokens: rawDetail(raw, 'prompt_tokens_details', 'audio_tokens'),
  };
  if (usage.cacheWriteTokens !== undefined) promptDetails.cache_write_tokens = usage.cacheWriteTokens;
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    prompt_tokens_details: promptDetails,
    completion_tokens_details: {
      reasoning_tokens: usage.reasoningTokens ?? 0,
      audio_tokens: rawDetail(raw, 'completion_tokens_details', 'audio_tokens'),
      accepted_prediction_tokens: rawDetail(raw, 'completion_tokens_details', 'accepted_prediction_tokens'),
      rejected_prediction_tokens: rawDetail(raw, 'completion_tokens_details', 'rejected_prediction_tokens'),
    },
  };
}
