import type { EmbeddingWireId } from '@interlingua/embeddings';
import type { RerankWireId } from '@interlingua/rerank';
import { joinUrl, type ProviderSettings, type ServiceEndpoint, type ServiceName } from '../../provider-adapter.js';

/** The retrieval services an OpenAI-compatible host may serve. */
export type OpenAiRetrievalService = Extract<ServiceName, 'embeddings' | 'rerank'>;

/**
 * Where each retrieval service lives under an OpenAI-style base URL, and its wire: embeddings
 * on OpenAI's `/embeddings`; rerank on the Jina-compatible `/rerank` that vLLM, Together and
 * similar servers expose beside the OpenAI API.
 * @see https://platform.openai.com/docs/api-reference/embeddings
 * @see https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html#re-rank-api
 */
export const OPENAI_RETRIEVAL_PATHS = {
  embeddings: { path: 'embeddings', wire: 'openai' satisfies EmbeddingWireId },
  rerank: { path: 'rerank', wire: 'jina' satisfies RerankWireId },
} as const satisfies Record<OpenAiRetrievalService, { path: string; wire: string }>;

/** `services` entries for the retrieval services a host serves, with the host's auth headers. */
export function openAiRetrievalServices(
  names: readonly OpenAiRetrievalService[],
  headers: (settings: ProviderSettings) => Record<string, string>,
): Partial<Record<ServiceName, ServiceEndpoint>> {
  const services: Partial<Record<ServiceName, ServiceEndpoint>> = {};
  for (const name of names) {
    const { path, wire } = OPENAI_RETRIEVAL_PATHS[name];
    services[name] = {
      wire,
      endpoint: (settings) => ({ url: joinUrl(settings.baseUrl, path), headers: headers(settings) }),
    };
  }
  return services;
}
