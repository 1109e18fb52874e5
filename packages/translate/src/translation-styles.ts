import { anthropicMessagesCodec } from '@interlingua/anthropic-messages';
import { geminiCodec } from '@interlingua/gemini';
import type { StyleCodec } from '@interlingua/ir';
import { openAiChatCodec } from '@interlingua/openai-chat';
import { openAiResponsesCodec } from '@interlingua/openai-responses';
import type { CodecRequest, CodecResponse } from './translator.js';

const CODECS = {
  'openai-chat': openAiChatCodec,
  'openai-responses': openAiResponsesCodec,
  'anthropic-messages': anthropicMessagesCodec,
  gemini: geminiCodec,
} as const;

/** The generation styles `translate` converts between. */
export type GenerationStyle = keyof typeof CODECS;

export const GENERATION_STYLES: readonly GenerationStyle[] = ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini'];

/** The request body type of a style, e.g. `StyleRequest<'gemini'>` is `GeminiGenerateContentRequest`. */
export type StyleRequest<S extends GenerationStyle> = CodecRequest<(typeof CODECS)[S]>;

/** The complete answer body type of a style, e.g. `StyleResponse<'openai-chat'>` is `OpenAiChatResponse`. */
export type StyleResponse<S extends GenerationStyle> = CodecResponse<(typeof CODECS)[S]>;

/** The codec of a generation style. */
export function styleCodec<S extends GenerationStyle>(style: S): StyleCodec<StyleRequest<S>, StyleResponse<S>> {
  return CODECS[style] as StyleCodec<StyleRequest<S>, StyleResponse<S>>;
}
