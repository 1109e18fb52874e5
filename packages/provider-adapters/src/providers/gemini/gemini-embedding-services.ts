import type { EmbeddingWireId } from '@interlingua/embeddings';
import { joinUrl, type ProviderSettings, type ServiceEndpoint, type ServiceName } from '../../provider-adapter.js';

const GEMINI_EMBEDDINGS_WIRE = 'gemini' satisfies EmbeddingWireId;

/**
 * Gemini embeddings: always `:batchEmbedContents` (one request per input; what `@google/genai`
 * itself calls), wire `gemini` of `@interlingua/embeddings`.
 * @see https://ai.google.dev/api/embeddings#method:-models.batchembedcontents
 */
export function geminiEmbeddingServices(
  headers: (settings: ProviderSettings) => Record<string, string>,
): Partial<Record<ServiceName, ServiceEndpoint>> {
  return {
    embeddings: {
      wire: GEMINI_EMBEDDINGS_WIRE,
      endpoint: (settings, model) => ({
        url: joinUrl(settings.baseUrl, `models/${encodeURIComponent(model)}:batchEmbedContents`),
        headers: headers(settings),
      }),
    },
  };
}
