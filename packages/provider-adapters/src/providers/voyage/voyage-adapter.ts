import { joinUrl } from '../../provider-adapter.js';
import { serviceErrorToIr } from '../service-only/service-error-to-ir.js';
import { defineServiceOnlyAdapter } from '../service-only/service-only-adapter.js';

/**
 * Voyage AI: embeddings (`/v1/embeddings`, wire `voyage`) and rerank (`/v1/rerank`, wire
 * `voyage`: `top_k`, answers in `data[]`), with a Bearer key. Errors are `{"detail": …}`.
 * @see https://docs.voyageai.com/reference/embeddings-api
 * @see https://docs.voyageai.com/reference/reranker-api
 * @see https://docs.voyageai.com/docs/error-codes
 */
export const voyageAdapter = defineServiceOnlyAdapter({
  type: 'voyage',
  displayName: 'Voyage AI',
  defaultBaseUrl: 'https://api.voyageai.com/v1',
  environment: { apiKey: 'VOYAGE_API_KEY', baseUrl: 'VOYAGE_BASE_URL' },
  services: (headers) => ({
    embeddings: {
      wire: 'voyage',
      endpoint: (settings) => ({ url: joinUrl(settings.baseUrl, 'embeddings'), headers: headers(settings) }),
    },
    rerank: {
      wire: 'voyage',
      endpoint: (settings) => ({ url: joinUrl(settings.baseUrl, 'rerank'), headers: headers(settings) }),
    },
  }),
  hooks: { mapError: (status, body) => serviceErrorToIr(status, body, 'Voyage AI') },
});
