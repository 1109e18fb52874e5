import type { StyleCodec } from '@interlingua/ir';
import { anthropicMessagesCodec } from '@interlingua/anthropic-messages';
import { geminiCodec } from '@interlingua/gemini';
import { openAiChatCodec } from '@interlingua/openai-chat';
import { openAiResponsesCodec } from '@interlingua/openai-responses';
import type { GenerationWire } from './provider-adapter.js';

const CODECS = {
  'openai-chat': openAiChatCodec,
  'openai-responses': openAiResponsesCodec,
  'anthropic-messages': anthropicMessagesCodec,
  gemini: geminiCodec,
} as const satisfies Record<GenerationWire, StyleCodec<never, never>>;

/** The codec of a generation wire. */
export function codecFor(wire: GenerationWire): StyleCodec<unknown, unknown> {
  return CODECS[wire] as unknown as StyleCodec<unknown, unknown>;
}
