import type { StyleCodec } from '@interlingua/ir';
import { anthropicMessagesCodec } from '@interlingua/anthropic-messages';
import { geminiCodec } from '@interlingua/gemini';
import { openAiChatCodec } from '@interlingua/openai-chat';
import { openAiResponsesCodec } from '@interlingua/openai-responses';
import type { GenerationWire, HttpProviderAdapter, ProviderSettings, UpstreamWire } from './provider-adapter.js';
import type { UpstreamRequest } from './transport/upstream-transport.js';

/** The codecs of the generation wires, typed by what the gateway hands them (parsed JSON). */
const CODECS: Record<GenerationWire, StyleCodec<unknown, unknown>> = {
  'openai-chat': openAiChatCodec as StyleCodec<unknown, unknown>,
  'openai-responses': openAiResponsesCodec as StyleCodec<unknown, unknown>,
  'anthropic-messages': anthropicMessagesCodec as StyleCodec<unknown, unknown>,
  gemini: geminiCodec as StyleCodec<unknown, unknown>,
};

/** The codec of a generation wire: a built-in style's, or the one a provider brought. */
export function codecFor(wire: UpstreamWire): StyleCodec<unknown, unknown> {
  return typeof wire === 'string' ? CODECS[wire] : wire.codec;
}

/** The name of an upstream wire, for route headers and logs. */
export function wireId(wire: UpstreamWire): string {
  return typeof wire === 'string' ? wire : wire.id;
}

/** The `sign` hook of an upstream request to this adapter (empty when the adapter signs nothing). */
export function requestSigner(adapter: HttpProviderAdapter, settings: ProviderSettings): Pick<UpstreamRequest, 'sign'> {
  const sign = adapter.signRequest;
  return sign ? { sign: (request) => sign.call(adapter, request, settings) } : {};
}
