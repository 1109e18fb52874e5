import {
  anthropicMessagesCodec,
  type AnthropicMessagesRequest,
  type AnthropicMessagesResponse,
} from '@interlingua/anthropic-messages';
import {
  geminiCodec,
  type GeminiGenerateContentRequest,
  type GeminiGenerateContentResponse,
} from '@interlingua/gemini';
import type { StyleCodec } from '@interlingua/ir';
import { openAiChatCodec, type OpenAiChatRequest, type OpenAiChatResponse } from '@interlingua/openai-chat';
import {
  openAiResponsesCodec,
  type OpenAiResponsesRequest,
  type OpenAiResponsesResponse,
} from '@interlingua/openai-responses';
import type { CodecRequest, CodecResponse } from './translator.js';

/** Each generation style's codec, typed by its request and answer bodies. */
interface GenerationStyleCodecs {
  'openai-chat': StyleCodec<OpenAiChatRequest, OpenAiChatResponse>;
  'openai-responses': StyleCodec<OpenAiResponsesRequest, OpenAiResponsesResponse>;
  'anthropic-messages': StyleCodec<AnthropicMessagesRequest, AnthropicMessagesResponse>;
  gemini: StyleCodec<GeminiGenerateContentRequest, GeminiGenerateContentResponse>;
}

const CODECS: GenerationStyleCodecs = {
  'openai-chat': openAiChatCodec,
  'openai-responses': openAiResponsesCodec,
  'anthropic-messages': anthropicMessagesCodec,
  gemini: geminiCodec,
};

/** The generation styles `translate` converts between. */
export type GenerationStyle = keyof GenerationStyleCodecs;

export const GENERATION_STYLES: readonly GenerationStyle[] = [
  'openai-chat',
  'openai-responses',
  'anthropic-messages',
  'gemini',
];

/** The request body type of a style, e.g. `StyleRequest<'gemini'>` is `GeminiGenerateContentRequest`. */
export type StyleRequest<S extends GenerationStyle> = CodecRequest<GenerationStyleCodecs[S]>;

/** The complete answer body type of a style, e.g. `StyleResponse<'openai-chat'>` is `OpenAiChatResponse`. */
export type StyleResponse<S extends GenerationStyle> = CodecResponse<GenerationStyleCodecs[S]>;

/** The codec of a generation style. */
export function styleCodec<S extends GenerationStyle>(style: S): StyleCodec<StyleRequest<S>, StyleResponse<S>> {
  return CODECS[style] as StyleCodec<StyleRequest<S>, StyleResponse<S>>;
}
