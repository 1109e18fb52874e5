import type { IrUsage, StyleCodec } from '@interlingua/ir';
import { anthropicMessagesAnswerUsage, anthropicMessagesCodec } from '@interlingua/anthropic-messages';
import { geminiAnswerUsage, geminiCodec } from '@interlingua/gemini';
import { openAiChatAnswerUsage, openAiChatCodec } from '@interlingua/openai-chat';
import { openAiResponsesAnswerUsage, openAiResponsesCodec } from '@interlingua/openai-responses';
import type { GenerationWire, HttpProviderAdapter, ProviderSettings, UpstreamWire } from './provider-adapter.js';
import type { UpstreamRequest } from './transport/upstream-transport.js';

/**
 * A style codec that also reads a whole answer's usage without converting it (the relay of
 * same-style answers needs only that). Added here rather than in the style packages, so browser
 * bundles of `@interlingua/translate` stay without it.
 */
function withAnswerUsage(codec: StyleCodec<unknown, unknown>, usage: (wire: unknown) => IrUsage | undefined): StyleCodec<unknown, unknown> {
  return { ...codec, response: { ...codec.response, usage } };
}

/** The codecs of the generation wires, typed by what the gateway hands them (parsed JSON). */
const CODECS: Record<GenerationWire, StyleCodec<unknown, unknown>> = {
  'openai-chat': withAnswerUsage(openAiChatCodec as StyleCodec<unknown, unknown>, openAiChatAnswerUsage),
  'openai-responses': withAnswerUsage(openAiResponsesCodec as StyleCodec<unknown, unknown>, openAiResponsesAnswerUsage),
  'anthropic-messages': withAnswerUsage(anthropicMessagesCodec as StyleCodec<unknown, unknown>, anthropicMessagesAnswerUsage),
  gemini: withAnswerUsage(geminiCodec as StyleCodec<unknown, unknown>, geminiAnswerUsage),
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
