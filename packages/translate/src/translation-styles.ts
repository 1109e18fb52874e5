import { anthropicMessagesCodec } from '@interlingua/anthropic-messages';
import { geminiCodec } from '@interlingua/gemini';
import type { StyleCodec } from '@interlingua/ir';
import { openAiChatCodec } from '@interlingua/openai-chat';
import { openAiResponsesCodec } from '@interlingua/openai-responses';

/** The generation styles `translate` converts between. */
export type GenerationStyle = 'openai-chat' | 'openai-responses' | 'anthropic-messages' | 'gemini';

const CODECS: Record<GenerationStyle, StyleCodec<unknown, unknown>> = {
  'openai-chat': openAiChatCodec as StyleCodec<unknown, unknown>,
  'openai-responses': openAiResponsesCodec as StyleCodec<unknown, unknown>,
  'anthropic-messages': anthropicMessagesCodec as StyleCodec<unknown, unknown>,
  gemini: geminiCodec as StyleCodec<unknown, unknown>,
};

export const GENERATION_STYLES = Object.keys(CODECS) as GenerationStyle[];

/** The codec of a generation style. */
export function styleCodec(style: GenerationStyle): StyleCodec<unknown, unknown> {
  return CODECS[style];
}
