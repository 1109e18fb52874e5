import { joinUrl } from '../../provider-adapter.js';
import { serviceErrorToIr } from '../service-only/service-error-to-ir.js';
import { defineServiceOnlyAdapter } from '../service-only/service-only-adapter.js';

/**
 * Jina AI: embeddings (`/v1/embeddings`, wire `jina`: `task`, `dimensions`) and rerank
 * (`/v1/rerank`, wire `jina`), with a Bearer key. Errors are `{"detail": …}`.
 * @see https://jina.ai/embeddings/
 * @see https://jina.ai/reranker/
 */
export const jinaAdapter = defineServiceOnlyAdapter({
  type: 'jina',
  displayName: 'Jina AI',
  defaultBaseUrl: 'https://api.jina.ai/v1',
  environment: { apiKey: 'JINA_API_KEY', baseUrl: 'JINA_BASE_URL' },
  services: (headers) => ({
    embeddings: {
      wire: 'jina',
      endpoint: (settings) => ({ url: joinUrl(settings.baseUrl, 'embeddings'), headers: headers(settings) }),
    },
    rerank: {
      wire: 'jina',
      endpoint: (settings) => ({ url: joinUrl(settings.baseUrl, 'rerank'), headers: headers(settings) }),
    },
  }),
  hooks: { mapError: (status, body) => serviceErrorToIr(status, body, 'Jina AI') },
});
