import type { StyleCodec } from '@interlingua/ir';
import { codecFor } from './codecs.js';
import type { ServiceEndpoint } from './provider-adapter.js';

/**
 * The codec whose `error.toIr` reads a service's error answers when the adapter's `mapError`
 * hook does not: Gemini's for the `gemini` wire, OpenAI's (`{error:{message,type,code}}`) for
 * every other one. Service-only providers with their own error shape (Cohere, Voyage, Jina,
 * text-embeddings-inference) map errors in their `mapError` hook.
 */
export function serviceErrorCodec(endpoint: ServiceEndpoint): StyleCodec<unknown, unknown> {
  return codecFor(endpoint.wire === 'gemini' ? 'gemini' : 'openai-chat');
}
