import type { StyleCodec } from '@interlingua/ir';
import { anthropicMessagesCodec } from '@interlingua/anthropic-messages';
import { geminiCodec } from '@interlingua/gemini';
import { openAiChatCodec } from '@interlingua/openai-chat';
import { openAiResponsesCodec } from '@interlingua/openai-responses';
import type { GenerationWire } from './provider-adapter.js';

/** The codecs of the generation wires, typed by what the gateway hands them (parsed JSON). */
const CODECS: Record<GenerationWire, StyleCodec<unknown, unknown>> = {
  'openai-chat': openAiChatCodec as StyleCodec<unknown, unknown>,
  'openai-responses': openAiResponsesCodec as StyleCodec<unknown, unknown>,
  'anthropic-messages': anthropicMessagesCodec as StyleCodec<unknown, unknown>,
  gemini: geminiCodec as StyleCodec<unknown, unknown>,
};

/** The codec of a generation wire. */
export function codecFor(wire: GenerationWire): StyleCodec<unknown, unknown> {
  return CODECS[wire];
}
