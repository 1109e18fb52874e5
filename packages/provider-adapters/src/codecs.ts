import type { StyleCodec } from '@interlingua/ir';
import {
  anthropicMessagesAnswerUsage,
  readPlainAnthropicMessagesRequest,
} from '@interlingua/anthropic-messages/internal';
import { geminiAnswerUsage } from '@interlingua/gemini/internal';
import { openAiChatAnswerUsage, readPlainOpenAiChatRequest } from '@interlingua/openai-chat/internal';
import { openAiResponsesAnswerUsage, readPlainOpenAiResponsesRequest } from '@interlingua/openai-responses/internal';
import { styleCodec } from '@interlingua/translate';
import type { GenerationStyle, HttpProviderAdapter, ProviderSettings, UpstreamWire } from './provider-adapter.js';
import type { UpstreamRequest } from './transport/upstream-transport.js';

type ServerReaders = {
  readPlain?: StyleCodec['request']['readPlain'];
  usage: NonNullable<StyleCodec['response']['usage']>;
};

/**
 * A style codec with the readers a server needs beyond a browser's, from the style package's
 * `./internal` entry: the fast reader of the request bodies agents send (`request.readPlain`) and
 * the whole answer's usage read without converting it (the relay of same-style answers needs only
 * that). Attached here rather than in the codecs themselves, so browser bundles of
 * `@interlingua/translate` stay without them.
 */
function withServerReaders(style: GenerationStyle, { readPlain, usage }: ServerReaders): StyleCodec<unknown, unknown> {
  const codec = styleCodec(style) as StyleCodec<unknown, unknown>;
  return {
    ...codec,
    request: readPlain ? { ...codec.request, readPlain } : codec.request,
    response: { ...codec.response, usage },
  };
}

/** The codecs of the generation styles (the table `@interlingua/translate` keeps), typed by what the gateway hands them (parsed JSON). */
const CODECS: Record<GenerationStyle, StyleCodec<unknown, unknown>> = {
  'openai-chat': withServerReaders('openai-chat', {
    readPlain: readPlainOpenAiChatRequest,
    usage: openAiChatAnswerUsage,
  }),
  'openai-responses': withServerReaders('openai-responses', {
    readPlain: readPlainOpenAiResponsesRequest,
    usage: openAiResponsesAnswerUsage,
  }),
  'anthropic-messages': withServerReaders('anthropic-messages', {
    readPlain: readPlainAnthropicMessagesRequest,
    usage: anthropicMessagesAnswerUsage,
  }),
  gemini: withServerReaders('gemini', { usage: geminiAnswerUsage }),
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
