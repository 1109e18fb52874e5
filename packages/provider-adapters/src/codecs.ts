import type { IrUsage, StyleCodec } from '@interlingua/ir';
import { anthropicMessagesAnswerUsage } from '@interlingua/anthropic-messages/internal';
import { geminiAnswerUsage } from '@interlingua/gemini/internal';
import { openAiChatAnswerUsage } from '@interlingua/openai-chat/internal';
import { openAiResponsesAnswerUsage } from '@interlingua/openai-responses/internal';
import { styleCodec } from '@interlingua/translate';
import type { GenerationStyle, HttpProviderAdapter, ProviderSettings, UpstreamWire } from './provider-adapter.js';
import type { UpstreamRequest } from './transport/upstream-transport.js';

/**
 * A style codec that also reads a whole answer's usage without converting it (the relay of
 * same-style answers needs only that). Added here rather than in the style packages, so browser
 * bundles of `@interlingua/translate` stay without it.
 */
function withAnswerUsage(
  style: GenerationStyle,
  usage: (wire: unknown) => IrUsage | undefined,
): StyleCodec<unknown, unknown> {
  const codec = styleCodec(style) as StyleCodec<unknown, unknown>;
  return { ...codec, response: { ...codec.response, usage } };
}

/** The codecs of the generation styles (the table `@interlingua/translate` keeps), typed by what the gateway hands them (parsed JSON). */
const CODECS: Record<GenerationStyle, StyleCodec<unknown, unknown>> = {
  'openai-chat': withAnswerUsage('openai-chat', openAiChatAnswerUsage),
  'openai-responses': withAnswerUsage('openai-responses', openAiResponsesAnswerUsage),
  'anthropic-messages': withAnswerUsage('anthropic-messages', anthropicMessagesAnswerUsage),
  gemini: withAnswerUsage('gemini', geminiAnswerUsage),
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
