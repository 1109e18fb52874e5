import {
  bearer,
  joinUrl,
  type AdapterHooks,
  type HttpProviderAdapter,
  type ProviderSettings,
} from '../../provider-adapter.js';
import { ALL_OPENAI_MEDIA_SERVICES, openAiMediaServices, type OpenAiMediaService } from './openai-media-services.js';
import { openAiResponsesInputTokens } from './openai-responses-input-tokens.js';
import { openAiRetrievalServices, type OpenAiRetrievalService } from './openai-retrieval-services.js';
import { parseOpenAiModelList } from './openai-wire-models.js';

export interface OpenAiCompatiblePreset {
  type: string;
  displayName: string;
  defaultBaseUrl?: string;
  environment?: { apiKey: string; baseUrl?: string };
  hooks?: AdapterHooks;
  /** Provider headers derived from the settings (e.g. OpenRouter attribution); config `headers` win. */
  extraHeaders?(settings: ProviderSettings): Record<string, string>;
  /** The image and audio services the host serves on the OpenAI wire (default none). */
  mediaServices?: readonly OpenAiMediaService[];
  /** Embeddings (OpenAI wire) and rerank (Jina-compatible `/rerank`) the host serves (default none). */
  retrievalServices?: readonly OpenAiRetrievalService[];
}

/**
 * An adapter for a server that speaks the OpenAI wire (`/chat/completions`, `/responses`,
 * `/models`) with a Bearer key. Presets for named hosts are one call to this function.
 */
export function defineOpenAiCompatibleAdapter(preset: OpenAiCompatiblePreset): HttpProviderAdapter {
  const { extraHeaders, mediaServices, retrievalServices, ...fields } = preset;
  const headers = (settings: ProviderSettings): Record<string, string> => ({
    ...bearer(settings.apiKey),
    ...extraHeaders?.(settings),
    ...settings.headers,
  });
  return {
    kind: 'http',
    ...fields,
    wire: (settings) => (settings.api === 'responses' ? 'openai-responses' : 'openai-chat'),
    generation: ({ settings }) => ({
      url: joinUrl(settings.baseUrl, settings.api === 'responses' ? 'responses' : 'chat/completions'),
      headers: { 'content-type': 'application/json', ...headers(settings) },
    }),
    countTokens: openAiResponsesInputTokens(headers),
    services: {
      ...openAiMediaServices(mediaServices ?? [], headers),
      ...openAiRetrievalServices(retrievalServices ?? [], headers),
    },
    models: {
      endpoint: (settings) => ({ url: joinUrl(settings.baseUrl, 'models'), headers: headers(settings) }),
      parse: parseOpenAiModelList,
    },
  };
}

/** Any OpenAI-compatible server at the configured `baseUrl`. */
export const openAiCompatibleAdapter = defineOpenAiCompatibleAdapter({
  type: 'openai-compatible',
  displayName: 'OpenAI-compatible server',
  mediaServices: ALL_OPENAI_MEDIA_SERVICES,
  retrievalServices: ['embeddings', 'rerank'],
});
